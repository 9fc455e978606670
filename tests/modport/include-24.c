/*
 * api-header, the INCLUDE rows of what 2.4's headers brought in: this
 * file includes only 2.4's headers, none of which brings <linux/fs.h>,
 * <linux/uaccess.h> or <linux/interrupt.h> in on 6.1 (2.4's
 * <linux/sched.h> brought all three): each is included once.  A struct
 * only pointed to needs no header (demo_note); include-24-brought.c is
 * the negative control.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/miscdevice.h>
#include <asm/uaccess.h>

static void demo_note(struct inode *inode)
{
	(void)inode;
}

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
