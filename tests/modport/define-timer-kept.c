/*
 * define-timer, the negative controls: a definition that sets .expires (a
 * time computed before the kernel booted), and one whose function is
 * called by the file as well and reads its data (its signature cannot
 * change), are reported, not converted.
 */
#include <linux/module.h>
#include <linux/timer.h>

static int demo_count;

static void demo_fire(unsigned long data)
{
	demo_count++;
}

static struct timer_list demo_timer = {
	function:	demo_fire,
	expires:	100,
};

static void demo_poll(unsigned long data)
{
	demo_count -= data;
}

static struct timer_list demo_poller = { .function = demo_poll };

static int __init demo_init(void)
{
	demo_poll(0);
	add_timer(&demo_timer);
	return 0;
}

module_init(demo_init);
