/* A version test through the project's macro: the #else is for the kernels before 4.15. */
#include <linux/module.h>
#include <linux/timer.h>
#include "linux_version.h"

static struct timer_list timer;

static void tick(struct timer_list *t)
{
}

static int setup(void)
{
#if LINUX_VERSION_AT_LEAST(4, 15, 0, 8, 0)
	timer_setup(&timer, tick, 0);
#else
	init_timer(&timer);
#endif
	return 0;
}
