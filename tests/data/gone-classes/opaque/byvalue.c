// SPDX-License-Identifier: GPL-2.0
/* Negative control: a struct by value needs the struct. */
#include <linux/platform_device.h>

static struct at91_can_data *at91_pdata;
static struct at91_can_data at91_defaults;
