/* The negative control: vfio-pci.o of CONFIG_VFIO_PCI, which x86 sets. */
#include <linux/module.h>
#include <linux/pci.h>

static struct pci_dev *find(void)
{
	return pci_find_device(0x103c, 0x1234, NULL);
}
