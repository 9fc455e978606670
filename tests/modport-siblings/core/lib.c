/*
 * The core (8390.c's shape): it allocates the private area when the board
 * did not, sets its methods and a default tx_timeout, and exports its
 * interrupt handler, which returns early when the device is not there.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/interrupt.h>
#include "lib.h"

static void lib_timeout(struct net_device *dev);

static int lib_xmit(struct sk_buff *skb, struct net_device *dev)
{
	lib_status.txing = 1;
	dev_kfree_skb(skb);
	return 0;
}

static void lib_timeout(struct net_device *dev)
{
	lib_status.txing = 0;
}

int lib_open(struct net_device *dev)
{
	if (dev->tx_timeout == NULL)
		dev->tx_timeout = lib_timeout;
	return 0;
}

void lib_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	struct net_device *dev = dev_id;

	if (dev == NULL)
		return;
	lib_status.stats.rx_packets++;
}

int lib_setup(struct net_device *dev)
{
	if (dev->priv == NULL) {
		dev->priv = kmalloc(sizeof(struct lib_local), GFP_KERNEL);
		if (dev->priv == NULL)
			return -ENOMEM;
		memset(dev->priv, 0, sizeof(struct lib_local));
	}
	dev->hard_start_xmit = lib_xmit;
	return 0;
}

EXPORT_SYMBOL(lib_open);
EXPORT_SYMBOL(lib_interrupt);
EXPORT_SYMBOL(lib_setup);
MODULE_LICENSE("GPL");
