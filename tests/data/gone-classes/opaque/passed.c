// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: the pointer given to a kernel function whose
 * parameter is another type (incompatible-pointer-types, an error since
 * GCC 14).
 */
#include <linux/clk.h>

struct at91_priv {
	struct at91_can_data *pdata;
};

static int at91_clock(struct at91_priv *priv)
{
	return clk_enable(priv->pdata);
}
