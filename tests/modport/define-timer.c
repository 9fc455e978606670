/*
 * define-timer (4.15): timers defined with their function, as softdog's
 * and pc110pad's, in GCC's form or C99's, with a constant data or none,
 * become DEFINE_TIMER(), their functions take the struct timer_list *.
 * define-timer-kept.c is the shape left to a person.
 */
#include <linux/module.h>
#include <linux/timer.h>

static int demo_count;

static void demo_fire(unsigned long);

static struct timer_list demo_timer = {
	function:	demo_fire,
};

static void demo_tick(unsigned long data)
{
	demo_count += data;
}

static struct timer_list demo_ticker = { .function = demo_tick, .data = 2 };

static void demo_fire(unsigned long data)
{
	demo_count++;
	mod_timer(&demo_ticker, jiffies + HZ);
}

static int __init demo_init(void)
{
	mod_timer(&demo_timer, jiffies + HZ);
	return 0;
}

static void __exit demo_exit(void)
{
	del_timer_sync(&demo_timer);
	del_timer_sync(&demo_ticker);
}

module_init(demo_init);
module_exit(demo_exit);
