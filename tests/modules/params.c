// SPDX-License-Identifier: GPL-2.0
/*
 * A module with parameters, for modrun's mod.ko key=val and mod.key=val in
 * --append: it says what it was given, and /sys/module/params/parameters
 * shows it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>

static int bufsize = 64;
module_param(bufsize, int, 0444);
MODULE_PARM_DESC(bufsize, "the size of the buffer");

static char *greeting = "hello";
module_param(greeting, charp, 0444);
MODULE_PARM_DESC(greeting, "what to say");

static int __init params_init(void)
{
	pr_info("bufsize=%d greeting=%s\n", bufsize, greeting);
	return 0;
}

static void __exit params_exit(void)
{
}

module_init(params_init);
module_exit(params_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun's test module with parameters");
