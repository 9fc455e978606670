/*
 * Left alone: a file that uses the kernel's simple_open() (debugfs, today's
 * drivers), and one that defines it without static (libfs itself).
 */
#include <linux/module.h>
#include <linux/fs.h>

int simple_open(struct inode *inode, struct file *file)
{
	if (inode->i_private)
		file->private_data = inode->i_private;
	return 0;
}

static const struct file_operations demo_fops = {
	.open	= simple_open,
};

MODULE_LICENSE("GPL");
