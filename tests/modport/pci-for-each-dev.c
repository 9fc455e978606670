/*
 * pci-for-each-dev: 2.4's loop over every PCI device, as the TCO
 * watchdogs and RNGs find their bridge, becomes for_each_pci_dev() from a
 * NULL device; pci_match_device() is pci_match_id().  The negative
 * control: the macro where it is not a statement of its own (the body of
 * an if without braces) is reported.
 */
#include <linux/module.h>
#include <linux/pci.h>

static struct pci_device_id demo_tbl[] = {
	{ 0x8086, 0x2418, PCI_ANY_ID, PCI_ANY_ID, },
	{ 0, },
};

static int __init demo_init(void)
{
	struct pci_dev *dev;
	int n = 0;

	pci_for_each_dev(dev) {
		if (pci_match_device(demo_tbl, dev) != NULL)
			return 0;
	}
	if (n)
		pci_for_each_dev(dev)
			n++;
	return -ENODEV;
}

module_init(demo_init);
