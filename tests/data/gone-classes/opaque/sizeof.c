// SPDX-License-Identifier: GPL-2.0
/* Negative control: sizeof(struct X) needs the struct. */
#include <linux/slab.h>

static int at91_new(void)
{
	struct at91_can_data *pdata = kzalloc(sizeof(struct at91_can_data), GFP_KERNEL);

	return pdata ? 0 : -ENOMEM;
}
