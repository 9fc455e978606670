/*
 * A 6.1-era high-resolution timer: hrtimer_init() and the callback set
 * after it.  hrtimer_init() is gone since 6.15; modport's SETUP row makes
 * it hrtimer_setup() (6.13) for the target's newer kernels and keeps the
 * old call for the older ones.  The timer must fire on both.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/hrtimer.h>
#include <linux/completion.h>

static struct hrtimer tick_timer;
static DECLARE_COMPLETION(fired);

static enum hrtimer_restart tick(struct hrtimer *t)
{
	complete(&fired);
	return HRTIMER_NORESTART;
}

static int __init hrtimer_fixture_init(void)
{
	hrtimer_init(&tick_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	tick_timer.function = tick;
	hrtimer_start(&tick_timer, ms_to_ktime(1), HRTIMER_MODE_REL);
	if (!wait_for_completion_timeout(&fired, HZ))
		return -ETIMEDOUT;
	pr_info("hrtimer: fired\n");	/* expect: hrtimer: fired */
	return 0;
}

static void __exit hrtimer_fixture_exit(void)
{
	hrtimer_cancel(&tick_timer);
	pr_info("hrtimer: done\n");	/* expect: hrtimer: done */
}

module_init(hrtimer_fixture_init);
module_exit(hrtimer_fixture_exit);
MODULE_LICENSE("GPL");
