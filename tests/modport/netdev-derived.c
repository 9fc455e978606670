/*
 * netdev-ops and netdev-priv, 8390's shape in one file: nd_setup()
 * allocates the private area itself when dev->priv is NULL and sets the
 * core's methods; nd_probe() allocates the net_device with no area, calls
 * nd_setup() and sets its own open and stop over them.  The area comes
 * with the net_device (alloc_etherdev(sizeof(struct nd_local))), the
 * allocation, its test and its kfree() go; nd_probe()'s methods are set
 * over a copy of nd_setup()'s structure.  Negative controls: nd_plain()
 * calls the kernel's ether_setup(), not the driver's own, before its
 * methods (a const structure of its own), and the default tx_timeout of
 * nd_open() stays reported: two functions set methods here.
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/slab.h>

struct nd_local {
	struct net_device_stats stats;
	spinlock_t lock;
};

static void nd_timeout(struct net_device *dev);

static int nd_open(struct net_device *dev)
{
	if (dev->tx_timeout == NULL)
		dev->tx_timeout = nd_timeout;
	netif_start_queue(dev);
	return 0;
}

static int nd_close(struct net_device *dev)
{
	netif_stop_queue(dev);
	return 0;
}

static void nd_timeout(struct net_device *dev)
{
	netif_wake_queue(dev);
}

static int nd_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct nd_local *lp = (struct nd_local *)dev->priv;

	lp->stats.tx_packets++;
	dev_kfree_skb(skb);
	return 0;
}

static struct net_device_stats *nd_stats(struct net_device *dev)
{
	return &((struct nd_local *)dev->priv)->stats;
}

static int nd_setup(struct net_device *dev)
{
	if (dev->priv == NULL) {
		struct nd_local *lp;

		dev->priv = kmalloc(sizeof(struct nd_local), GFP_KERNEL);
		if (dev->priv == NULL)
			return -ENOMEM;
		lp = (struct nd_local *)dev->priv;
		spin_lock_init(&lp->lock);
	}
	dev->hard_start_xmit = nd_xmit;
	dev->get_stats = nd_stats;
	ether_setup(dev);
	return 0;
}

static struct net_device *nd_probe(void)
{
	struct net_device *dev = alloc_etherdev(0);

	if (!dev)
		return NULL;
	if (nd_setup(dev)) {
		kfree(dev);
		return NULL;
	}
	dev->open = nd_open;
	dev->stop = nd_close;
	return dev;
}

static void nd_plain(struct net_device *dev)
{
	ether_setup(dev);
	dev->open = nd_open;
	dev->stop = nd_close;
	dev->hard_start_xmit = nd_xmit;
}

static void nd_remove(struct net_device *dev)
{
	unregister_netdev(dev);
	kfree(dev->priv);
	kfree(dev);
}
MODULE_LICENSE("GPL");
