/*
 * Negative control: restore_flags() as the body of an if, the section
 * going on after it when the test fails.  A spinlock would be unlocked on
 * one path only: reported, not fixed.
 */
#include <linux/module.h>

static int demo_odd(int x)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	if (x)
		restore_flags(flags);
	x++;
	return x;
}

MODULE_LICENSE("GPL");
