// SPDX-License-Identifier: GPL-2.0
/*
 * A driver for QEMU's "edu" PCI test device (docs/specs/edu.rst in QEMU):
 * it reads the identification register and has the device compute 5!.
 * Proven with modrun --device edu.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/init.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/printk.h>

#define EDU_VENDOR	0x1234
#define EDU_DEVICE	0x11e8
#define EDU_ID		0x00	/* 0xRRrr00edu: major, minor, 0xed */
#define EDU_FACTORIAL	0x08	/* write n, read n! */
#define EDU_STATUS	0x20
#define EDU_STATUS_BUSY	0x01	/* computing the factorial */

static u32 edu_factorial(void __iomem *regs, u32 n)
{
	int tries;

	iowrite32(n, regs + EDU_FACTORIAL);
	for (tries = 0; tries < 1000; tries++) {
		if (!(ioread32(regs + EDU_STATUS) & EDU_STATUS_BUSY))
			return ioread32(regs + EDU_FACTORIAL);
		usleep_range(100, 200);
	}
	return 0;
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	void __iomem *regs;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	/* pcim_iomap(): in 6.1 as in newer kernels, which deprecate pcim_iomap_regions() */
	regs = pcim_iomap(pdev, 0, 0);
	if (!regs)
		return -ENOMEM;
	pr_info("identification 0x%08x\n", ioread32(regs + EDU_ID));
	pr_info("5! = %u\n", edu_factorial(regs, 5));
	return 0;
}

static void edu_remove(struct pci_dev *pdev)
{
	pr_info("removed\n");
}

static const struct pci_device_id edu_ids[] = {
	{ PCI_DEVICE(EDU_VENDOR, EDU_DEVICE) },
	{ }
};
MODULE_DEVICE_TABLE(pci, edu_ids);

static struct pci_driver edu_driver = {
	.name = KBUILD_MODNAME,
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};
module_pci_driver(edu_driver);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun test: a driver for QEMU's edu device");
