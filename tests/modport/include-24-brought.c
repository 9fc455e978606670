/*
 * api-header, the negative control of include-24.c: the same uses, but
 * <linux/proc_fs.h> brings <linux/fs.h> and <linux/uaccess.h> in, and
 * <linux/pci.h> <linux/interrupt.h>, on every kernel of the target; and
 * a header 2.4 did not have may bring anything: nothing is added.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/pci.h>
#include <asm/uaccess.h>

static void demo_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
}

static ssize_t demo_read(struct file *file, char *buf, size_t count,
			 loff_t *ppos)
{
	if (ppos != &file->f_pos)
		return -ESPIPE;
	if (request_irq(7, demo_interrupt, 0, "demo", NULL))
		return -EBUSY;
	free_irq(7, NULL);
	return copy_to_user(buf, "x", 1) ? -EFAULT : 1;
}

static struct file_operations demo_fops = {
	.read = demo_read,
};
