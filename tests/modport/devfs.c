/*
 * devfs (gone in 2.6.18): a driver that registers its major and one node
 * through devfs, as 2.4's dtlk does, loses the node and keeps the major;
 * devfs.c's other file shape, a handle used beyond devfs, is in
 * devfs-kept.c.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/devfs_fs_kernel.h>

static struct file_operations demo_fops;
static devfs_handle_t devfs_handle;
static int demo_major;

static int __init demo_init(void)
{
	demo_major = devfs_register_chrdev(0, "demo", &demo_fops);
	if (demo_major < 0)
		return demo_major;
	devfs_handle = devfs_register(NULL, "demo", DEVFS_FL_DEFAULT,
				      demo_major, 0, S_IFCHR | S_IRUSR | S_IWUSR,
				      &demo_fops, NULL);
	return 0;
}

static void __exit demo_exit(void)
{
	devfs_unregister_chrdev(demo_major, "demo");
	devfs_unregister(devfs_handle);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
