/*
 * Negative control: a driver with an interrupt handler.  The global lock
 * kept the handler out of the cli() sections on every CPU; a spinlock
 * does not unless the handler takes it too.  Reported, not fixed.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <asm/io.h>

static int pad_count;

static void pad_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	pad_count++;
}

static void pad_sample(int *d)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	*d = pad_count;
	restore_flags(flags);
}

static int __init pad_init(void)
{
	int d;

	pad_sample(&d);
	return request_irq(10, pad_irq, 0, "pad", NULL);
}

module_init(pad_init);
MODULE_LICENSE("GPL");
