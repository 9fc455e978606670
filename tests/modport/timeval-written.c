/*
 * A struct timeval whose tv_usec is written: modport's timeval cannot
 * prove the units and reports every site.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/time.h>

static struct timeval tv;

static void tick(void)
{
	do_gettimeofday(&tv);
	tv.tv_usec += 10;
}

MODULE_LICENSE("GPL");
