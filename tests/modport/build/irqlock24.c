/*
 * irqlock24: 2.4's cli() sections, check_region() and a timed sleep in a
 * driver with no interrupt handler, as bench/char24.sh's toshiba, mixcomwd,
 * dtlk and lp have them: the sections become a spinlock of the file's own
 * (cli-sti), the test followed by its claim takes the claim's result and
 * the probe's test the file's own check_region() (check-region), the
 * timed sleep whose value is unused prepare_to_wait(), schedule_timeout(),
 * finish_wait() (sleep-on).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/ioport.h>
#include <linux/errno.h>

#define DEMO_BASE	0x300
#define DEMO_LEN	8
#define PROBE_BASE	0x310
#define PROBE_LEN	4

static int demo_count;
static DECLARE_WAIT_QUEUE_HEAD(demo_wait);

static int demo_bump(int limit)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	if (demo_count >= limit) {
		restore_flags(flags);
		return -EBUSY;
	}
	demo_count++;
	restore_flags(flags);
	return 0;
}

static void demo_reset(void)
{
	cli();
	demo_count = 0;
	sti();
}

static int demo_probe(int base)
{
	if (check_region(base, PROBE_LEN))
		return 0;
	return 1;
}

int init_module(void)
{
	if (check_region(DEMO_BASE, DEMO_LEN))
		return -EBUSY;
	request_region(DEMO_BASE, DEMO_LEN, "irqlock24");
	demo_reset();
	demo_bump(4);
	demo_bump(4);
	interruptible_sleep_on_timeout(&demo_wait, 1);
	printk(KERN_INFO "irqlock24: count %d\n", demo_count);	/* expect: irqlock24: count 2 */
	if (demo_probe(PROBE_BASE))
		printk(KERN_INFO "irqlock24: probe range free\n");	/* expect: irqlock24: probe range free */
	return 0;
}

void cleanup_module(void)
{
	release_region(DEMO_BASE, DEMO_LEN);
	printk(KERN_INFO "irqlock24: unloaded\n");	/* expect: irqlock24: unloaded */
}
