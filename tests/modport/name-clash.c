/*
 * A name the kernel took since (changes.def CLASH rows): LDD3's simple.c
 * defines its own static simple_open(), which <linux/fs.h> declares since
 * 3.4 (libfs).  The file's own is renamed at every use; a member named
 * simple_open and a string are not uses.
 */
#include <linux/module.h>
#include <linux/fs.h>

struct demo_ops {
	int (*simple_open)(struct inode *, struct file *);
};

static int simple_open(struct inode *inode, struct file *filp);

static int simple_open(struct inode *inode, struct file *filp)
{
	pr_debug("simple_open\n");
	return 0;
}

static struct file_operations demo_fops = {
	.open	= simple_open,
};

static struct demo_ops demo = {
	.simple_open = simple_open,
};

static int demo_call(struct inode *inode, struct file *filp)
{
	return demo.simple_open(inode, filp) ?: simple_open(inode, filp);
}

MODULE_LICENSE("GPL");
