// SPDX-License-Identifier: GPL-2.0
/*
 * SETUP rows (rules/setup.c): hrtimer_init() and the statement that sets
 * the callback after it become hrtimer_setup() (6.13; hrtimer_init() is
 * gone since 6.15).  With --target=6.13..7.3 every kernel has
 * hrtimer_setup(): the call is rewritten and the assignment goes.  Negative controls: a
 * callback set under a condition, a callback set before the init (which
 * clears it), an assignment behind a directive, a computed callback, and
 * a file's own hrtimer_init().
 */
#include <linux/module.h>
#include <linux/hrtimer.h>

struct dev {
	struct hrtimer t;
	int n;
};

static struct hrtimer zap;
static struct dev d0;

static enum hrtimer_restart tick(struct hrtimer *h)
{
	return HRTIMER_NORESTART;
}

static enum hrtimer_restart (*pick(void))(struct hrtimer *)
{
	return tick;
}

static void plain(struct dev *p)
{
	struct hrtimer *hp = &p->t;

	hrtimer_init(&zap, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	pr_info("between\n");
	zap.function = tick;
	hrtimer_init(&p->t, CLOCK_MONOTONIC, HRTIMER_MODE_REL); p->t.function = tick;
	hrtimer_init(hp, CLOCK_MONOTONIC,
		     HRTIMER_MODE_REL);
	hp->function = tick;
	hrtimer_init_on_stack(&d0.t, CLOCK_REALTIME, HRTIMER_MODE_ABS);
	d0.t.function = tick;
}

static void not_these(struct dev *p)
{
	hrtimer_init(&d0.t, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	if (p->n)
		d0.t.function = tick;
	hrtimer_init(&zap, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
#ifdef CONFIG_HIGH_RES_TIMERS
	zap.function = tick;
#endif
	hrtimer_init(&p->t, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	p->t.function = pick();
	p->t.function = tick;
	hrtimer_init(&p->t, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
}

MODULE_LICENSE("GPL");
