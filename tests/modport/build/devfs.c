/*
 * A 2.4-era driver that registers its major and its node through devfs
 * (2.4's dtlk's shape): modport's devfs rule must leave a module that
 * builds and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/devfs_fs_kernel.h>

static struct file_operations devfs_demo_fops = {
	.owner = THIS_MODULE,
};
static devfs_handle_t devfs_handle;
static int devfs_demo_major;

static int __init devfs_demo_init(void)
{
	devfs_demo_major = devfs_register_chrdev(0, "modport-devfs",
						 &devfs_demo_fops);
	if (devfs_demo_major < 0)
		return devfs_demo_major;
	devfs_handle = devfs_register(NULL, "modport-devfs", DEVFS_FL_DEFAULT,
				      devfs_demo_major, 0,
				      S_IFCHR | S_IRUSR | S_IWUSR,
				      &devfs_demo_fops, NULL);
	printk(KERN_INFO "modport devfs: major registered\n");	/* expect: modport devfs: major registered */
	return 0;
}

static void __exit devfs_demo_exit(void)
{
	devfs_unregister_chrdev(devfs_demo_major, "modport-devfs");
	devfs_unregister(devfs_handle);
}

module_init(devfs_demo_init);
module_exit(devfs_demo_exit);
MODULE_LICENSE("GPL");
