/*
 * Negative control of kdev-minor: a file that defines its own minor() and
 * declares its own major() keeps its calls of them.
 */
#include <linux/module.h>
#include <linux/fs.h>

#define minor(d) ((d) & 0xff)
unsigned int major(unsigned int d);

static int demo_open(struct inode *inode, struct file *file)
{
	return minor(inode->i_rdev) + major(inode->i_rdev);
}

unsigned int major(unsigned int d)
{
	return d >> 8;
}

static struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.open = demo_open,
};

static int __init demo_init(void)
{
	return register_chrdev(0, "demo", &demo_fops);
}

static void __exit demo_exit(void)
{
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
