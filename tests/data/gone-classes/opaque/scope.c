// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: the tag's first mention is in a parameter list, whose
 * struct is seen there only; the global's struct at91_can_data is
 * another type, which at91_setup() does not take.
 */
#include <linux/module.h>

static int at91_setup(struct at91_can_data *pd)
{
	return pd ? 0 : -ENODEV;
}

static struct at91_can_data *at91_pd;

static int __init at91_init(void)
{
	return at91_setup(at91_pd);
}
module_init(at91_init);
MODULE_LICENSE("GPL");
