/*
 * A 2.4 network driver split as 8390's core and its boards are, in one
 * file: a shared setup function that allocates the private area itself
 * (if dev->priv is NULL) and sets the core's methods, a probe that
 * allocates the net_device with no area (alloc_etherdev(0)), calls the
 * setup and sets its own open and stop over them, a multicast walk over
 * dev->mc_list, a 16-bit copy through a cast lvalue, a static function
 * exported, and kfree() of the area and of the device.  modport's fixes
 * must leave a module that builds and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/skbuff.h>

struct n24_priv {
	struct net_device_stats stats;
	spinlock_t lock;
	int id;
	u16 words[2];
};

static struct net_device *n24_dev;
static int n24_setup(struct net_device *dev);

static int n24_open(struct net_device *dev)
{
	netif_start_queue(dev);
	return 0;
}

static int n24_stop(struct net_device *dev)
{
	netif_stop_queue(dev);
	return 0;
}

static int n24_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct n24_priv *lp = (struct n24_priv *)dev->priv;

	lp->stats.tx_packets++;
	dev_kfree_skb(skb);
	return 0;
}

static struct net_device_stats *n24_stats(struct net_device *dev)
{
	struct n24_priv *lp = (struct n24_priv *)dev->priv;

	return &lp->stats;
}

/* The multicast filter: count the addresses the walk meets. */
static int n24_filter(struct net_device *dev)
{
	struct dev_mc_list *dmi;
	int n = 0;

	for (dmi = dev->mc_list; dmi; dmi = dmi->next) {
		if (dmi->dmi_addrlen != ETH_ALEN)
			continue;
		if (dmi->dmi_addr[0] & 1)
			n++;
	}
	return n;
}

static void n24_set_multicast(struct net_device *dev)
{
	if (dev->mc_list || (dev->flags & IFF_ALLMULTI))
		n24_filter(dev);
}

int n24_setup(struct net_device *dev)
{
	if (dev->priv == NULL) {
		struct n24_priv *lp;

		dev->priv = kmalloc(sizeof(struct n24_priv), GFP_KERNEL);
		if (dev->priv == NULL)
			return -ENOMEM;
		memset(dev->priv, 0, sizeof(struct n24_priv));
		lp = (struct n24_priv *)dev->priv;
		spin_lock_init(&lp->lock);
	}
	dev->hard_start_xmit = n24_xmit;
	dev->get_stats = n24_stats;
	dev->set_multicast_list = n24_set_multicast;
	ether_setup(dev);
	return 0;
}
EXPORT_SYMBOL(n24_setup);

/* Two 16-bit words from a byte buffer, as 2.4's block_input read them. */
static void n24_words(struct n24_priv *lp, const unsigned char *buf)
{
	u16 *w = lp->words;

	*w++ = *((u16 *)buf)++;
	*w = *((u16 *)buf)++;
}

static int __init n24_init(void)
{
	static const unsigned char bytes[4] = { 1, 2, 3, 4 };
	struct net_device *dev;
	struct n24_priv *lp;
	int ret;

	dev = alloc_etherdev(0);
	if (!dev)
		return -ENOMEM;
	if (n24_setup(dev)) {
		ret = -ENOMEM;
		goto out_free;
	}
	dev->open = n24_open;
	dev->stop = n24_stop;
	lp = (struct n24_priv *)dev->priv;
	lp->id = 24;
	n24_words(lp, bytes);
	ret = register_netdev(dev);
	if (ret)
		goto out_free_priv;
	n24_dev = dev;
	/* expect: n24: registered, id 24, words 0201 0403 */
	printk(KERN_INFO "n24: registered, id %d, words %04x %04x\n",
	       lp->id, lp->words[0], lp->words[1]);
	printk(KERN_INFO "n24: %d multicast addresses\n", n24_filter(dev));
	return 0;

out_free_priv:
	kfree(dev->priv);
out_free:
	kfree(dev);
	return ret;
}

static void __exit n24_exit(void)
{
	unregister_netdev(n24_dev);
	kfree(n24_dev->priv);
	kfree(n24_dev);
}

module_init(n24_init);
module_exit(n24_exit);
MODULE_LICENSE("GPL");
