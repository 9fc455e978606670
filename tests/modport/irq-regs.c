/*
 * 2.6.10-era interrupt handlers with the struct pt_regs * of before
 * 2.6.19: modport's irq-regs drops it where the handler does not read it,
 * with the file's own calls' third argument, and reports the others.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/interrupt.h>

static irqreturn_t quiet_irq(int irq, void *dev_id, struct pt_regs *regs);

static irqreturn_t quiet_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	return IRQ_HANDLED;
}

static irqreturn_t reader_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	printk(KERN_INFO "ip %lx\n", regs->ip);
	return IRQ_HANDLED;
}

static void kick(void)
{
	quiet_irq(0, NULL, NULL);
	request_irq(7, quiet_irq, 0, "quiet", NULL);
	request_irq(7, reader_irq, 0, "reader", NULL);
}

MODULE_LICENSE("GPL");
