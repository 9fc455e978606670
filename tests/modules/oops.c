// SPDX-License-Identifier: GPL-2.0
/* A negative control: init dereferences a NULL pointer (an oops). */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/module.h>

static int __init oops_init(void)
{
	int *nowhere = NULL;

	OPTIMIZER_HIDE_VAR(nowhere);
	return *nowhere;
}

module_init(oops_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun negative control: init oopses");
