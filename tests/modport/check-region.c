/* 2.4's probe: test a region, then claim it (reported: it races). */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/ioport.h>

#define PROBE_BASE	0x300
#define PROBE_LEN	8

static int __init probe_init(void)
{
	if (check_region(PROBE_BASE, PROBE_LEN))
		return -EBUSY;
	request_region(PROBE_BASE, PROBE_LEN, "probe");
	return 0;
}

static void __exit probe_exit(void)
{
	release_region(PROBE_BASE, PROBE_LEN);
}

module_init(probe_init);
module_exit(probe_exit);
MODULE_LICENSE("GPL");
