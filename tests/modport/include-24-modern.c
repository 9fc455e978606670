/*
 * api-header, a negative control of include-24.c: a header that 2.4 did
 * not have (<linux/cdev.h>) may bring <linux/fs.h> in (it does on 7.3),
 * so the file is left alone: modport knows only what 2.4's headers bring.
 */
#include <linux/module.h>
#include <linux/cdev.h>

static ssize_t demo_read(struct file *file, char *buf, size_t count,
			 loff_t *ppos)
{
	return ppos != &file->f_pos ? -ESPIPE : 0;
}

static struct file_operations demo_fops = {
	.read = demo_read,
};
