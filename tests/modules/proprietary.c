// SPDX-License-Identifier: GPL-2.0
/*
 * A negative control: a module that declares a license the kernel does not
 * accept as GPL-compatible.  Loading it must taint the kernel with P and log
 * "module license 'Proprietary' taints kernel."
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int __init proprietary_init(void)
{
	pr_info("proprietary loaded\n");
	return 0;
}

static void __exit proprietary_exit(void)
{
	pr_info("proprietary unloaded\n");
}

module_init(proprietary_init);
module_exit(proprietary_exit);

MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("modrun negative control: taints the kernel with P");
