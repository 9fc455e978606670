/*
 * Today's code with 2.4 shapes that still build: MINOR() of an i_rdev and
 * a void function of a handler's shape never given to request_irq().  No
 * other finding marks the file as 2.4 code, so nothing is reported.
 */
#include <linux/module.h>
#include <linux/fs.h>

void arch_fast_irq(int irq, void *dev_id, struct pt_regs *regs)
{
}

static int modern_open(struct inode *inode, struct file *file)
{
	return MINOR(inode->i_rdev) > 3 ? -ENODEV : 0;
}

MODULE_LICENSE("GPL");
