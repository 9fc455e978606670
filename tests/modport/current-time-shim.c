/*
 * Negative control of current-time: a file with a compat definition of
 * CURRENT_TIME of its own keeps its uses.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/timekeeping.h>

#ifndef CURRENT_TIME
#define CURRENT_TIME ktime_get_real_seconds()
#endif

static time64_t started;

static int __init demo_init(void)
{
	started = CURRENT_TIME;
	return 0;
}

static void __exit demo_exit(void)
{
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
