// SPDX-License-Identifier: GPL-2.0
/*
 * Needs another out-of-tree module: it calls modrun_echo_len() of
 * chardev.ko, so modpost records depends=chardev and modrun loads the given
 * chardev.ko first, with --each too.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

#include "modrun_echo.h"

static int __init echouser_init(void)
{
	pr_info("/dev/modrun_echo holds %zu bytes\n", modrun_echo_len());
	return 0;
}

static void __exit echouser_exit(void)
{
}

module_init(echouser_init);
module_exit(echouser_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun test: a module that needs another given module");
