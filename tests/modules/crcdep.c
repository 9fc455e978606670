// SPDX-License-Identifier: GPL-2.0
/*
 * Needs an in-tree module: crc_itu_t() lives in lib/crc-itu-t.ko, which
 * Debian builds as a module, so modpost records depends=crc-itu-t and modrun
 * loads it first.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/crc-itu-t.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int __init crcdep_init(void)
{
	static const u8 check[] = "123456789";

	pr_info("crc_itu_t(\"123456789\") = 0x%04x\n",
		crc_itu_t(0, check, sizeof(check) - 1));
	return 0;
}

static void __exit crcdep_exit(void)
{
	pr_info("done\n");
}

module_init(crcdep_init);
module_exit(crcdep_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun test: a module that needs an in-tree module");
