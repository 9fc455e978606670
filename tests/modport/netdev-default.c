/*
 * netdev-ops: a default method set where the driver set none ("if
 * (dev->tx_timeout == NULL) dev->tx_timeout = f;", 8390's ei_open()), in a
 * file whose methods are set in one function, goes into that function's
 * structure; the private area is allocated by a kzalloc() statement of
 * its own, which goes, and alloc_etherdev(0) is sized by the type the
 * file reads dev->priv as.
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/slab.h>

struct dd_local {
	int txing;
};

static void dd_timeout(struct net_device *dev);

static int dd_open(struct net_device *dev)
{
	struct dd_local *lp = dev->priv;

	if (!dev->tx_timeout)
		dev->tx_timeout = dd_timeout;
	lp->txing = 0;
	return 0;
}

static void dd_timeout(struct net_device *dev)
{
	netif_wake_queue(dev);
}

static int dd_init(struct net_device *dev)
{
	dev->priv = kzalloc(sizeof(struct dd_local), GFP_KERNEL);
	if (!dev->priv)
		return -ENOMEM;
	dev->open = dd_open;
	return 0;
}

static struct net_device *dd_probe(void)
{
	struct net_device *dev = alloc_etherdev(0);

	if (dev && dd_init(dev)) {
		kfree(dev);
		dev = NULL;
	}
	return dev;
}
MODULE_LICENSE("GPL");
