/*
 * Nothing else here is 2.4 code, but the handler of the 2.4 shape is
 * registered through struct irqaction: it is reported.
 */
#include <linux/module.h>
#include <linux/interrupt.h>

static void tick(int irq, void *dev_id, struct pt_regs *regs)
{
}

static struct irqaction tick_action = {
	.handler = tick,
	.name = "tick",
};

MODULE_LICENSE("GPL");
