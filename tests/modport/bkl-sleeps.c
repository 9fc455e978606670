/*
 * bkl, the negative control: a function that sleeps holding the big
 * kernel lock relied on its release while it slept (another opener could
 * run); a mutex would not be released, so nothing is converted and every
 * call is reported.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/smp_lock.h>

static DECLARE_WAIT_QUEUE_HEAD(demo_wait);
static int demo_ready;

static int demo_open(struct inode *inode, struct file *file)
{
	lock_kernel();
	wait_event_interruptible(demo_wait, demo_ready);
	unlock_kernel();
	return 0;
}

static int demo_release(struct inode *inode, struct file *file)
{
	lock_kernel();
	demo_ready = 0;
	unlock_kernel();
	return 0;
}

static struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.open = demo_open,
	.release = demo_release,
};
