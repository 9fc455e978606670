/*
 * api-rename, pci_find_device() (the atlas: last in 2.6.32): from the
 * start of the list (NULL) it becomes pci_get_device(), which takes a
 * reference; the negative control, a search on from a device the loop
 * holds, is reported: pci_get_device() would drop a reference the driver
 * never took.
 */
#include <linux/module.h>
#include <linux/pci.h>

static struct pci_dev *demo_bridge;

static int __init demo_init(void)
{
	struct pci_dev *dev = NULL;
	int n = 0;

	demo_bridge = pci_find_device(PCI_VENDOR_ID_AL, 0x1535, NULL);
	if (!demo_bridge)
		return -ENODEV;
	while ((dev = pci_find_device(PCI_VENDOR_ID_AL, 0x7101, dev)))
		n++;
	return n ? 0 : -ENODEV;
}

module_init(demo_init);
