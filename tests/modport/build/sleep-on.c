/*
 * A 2.4-era driver that sleeps on a flag it tests, and once on nothing
 * but a timer's wake-up (LDD3's jiq): modport's sleep-on rule must leave a
 * module that builds, loads and wakes on today's kernels.  The timer wakes
 * the queue until the sleeper says it woke (a wake-up before the sleep is
 * missed, as sleep_on() missed it).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(sleepon_wait);
static int sleepon_ready = 1;
static int sleepon_woken;

static void sleepon_tick(struct timer_list *t)
{
	wake_up_interruptible(&sleepon_wait);
	if (!sleepon_woken)
		mod_timer(t, jiffies + HZ / 10);
}

static DEFINE_TIMER(sleepon_timer, sleepon_tick);

static int sleepon_get(void)
{
	while (!sleepon_ready)
		interruptible_sleep_on(&sleepon_wait);
	if (sleepon_ready & 2)
		sleep_on(&sleepon_wait);
	return sleepon_ready;
}

static int __init sleepon_init(void)
{
	printk(KERN_INFO "modport sleep-on: ready %d\n", sleepon_get());	/* expect: modport sleep-on: ready 1 */
	mod_timer(&sleepon_timer, jiffies + HZ / 10);
	interruptible_sleep_on(&sleepon_wait);
	sleepon_woken = 1;
	del_timer_sync(&sleepon_timer);
	printk(KERN_INFO "modport sleep-on: woken\n");	/* expect: modport sleep-on: woken */
	return 0;
}

static void __exit sleepon_exit(void)
{
}

module_init(sleepon_init);
module_exit(sleepon_exit);
MODULE_LICENSE("GPL");
