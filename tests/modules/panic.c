// SPDX-License-Identifier: GPL-2.0
/* A negative control: init panics the kernel. */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/panic.h>

static int __init panic_init(void)
{
	panic("modrun negative control: deliberate panic");
	return 0;
}

module_init(panic_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun negative control: init panics");
