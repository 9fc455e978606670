/*
 * CURRENT_TIME, gone in 4.12: 2.4's xtime.tv_sec (seconds), 2.6's struct
 * timespec.  Given to an inode's time it is current_time(inode) (on 6.1;
 * 7.3's struct inode has no i_atime: named there); read as seconds in this
 * 2.4 file (MODULE_PARM shows its age) it is ktime_get_real_seconds().  A
 * timespec, a write and an inode that is not a plain expression are named.
 */
#include <linux/module.h>
#include <linux/fs.h>

static int delay = 60;
MODULE_PARM(delay, "i");

static long last;
static struct inode *inodes[4];

static struct inode *pick(void)
{
	return inodes[0];
}

static ssize_t demo_read(struct file *file, char *buf, size_t count,
			 loff_t *ppos)
{
	struct inode *inode = file->f_dentry->d_inode;
	struct timespec ts;

	inode->i_atime = CURRENT_TIME;
	inode->i_mtime = inode->i_ctime = CURRENT_TIME;
	pick()->i_atime = CURRENT_TIME;
	if (CURRENT_TIME - last > delay)
		last = CURRENT_TIME;
	ts = CURRENT_TIME;
	return ts.tv_sec > 0 ? 0 : count;
}

static void demo_stamp(void)
{
	long now = CURRENT_TIME;

	last = now;
}

static struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.read = demo_read,
};

static int __init demo_init(void)
{
	demo_stamp();
	return register_chrdev(0, "demo", &demo_fops);
}

static void __exit demo_exit(void)
{
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
