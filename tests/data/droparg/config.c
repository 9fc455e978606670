/*
 * The negative control: DBG_IRT compiles its arguments in a configuration
 * the tree can set (CONFIG_PCI_DEBUG): its finding stays.
 */
#include <linux/module.h>
#include <linux/pci.h>

#ifdef CONFIG_PCI_DEBUG
#define DBG_IRT(x...) printk(x)
#else
#define DBG_IRT(x...)
#endif

static void xlate(struct pci_dev *pcidev)
{
	DBG_IRT("xlate(%s)\n", pcidev->slot_name);
}
