/*
 * 2.4 code that no edit can port: kdev_t and its helpers, MINOR()/MAJOR()
 * of an i_rdev (reported because the file is 2.4 code: it uses kdev_t),
 * and an interrupt handler of the 2.4 shape passed to request_irq().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>

static kdev_t last_dev;

static void demo_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)irq;
}

static void not_a_handler(int irq, void *dev_id)
{
}

static int demo_open(struct inode *inode, struct file *file)
{
	int minor = MINOR(inode->i_rdev);

	last_dev = inode->i_rdev;
	printk("open %s, major %d\n", kdevname(last_dev),
	       MAJOR(file->f_dentry->d_inode->i_rdev));
	return minor > 3 ? -ENODEV : 0;
}

static int demo_setup(void)
{
	return request_irq(5, demo_interrupt, 0, "demo", NULL);
}

MODULE_LICENSE("GPL");
