// SPDX-License-Identifier: GPL-2.0
/*
 * A character device that gives back what was written to it: /dev/modrun_echo
 * (a misc device, so devtmpfs makes the node).  modrun --exec writes and
 * reads it back.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/init.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/uaccess.h>

#include "modrun_echo.h"

#define ECHO_SIZE 4096

static char echo_buf[ECHO_SIZE];
static size_t echo_len;
static DEFINE_MUTEX(echo_lock);

static ssize_t echo_read(struct file *file, char __user *buf, size_t count,
			 loff_t *pos)
{
	ssize_t ret;

	mutex_lock(&echo_lock);
	ret = simple_read_from_buffer(buf, count, pos, echo_buf, echo_len);
	mutex_unlock(&echo_lock);
	return ret;
}

static ssize_t echo_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *pos)
{
	ssize_t ret;

	mutex_lock(&echo_lock);
	ret = simple_write_to_buffer(echo_buf, ECHO_SIZE, pos, buf, count);
	if (ret > 0 && *pos > echo_len)
		echo_len = *pos;
	mutex_unlock(&echo_lock);
	if (ret > 0)
		pr_info("%zd bytes written\n", ret);
	return ret;
}

static int echo_open(struct inode *inode, struct file *file)
{
	if ((file->f_flags & O_ACCMODE) != O_RDONLY &&
	    (file->f_flags & O_TRUNC)) {
		mutex_lock(&echo_lock);
		echo_len = 0;
		mutex_unlock(&echo_lock);
	}
	return 0;
}

/* How many bytes the device holds: for echouser.ko, which needs this module. */
size_t modrun_echo_len(void)
{
	size_t len;

	mutex_lock(&echo_lock);
	len = echo_len;
	mutex_unlock(&echo_lock);
	return len;
}
EXPORT_SYMBOL_GPL(modrun_echo_len);

static const struct file_operations echo_fops = {
	.owner = THIS_MODULE,
	.open = echo_open,
	.read = echo_read,
	.write = echo_write,
	.llseek = default_llseek,
};

static struct miscdevice echo_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "modrun_echo",
	.fops = &echo_fops,
};

static int __init chardev_init(void)
{
	int ret = misc_register(&echo_dev);

	if (!ret)
		pr_info("/dev/%s ready\n", echo_dev.name);
	return ret;
}

static void __exit chardev_exit(void)
{
	misc_deregister(&echo_dev);
}

module_init(chardev_init);
module_exit(chardev_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun test: a character device that echoes what was written");
