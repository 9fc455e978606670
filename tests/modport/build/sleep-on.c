/*
 * A 2.4-era driver that sleeps on a flag it tests: modport's sleep-on rule
 * must leave a module that builds and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(sleepon_wait);
static int sleepon_ready = 1;

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
	return 0;
}

static void __exit sleepon_exit(void)
{
}

module_init(sleepon_init);
module_exit(sleepon_exit);
MODULE_LICENSE("GPL");
