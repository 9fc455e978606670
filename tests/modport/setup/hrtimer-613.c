// SPDX-License-Identifier: GPL-2.0
/*
 * SETUP rows with --target=6.13..7.3: every kernel has hrtimer_setup(),
 * so the call is rewritten and the assignment goes, on its own line or
 * after the call on the call's line (hrtimer.c has the negative controls).
 */
#include <linux/module.h>
#include <linux/hrtimer.h>

static struct hrtimer zap, onstack;

static enum hrtimer_restart tick(struct hrtimer *h)
{
	return HRTIMER_NORESTART;
}

static void plain(struct hrtimer *hp)
{
	hrtimer_init(&zap, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	pr_info("between\n");
	zap.function = tick;
	hrtimer_init(hp, CLOCK_MONOTONIC, HRTIMER_MODE_REL); hp->function = tick;
	hrtimer_init_on_stack(&onstack, CLOCK_REALTIME, HRTIMER_MODE_ABS);
	onstack.function = tick;
}

MODULE_LICENSE("GPL");
