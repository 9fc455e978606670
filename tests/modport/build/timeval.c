/*
 * A 2.6-era module that reads the time of day into a struct timeval and
 * prints its microseconds: modport's timeval must leave a module that
 * builds, loads and prints the same units on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/time.h>

static int __init timeval_fixture_init(void)
{
	struct timeval tv;

	do_gettimeofday(&tv);
	if (tv.tv_sec > 0 && tv.tv_usec >= 0 && tv.tv_usec < 1000000)
		printk(KERN_INFO "modport timeval: microseconds in range\n");	/* expect: modport timeval: microseconds in range */
	printk(KERN_INFO "modport timeval: %06i\n", (int)(tv.tv_usec));
	return 0;
}

static void __exit timeval_fixture_exit(void)
{
}

module_init(timeval_fixture_init);
module_exit(timeval_fixture_exit);
MODULE_LICENSE("GPL");
