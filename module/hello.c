// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * The "hello world" module of LWN's "Driver porting: hello world" (2003),
 * in its 2.6 form: entry and exit functions registered with module_init()
 * and module_exit(), and a license that does not taint the kernel.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int __init hello_init(void)
{
	pr_alert("Hello, world\n");
	return 0;
}

static void __exit hello_exit(void)
{
	pr_alert("Goodbye, cruel world\n");
}

module_init(hello_init);
module_exit(hello_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_AUTHOR("Jonathan Corbet (LWN), ported by the modrun project");
MODULE_DESCRIPTION("The hello world module of LWN's driver porting series");
