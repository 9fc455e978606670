// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: a function whose parameter is such a pointer, given
 * away as a callback: its type names a struct the kernel no longer has.
 */
#include <linux/platform_device.h>

static int at91_board_init(struct at91_can_data *pd)
{
	return pd ? 0 : -ENODEV;
}

static void *at91_hook = at91_board_init;
