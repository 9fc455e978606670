/* 2.4 counted the users of another module by hand. */
#include <linux/module.h>
#include <linux/fs.h>

static struct file_operations *lower;

#define HOLD_LOWER()	__MOD_INC_USE_COUNT(lower->owner)

static int stack_open(struct inode *inode, struct file *file)
{
	if (!try_inc_mod_count(lower->owner))
		return -ENODEV;
	if (GET_USE_COUNT(lower->owner) > 100)
		printk(KERN_INFO "busy\n");
	return 0;
}

static int stack_release(struct inode *inode, struct file *file)
{
	if (lower->owner)
		__MOD_DEC_USE_COUNT(lower->owner);
	return 0;
}

static void stack_hold(void)
{
	__MOD_INC_USE_COUNT(lower->owner);
}

/* The kernel's own: exported, not called. */
EXPORT_SYMBOL(try_inc_mod_count);

#if 0
	__MOD_DEC_USE_COUNT(lower->owner);	/* dead: left alone */
#endif

static struct file_operations stack_fops = {
	.owner = THIS_MODULE,
	.open = stack_open,
	.release = stack_release,
};
MODULE_LICENSE("GPL");
