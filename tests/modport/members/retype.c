/*
 * A RETYPE row (the table's member of another type since a release):
 * 2.4's lp.c took <linux/lp.h>'s port_mutex, a struct semaphore then,
 * with down_interruptible() and up(); it is a struct mutex by 2.6.32.
 * Reported where the file, showing its age (MOD_INC_USE_COUNT), passes
 * the member's address to a call, through a variable or an array's
 * element.  Not reported: a read that passes no address, and a member of
 * that name in a struct of the file's own.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/lp.h>

struct lp_struct lp_table[LP_NO];

struct own {
	struct semaphore port_mutex;
};

static struct own own;

static int demo_open(struct inode *inode, struct file *file)
{
	struct lp_struct *lp = &lp_table[0];

	MOD_INC_USE_COUNT;
	if (down_interruptible(&lp_table[0].port_mutex))
		return -EINTR;
	up(&lp_table[0].port_mutex);
	down(&lp->port_mutex);
	up(&own.port_mutex);
	return sizeof(lp->port_mutex) ? 0 : -1;
}

MODULE_LICENSE("GPL");
