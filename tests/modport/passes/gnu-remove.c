// SPDX-License-Identifier: GPL-2.0
/*
 * Two fixes, one after the other: the GCC field initializer becomes
 * .remove = (gnu-initializer), and then the method's int becomes void
 * (method, platform_driver.remove since 6.11), which it can only do on
 * the designated form.  One fix does both (it runs to its fixed point).
 */
#include <linux/module.h>
#include <linux/platform_device.h>

static int gp_probe(struct platform_device *pdev)
{
	return 0;
}

static int gp_remove(struct platform_device *pdev)
{
	dev_info(&pdev->dev, "removed\n");
	return 0;
}

static struct platform_driver gp_driver = {
	probe: gp_probe,
	remove: gp_remove,
	driver: {
		name: "gnu-remove",
	},
};
module_platform_driver(gp_driver);

MODULE_LICENSE("GPL");
