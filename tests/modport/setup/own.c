// SPDX-License-Identifier: GPL-2.0
/* A file's own hrtimer_init() (a 2.6.16-era shim) is not the kernel's. */
#include <linux/module.h>
#include <linux/hrtimer.h>

static struct hrtimer zap;

static void hrtimer_init(struct hrtimer *t, int clock, int mode)
{
}

static enum hrtimer_restart tick(struct hrtimer *h)
{
	return HRTIMER_NORESTART;
}

static void use(void)
{
	hrtimer_init(&zap, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	zap.function = tick;
}

MODULE_LICENSE("GPL");
