// SPDX-License-Identifier: GPL-2.0
/*
 * Pointers to structs the target lacks, never dereferenced: they compile
 * (the struct stays an incomplete type).  sata_dwc_460ex's unused member
 * (struct ata_probe_ent, gone after 2.6.18), at91_can's platform data
 * pointer filled by dev_get_platdata() (struct at91_can_data, gone after
 * 3.18).
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct sata_dwc_device {
	struct device		*dev;		/* generic device struct */
	struct ata_probe_ent	*pe;		/* ptr to probe-ent */
	struct ata_host		*host;
};

struct at91_priv {
	void __iomem *reg_base;
	struct at91_can_data *pdata, *spare;
};

static int at91_setup(struct at91_priv *priv, struct at91_can_data *pd)
{
	struct at91_can_data *keep = NULL;

	if (!pd || pd == NULL)
		return -ENODEV;
	keep = pd;
	if (keep != NULL)
		priv->spare = NULL;
	return 0;
}

static int at91_can_probe(struct platform_device *pdev)
{
	struct at91_priv *priv = kzalloc(sizeof(*priv), GFP_KERNEL);

	if (!priv)
		return -ENOMEM;
	priv->pdata = dev_get_platdata(&pdev->dev);
	if (priv->pdata && at91_setup(priv, NULL))
		priv->pdata = NULL;
	kfree(priv);
	return 0;
}

static struct platform_driver at91_can_driver = {
	.probe = at91_can_probe,
	.driver = { .name = "at91_can" },
};
module_platform_driver(at91_can_driver);
MODULE_LICENSE("GPL");
