// SPDX-License-Identifier: GPL-2.0
/* A negative control: init fails with -ENODEV, so the load must fail. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int __init enodev_init(void)
{
	pr_info("no device here\n");
	return -ENODEV;
}

module_init(enodev_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun negative control: init returns -ENODEV");
