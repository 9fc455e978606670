/*
 * A 2.6.10-era character driver with an ioctl method that uses its inode,
 * and a /proc file made with create_proc_entry(): modport's fops-ioctl,
 * create-proc-entry and proc-ops rules must leave a module that builds and
 * loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

static int fops_value;
static int fops_major;

static int fops_ioctl(struct inode *inode, struct file *filp,
		      unsigned int cmd, unsigned long arg)
{
	if (cmd == 0)
		return iminor(inode);
	fops_value = arg;
	return 0;
}

static struct file_operations fops_fops = {
	.owner = THIS_MODULE,
	.ioctl = fops_ioctl,
};

static int fops_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", fops_value);
	return 0;
}

static int fops_proc_open(struct inode *inode, struct file *file)
{
	return single_open(file, fops_show, NULL);
}

static struct file_operations fops_proc_fops = {
	.owner   = THIS_MODULE,
	.open    = fops_proc_open,
	.read    = seq_read,
	.llseek  = seq_lseek,
	.release = single_release,
};

static int __init fops_init(void)
{
	struct proc_dir_entry *entry;

	fops_major = register_chrdev(0, "modport-fops", &fops_fops);
	if (fops_major < 0)
		return fops_major;
	entry = create_proc_entry("modport-fops", 0, NULL);
	if (entry)
		entry->proc_fops = &fops_proc_fops;
	if (!entry) {
		unregister_chrdev(fops_major, "modport-fops");
		return -ENOMEM;
	}
	printk(KERN_INFO "modport fops: /proc entry made\n");	/* expect: modport fops: /proc entry made */
	return 0;
}

static void __exit fops_exit(void)
{
	remove_proc_entry("modport-fops", NULL);
	unregister_chrdev(fops_major, "modport-fops");
}

module_init(fops_init);
module_exit(fops_exit);
MODULE_LICENSE("GPL");
