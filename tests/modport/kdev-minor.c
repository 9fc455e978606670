/*
 * minor()/major() of 2.5's kdev_t (2.4.x's macros of MINOR()/MAJOR()),
 * gone in 2.6.0: of an inode's i_rdev they are iminor()/imajor() of the
 * inode, of anything else MINOR()/MAJOR().  A variable named major and a
 * member named minor are not calls, and stay.
 */
#include <linux/module.h>
#include <linux/fs.h>

static int major = 0;

struct version { int major, minor; };

static int demo_open(struct inode *inode, struct file *file)
{
	unsigned int m = minor(inode->i_rdev);
	unsigned int n = major(file->f_dentry->d_inode->i_rdev);
	unsigned int d = minor(inode->i_rdev + 1);
	struct version v = { 1, 2 };

	return m + n + d + major + v.minor;
}

static struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.open = demo_open,
};

static int __init demo_init(void)
{
	return register_chrdev(major, "demo", &demo_fops);
}

static void __exit demo_exit(void)
{
	unregister_chrdev(major, "demo");
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
