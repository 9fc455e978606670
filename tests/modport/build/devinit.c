/*
 * A 2.6.9-era PCI driver: its probe and remove marked __devinit and
 * __devexit, its table __devinitdata, the remove given with __devexit_p(),
 * and the slot's name read from pdev->slot_name.  modport's devinit and
 * pci-slot-name rules must leave a module that builds and loads on today's
 * kernels (no device has its IDs: no probe runs).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/pci.h>

static struct pci_device_id devinit_tbl[] __devinitdata = {
	{ PCI_DEVICE(0x1234, 0xfff0) },
	{ 0, }
};
MODULE_DEVICE_TABLE(pci, devinit_tbl);

static int __devinit devinit_probe(struct pci_dev *pdev,
				   const struct pci_device_id *id)
{
	printk(KERN_INFO "devinit: probing %s\n", pdev->slot_name);
	return 0;
}

static void __devexit devinit_remove(struct pci_dev *pdev)
{
	printk(KERN_INFO "devinit: %s removed\n", pdev->slot_name);
}

static struct pci_driver devinit_driver = {
	.name = "modport-devinit",
	.id_table = devinit_tbl,
	.probe = devinit_probe,
	.remove = __devexit_p(devinit_remove),
};

static int __init devinit_init(void)
{
	int ret = pci_register_driver(&devinit_driver);

	/* expect: devinit: registered */
	if (!ret)
		printk(KERN_INFO "devinit: registered\n");
	return ret;
}

static void __exit devinit_exit(void)
{
	pci_unregister_driver(&devinit_driver);
}

module_init(devinit_init);
module_exit(devinit_exit);
MODULE_LICENSE("GPL");
