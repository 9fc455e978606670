/*
 * void-irq-handler: a 2.4 handler on a line it does not share, as
 * atixlmouse's and wdt's, returns IRQ_HANDLED (2.5.69's conversion) and
 * loses its struct pt_regs *, in its prototype and in the file's own call
 * too.  void-irq-shared.c is the shape left to a person.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/interrupt.h>

static int demo_irq = 7, demo_count;

static void demo_interrupt(int irq, void *dev_id, struct pt_regs *regs);

static void demo_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (!demo_count)
		return;
	demo_count++;
}

static int __init demo_init(void)
{
	demo_interrupt(0, NULL, NULL);	/* flush */
	return request_irq(demo_irq, demo_interrupt, SA_INTERRUPT, "demo", NULL);
}

static void __exit demo_exit(void)
{
	free_irq(demo_irq, NULL);
}

module_init(demo_init);
module_exit(demo_exit);
