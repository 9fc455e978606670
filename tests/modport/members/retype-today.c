/*
 * A RETYPE row's negative control: today's lp.c takes port_mutex with the
 * mutex API, and shows no age: nothing is reported.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/lp.h>

static struct lp_struct lp_table[LP_NO];

static int demo_open(struct inode *inode, struct file *file)
{
	if (mutex_lock_interruptible(&lp_table[0].port_mutex))
		return -EINTR;
	mutex_unlock(&lp_table[0].port_mutex);
	return 0;
}

MODULE_LICENSE("GPL");
