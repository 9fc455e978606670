// SPDX-License-Identifier: GPL-2.0
/* Negative control: the pointer is dereferenced, the struct is needed. */
#include <linux/platform_device.h>

struct at91_priv {
	struct at91_can_data *pdata;
};

static int at91_board(struct platform_device *pdev, struct at91_priv *priv)
{
	priv->pdata = dev_get_platdata(&pdev->dev);
	return 0;
}

static int at91_mb(struct at91_priv *priv)
{
	return priv->pdata->multi_irq;
}
