/*
 * The negative control: DEBUG_IRT comes from the Makefile's -DDEBUG_IRT,
 * so DBG_IRT compiles its arguments.
 */
#include <linux/module.h>
#include <linux/pci.h>

#ifdef DEBUG_IRT
#define DBG_IRT(x...) printk(x)
#else
#define DBG_IRT(x...)
#endif

static void xlate(struct pci_dev *pcidev)
{
	DBG_IRT("xlate(%s)\n", pcidev->slot_name);
}
