/*
 * devfs (gone in 2.6.18), a handle that is tested beyond devfs calls (as
 * 2.4's ip2main does): the file is reported, not converted in part.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/devfs_fs_kernel.h>

static struct file_operations kept_fops;
static devfs_handle_t dir_handle;

static int __init kept_init(void)
{
	if (devfs_register_chrdev(60, "kept", &kept_fops))
		return -EBUSY;
	if (!dir_handle)
		dir_handle = devfs_mk_dir(NULL, "kept", NULL);
	return 0;
}

module_init(kept_init);
MODULE_LICENSE("GPL");
