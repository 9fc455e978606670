/*
 * Negative control: a driver with a timer and no interrupt handler.  2.4's
 * cli() waited out the other CPUs' bottom halves, the timers' among them:
 * a spinlock does not keep the timer function out unless it takes it too.
 * Reported, not fixed.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/timer.h>

static int tick_count;
static struct timer_list tick_timer;

static void tick(unsigned long data)
{
	tick_count++;
	mod_timer(&tick_timer, jiffies + HZ);
}

static int tick_read(void)
{
	unsigned long flags;
	int n;

	save_flags(flags);
	cli();
	n = tick_count;
	tick_count = 0;
	restore_flags(flags);
	return n;
}

static int __init tick_init(void)
{
	init_timer(&tick_timer);
	tick_timer.function = tick;
	mod_timer(&tick_timer, jiffies + HZ);
	return tick_read();
}

module_init(tick_init);
MODULE_LICENSE("GPL");
