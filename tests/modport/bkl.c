/*
 * bkl (gone in 2.6.39): a 2.4 watchdog's file operations that take the
 * big kernel lock as their top-level lock, as acquirewdt's close does,
 * get a mutex of the file's own.  bkl-sleeps.c is the shape left to a
 * person.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/smp_lock.h>

static int demo_open_count;

static int demo_open(struct inode *inode, struct file *file)
{
	lock_kernel();
	if (demo_open_count) {
		unlock_kernel();
		return -EBUSY;
	}
	demo_open_count++;
	unlock_kernel();
	return 0;
}

static int demo_release(struct inode *inode, struct file *file)
{
	lock_kernel();
	demo_open_count--;
	unlock_kernel();
	return 0;
}

static struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.open = demo_open,
	.release = demo_release,
};
