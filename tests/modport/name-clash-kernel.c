/*
 * Left alone: a file that uses the kernel's simple_open() (debugfs, today's
 * drivers), and one that defines it without static (libfs itself); a
 * file of today's that defines nvram_read_byte() without static (an
 * architecture's own, before 5.4's inline): it shows no age, so it is the
 * kernel's, not a 2.4 driver's.
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

unsigned char nvram_read_byte(int addr)
{
	return addr & 0xff;
}

MODULE_LICENSE("GPL");
