/*
 * 2.4's probes (mixcomwd, dtlk): test a range, read the card, claim the
 * range later or in the caller.  Fixed: the file's own check_region(),
 * the kernel's until 2.6.19.  Negative controls: a claim of another range
 * after the test, and a claim that does not follow it directly, keep the
 * test (no request_region() result for them).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/ioport.h>
#include <asm/io.h>

#define CARD_ID		0x15

static int port;

static int __init checkcard(int p)
{
	if (check_region(p, 1))
		return 0;
	return inb_p(p) == CARD_ID;
}

static int __init probe_other(int p)
{
	if (check_region(p, 4))
		return -EBUSY;
	request_region(p, 8, "other");	/* another range */
	return 0;
}

static int __init probe_later(int p)
{
	if (check_region(p, 4))
		return -EBUSY;
	if (inb_p(p) != CARD_ID)
		return -ENODEV;
	request_region(p, 4, "later");
	return 0;
}

static int __init demo_init(void)
{
	if (!checkcard(0x300))
		return -ENODEV;
	port = 0x300;
	request_region(port, 1, "demo");
	return probe_other(0x310) ? -EBUSY : probe_later(0x320);
}

static void __exit demo_exit(void)
{
	release_region(port, 1);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
