/* <dahdi/kernel.h> has a folder, but one of no kernel header: the project's, on its -I. */
#include <linux/module.h>
#include <linux/pci.h>
#include <dahdi/kernel.h>

static void card_free(struct pci_dev *pdev, void *p, dma_addr_t d)
{
	pci_free_consistent(pdev, 4096, p, d);
}
