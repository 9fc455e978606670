/*
 * struct timeval and do_gettimeofday() of the 2.6 era: modport's timeval
 * makes them a struct timespec64 and ktime_get_real_ts64(), and prints the
 * same microseconds from tv_nsec.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/time.h>

static struct timeval stamp;
static struct timeval ring[4], *head = ring;

static void note(void)
{
	struct timeval tv;

	do_gettimeofday(&tv);
	do_gettimeofday((struct timeval *) head);
	printk(KERN_INFO "%08u.%06u\n", (int)(tv.tv_sec % 100000000),
	       (int)(tv.tv_usec));
	printk(KERN_INFO "%06i %li\n", (int) stamp.tv_usec, head->tv_usec * 2);
}

MODULE_LICENSE("GPL");
