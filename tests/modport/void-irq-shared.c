/*
 * void-irq-handler on a shared line (SA_SHIRQ): whether its device
 * interrupted (IRQ_NONE else) is not the code's to say, so it returns
 * IRQ_HANDLED, which is safe (every handler of the line is called) and
 * the finding says what it costs: the kernel cannot find a stuck line.
 * (irqaction.c is the negative control: a handler stored otherwise.)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/interrupt.h>

static int demo_irq = 7, demo_count;

static void demo_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	demo_count++;
}

static int __init demo_init(void)
{
	return request_irq(demo_irq, demo_interrupt, SA_INTERRUPT | SA_SHIRQ,
			   "demo", &demo_count);
}

static void __exit demo_exit(void)
{
	free_irq(demo_irq, &demo_count);
}

module_init(demo_init);
module_exit(demo_exit);
