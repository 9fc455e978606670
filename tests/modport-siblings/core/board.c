/*
 * A board (ne2k-pci's shape): it allocates the net_device with no area,
 * has the core set it up, sets its own open over the core's methods and
 * gives the core's handler to request_irq() on a shared line.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/interrupt.h>
#include "lib.h"

static int board_open(struct net_device *dev)
{
	return request_irq(dev->irq, lib_interrupt, SA_SHIRQ, dev->name, dev);
}

static struct net_device *board_probe(void)
{
	struct net_device *dev = alloc_etherdev(0);

	if (!dev)
		return NULL;
	if (lib_setup(dev)) {
		kfree(dev);
		return NULL;
	}
	lib_status.txing = 0;
	dev->open = board_open;
	return dev;
}

static void board_remove(struct net_device *dev)
{
	kfree(dev->priv);
	kfree(dev);
}
MODULE_LICENSE("GPL");
