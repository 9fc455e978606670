// SPDX-License-Identifier: GPL-2.0
/* Already ported: nothing to say, no diff. */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int __init ported_init(void)
{
	pr_info("init_module is history\n");
	return 0;
}

static void __exit ported_exit(void)
{
	pr_info("so is cleanup_module\n");
}

module_init(ported_init);
module_exit(ported_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("an already ported module");
