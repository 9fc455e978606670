/*
 * Negative control: a section that calls what may sleep (copy_to_user(),
 * through a function of the file), which the global lock let go of and a
 * spinlock cannot.  Reported, not fixed.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <asm/uaccess.h>

static char buf[16];

static int give(char *to)
{
	return copy_to_user(to, buf, sizeof(buf));
}

static ssize_t demo_read(struct file *f, char *to, size_t n, loff_t *off)
{
	unsigned long flags;
	int ret;

	save_flags(flags);
	cli();
	ret = give(to);
	restore_flags(flags);
	return ret ? -EFAULT : sizeof(buf);
}

MODULE_LICENSE("GPL");
