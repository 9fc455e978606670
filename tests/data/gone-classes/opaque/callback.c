// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: a function whose parameter is such a pointer, given
 * away as a callback: its type names a struct the kernel no longer has,
 * not the one the callback's type wants (incompatible-pointer-types).
 */
#include <linux/module.h>
#include <linux/platform_device.h>

struct at91_priv {
	struct at91_can_data *pdata;
};

static int at91_board_setup(struct at91_can_data *pd)
{
	return pd ? 0 : -ENODEV;
}

static struct platform_driver at91_board = {
	.probe = at91_board_setup,
	.driver = { .name = "at91_board" },
};
module_platform_driver(at91_board);
MODULE_LICENSE("GPL");
