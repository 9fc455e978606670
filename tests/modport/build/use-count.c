/* use-count: a misc device whose open and release counted their users. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

static int busy;

static int uc_open(struct inode *inode, struct file *file)
{
	MOD_INC_USE_COUNT;
	if (busy) {
		MOD_DEC_USE_COUNT;
		return -EBUSY;
	}
	busy = 1;
	return 0;
}

static int uc_release(struct inode *inode, struct file *file)
{
	busy = 0;
	MOD_DEC_USE_COUNT;	/* the last user */
	return 0;
}

static struct file_operations uc_fops = {
	.open		= uc_open,
	.release	= uc_release,
};

static struct miscdevice uc_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "modport_uc",
	.fops	= &uc_fops,
};

/* expect: modport use-count: registered */
int init_module(void)
{
	int err = misc_register(&uc_misc);

	if (err)
		return err;
	printk(KERN_INFO "modport use-count: registered\n");
	return 0;
}

/* expect: modport use-count: deregistered */
void cleanup_module(void)
{
	misc_deregister(&uc_misc);
	printk(KERN_INFO "modport use-count: deregistered\n");
}
