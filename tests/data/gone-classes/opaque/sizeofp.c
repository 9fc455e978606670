// SPDX-License-Identifier: GPL-2.0
/* Negative control: sizeof(*p) needs the struct. */
#include <linux/slab.h>

static struct at91_can_data *at91_pdata;

static int at91_new(void)
{
	at91_pdata = kzalloc(sizeof(*at91_pdata), GFP_KERNEL);
	return at91_pdata ? 0 : -ENOMEM;
}
