// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: c.h, three local headers down, includes d.h, which
 * is not read; it may dereference the pointer (it does).
 */
#include <linux/platform_device.h>
#include "a.h"

static int at91_probe(struct platform_device *pdev, struct at91_priv *priv)
{
	struct at91_can_data *pd = NULL;

	if (pd)
		return -EBUSY;
	priv->pdata = dev_get_platdata(&pdev->dev);
	return 0;
}
