// SPDX-License-Identifier: GPL-2.0
/* A negative control: init never returns, so only the timeout ends the VM. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int __init hang_init(void)
{
	pr_alert("hanging in init\n");
	for (;;)
		msleep(1000);
	return 0;
}

module_init(hang_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun negative control: init hangs");
