/*
 * A 2.6-era module whose timers carry a data word: one held by the object
 * it serves (init_timer, .function, .data), one global with a constant
 * (setup_timer), one whose data is a value (a field beside it), and one
 * whose handler reads no data and is called directly too, f(0) (f(NULL)).
 * modport's timer-setup must leave a module that builds, loads and fires
 * all four on today's kernels (from_timer() before 6.16,
 * timer_container_of() since, through the compat block).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/completion.h>

static DECLARE_COMPLETION(timer_done);

struct timer_dev {
	int loops;
	struct timer_list timer;
};

static void timer_dev_fn(unsigned long arg)
{
	struct timer_dev *dev = (struct timer_dev *)arg;

	printk(KERN_INFO "modport timers: holder loop %d\n", dev->loops);	/* expect: modport timers: holder loop 1 */
	if (--dev->loops) {
		dev->timer.expires = jiffies + 1;
		add_timer(&dev->timer);
	} else {
		complete(&timer_done);
	}
}

static struct timer_list timer_global;
static int timer_value = 5;

static void timer_global_fn(unsigned long data)
{
	printk(KERN_INFO "modport timers: constant %d\n", *(int *)data);	/* expect: modport timers: constant 5 */
	complete(&timer_done);
}

/* Data that is neither the holder nor a constant: a field beside the timer. */
static struct timer_list timer_beat;

static void timer_beat_fn(unsigned long v)
{
	printk(KERN_INFO "modport timers: beside %lu\n", v);	/* expect: modport timers: beside 11 */
	complete(&timer_done);
}

static void timer_beat_start(unsigned long v)
{
	setup_timer(&timer_beat, timer_beat_fn, v);
	mod_timer(&timer_beat, jiffies + 1);
}

/* A handler called directly too, with 0, that reads no data: f(NULL). */
static struct timer_list timer_ping;
static int timer_pings;

static void timer_ping_fn(unsigned long unused)
{
	printk(KERN_INFO "modport timers: ping %d\n", ++timer_pings);	/* expect: modport timers: ping 2 */
	if (timer_pings == 2)
		complete(&timer_done);
}

static int __init timers_fixture_init(void)
{
	struct timer_dev *dev = kmalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return -ENOMEM;
	init_timer(&dev->timer);
	dev->loops = 2;
	dev->timer.data = (unsigned long)dev;
	dev->timer.function = timer_dev_fn;
	dev->timer.expires = jiffies + 1;
	add_timer(&dev->timer);
	wait_for_completion(&timer_done);
	del_timer_sync(&dev->timer);
	kfree(dev);
	setup_timer(&timer_global, timer_global_fn, (unsigned long)&timer_value);
	mod_timer(&timer_global, jiffies + 1);
	wait_for_completion(&timer_done);
	timer_beat_start(11);
	wait_for_completion(&timer_done);
	init_timer(&timer_ping);
	timer_ping.function = timer_ping_fn;
	timer_ping_fn(0);
	mod_timer(&timer_ping, jiffies + 1);
	wait_for_completion(&timer_done);
	return 0;
}

static void __exit timers_fixture_exit(void)
{
	del_timer_sync(&timer_global);
	del_timer_sync(&timer_beat);
	del_timer_sync(&timer_ping);
}

module_init(timers_fixture_init);
module_exit(timers_fixture_exit);
MODULE_LICENSE("GPL");
