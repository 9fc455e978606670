/*
 * void-irq-handler, the negative control: on a shared line (SA_SHIRQ) the
 * handler must say whether its device interrupted (IRQ_NONE else), which
 * only a person can: reported, not fixed.
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
