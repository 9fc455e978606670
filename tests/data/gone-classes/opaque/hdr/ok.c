// SPDX-License-Identifier: GPL-2.0
/* The member of a local header, never dereferenced: no finding. */
#include <linux/platform_device.h>
#include "priv.h"

static int at91_probe(struct platform_device *pdev, struct at91_priv *priv)
{
	struct at91_can_data *pd = NULL;

	if (pd)
		return -EBUSY;
	priv->pdata = dev_get_platdata(&pdev->dev);
	return 0;
}
