/*
 * A 2.6.10-era character driver: an ioctl method with the inode argument,
 * and a /proc file made with create_proc_entry() and a file_operations.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

int demo_ioctl(struct inode *inode, struct file *filp,
	       unsigned int cmd, unsigned long arg);

static int demo_value;

int demo_ioctl(struct inode *inode, struct file *filp,
	       unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case 0:
		return demo_value;
	case 1:
		demo_value = arg;
		return 0;
	}
	return -ENOTTY;
}

static int demo_minor_ioctl(struct inode *inode, struct file *filp,
			    unsigned int cmd, unsigned long arg)
{
	return iminor(inode) + cmd;
}

static struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.ioctl = demo_ioctl,
};

static struct file_operations demo_minor_fops = {
	.owner = THIS_MODULE,
	.ioctl = demo_minor_ioctl,
};

static int demo_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", demo_value);
	return 0;
}

static int demo_proc_open(struct inode *inode, struct file *file)
{
	return single_open(file, demo_show, NULL);
}

static struct file_operations demo_proc_fops = {
	.owner   = THIS_MODULE,
	.open    = demo_proc_open,
	.read    = seq_read,
	.llseek  = seq_lseek,
	.release = single_release,
};

static int demo_read_proc(char *page, char **start, off_t off, int count,
			  int *eof, void *data)
{
	*eof = 1;
	return sprintf(page, "%d\n", demo_value);
}

static int __init demo_init(void)
{
	struct proc_dir_entry *entry;
	int major = register_chrdev(0, "demo", &demo_fops);

	if (major < 0)
		return major;
	register_chrdev(0, "demo-minor", &demo_minor_fops);
	entry = create_proc_entry("demo", 0, NULL);
	if (entry)
		entry->proc_fops = &demo_proc_fops;
	create_proc_read_entry("demo-old", 0, NULL, demo_read_proc, NULL);
	return 0;
}

static void __exit demo_exit(void)
{
	remove_proc_entry("demo", NULL);
	remove_proc_entry("demo-old", NULL);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
