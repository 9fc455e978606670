// SPDX-License-Identifier: GPL-2.0
/* Negative control: sizeof(*p) needs the struct. */
#include <linux/slab.h>

static int at91_new(void)
{
	struct at91_can_data *pdata;

	pdata = kzalloc(sizeof(*pdata), GFP_KERNEL);
	return pdata ? 0 : -ENOMEM;
}
