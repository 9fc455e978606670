/*
 * Negative control: flags declared long, not unsigned long, which
 * spin_lock_irqsave() checks.  Reported, not fixed.
 */
#include <linux/module.h>

static int demo_count;

static void demo_bump(void)
{
	long flags;

	save_flags(flags);
	cli();
	demo_count++;
	restore_flags(flags);
}

MODULE_LICENSE("GPL");
