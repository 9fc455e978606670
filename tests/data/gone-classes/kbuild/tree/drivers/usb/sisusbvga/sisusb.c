/*
 * The negative control: sisusb.o, built for CONFIG_USB_SISUSBVGA.
 */
#include <linux/module.h>
#include <linux/pci.h>

static struct pci_dev *find(void)
{
	return pci_find_device(0x1039, 0x0550, NULL);
}

static const char *name(struct pci_dev *pdev)
{
	return pdev->slot_name;
}
