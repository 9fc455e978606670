/*
 * struct timeval and do_gettimeofday() of the 2.6 era: modport's timeval
 * makes them a struct timespec64 and ktime_get_real_ts64(), and prints the
 * same microseconds from tv_nsec; struct timespec and current_kernel_time()
 * become a struct timespec64 and ktime_get_coarse_real_ts64().
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

static void coarse(void)
{
	struct timespec ts;

	ts = current_kernel_time();
	printk(KERN_INFO "%li.%09li\n", (long)ts.tv_sec, ts.tv_nsec);
}

MODULE_LICENSE("GPL");
