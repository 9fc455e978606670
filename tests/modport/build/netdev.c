/*
 * A 2.6.20-era network driver: two interfaces that hand each other what
 * they send (as LDD3's snull), its methods set by hand on the net_device,
 * its header method, dev->priv, trans_start, its address written in
 * dev_addr, the old NAPI (off, as snull's default), SET_MODULE_OWNER and
 * NETIF_F_NO_CSUM.  modport's netdev rules must leave a module that builds
 * and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/skbuff.h>

struct mpnet_priv {
	struct net_device_stats stats;
	int id;
};

static struct net_device *mpnet_devs[2];
static int use_napi;

static int mpnet_open(struct net_device *dev)
{
	netif_start_queue(dev);
	return 0;
}

static int mpnet_stop(struct net_device *dev)
{
	netif_stop_queue(dev);
	return 0;
}

/* The interrupt of the other interface: the packet has arrived. */
static irqreturn_t mpnet_interrupt(int irq, void *dev_id)
{
	struct sk_buff *skb = dev_id;

	dev_kfree_skb(skb);
	return IRQ_HANDLED;
}

static int mpnet_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct mpnet_priv *priv = dev->priv;

	dev->trans_start = jiffies;
	dev->last_rx = jiffies;
	priv->stats.tx_packets++;
	priv->stats.tx_bytes += skb->len;
	mpnet_interrupt(0, skb);
	if (use_napi)
		netif_rx_schedule(dev);
	return 0;
}

static int mpnet_poll(struct net_device *dev, int *budget)
{
	int quota = min(dev->quota, *budget);

	*budget -= quota;
	dev->quota -= quota;
	if (quota > 1)
		return 1;
	netif_rx_complete(dev);
	return 0;
}

static struct net_device_stats *mpnet_stats(struct net_device *dev)
{
	struct mpnet_priv *priv = dev->priv;

	return &priv->stats;
}

static void mpnet_timeout(struct net_device *dev)
{
	printk(KERN_INFO "mpnet: %s: timeout after %lu jiffies\n", dev->name,
	       jiffies - dev->trans_start);
	netif_wake_queue(dev);
}

static int mpnet_header(struct sk_buff *skb, struct net_device *dev,
			unsigned short type, void *daddr, void *saddr,
			unsigned int len)
{
	struct ethhdr *eth = (struct ethhdr *)skb_push(skb, ETH_HLEN);

	eth->h_proto = htons(type);
	memcpy(eth->h_source, saddr ? saddr : dev->dev_addr, ETH_ALEN);
	memcpy(eth->h_dest, daddr ? daddr : dev->dev_addr, ETH_ALEN);
	return dev->hard_header_len;
}

static void mpnet_setup(struct net_device *dev)
{
	ether_setup(dev);
	SET_MODULE_OWNER(dev);
	dev->open = mpnet_open;
	dev->stop = mpnet_stop;
	dev->hard_start_xmit = mpnet_xmit;
	dev->get_stats = mpnet_stats;
	dev->tx_timeout = mpnet_timeout;
	dev->hard_header = mpnet_header;
	dev->hard_header_cache = NULL;
	if (use_napi) {
		dev->poll = mpnet_poll;
		dev->weight = 16;
	}
	dev->watchdog_timeo = 5 * HZ;
	dev->flags |= IFF_NOARP;
	dev->features |= NETIF_F_NO_CSUM;
}

static void mpnet_cleanup(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		if (!mpnet_devs[i])
			continue;
		unregister_netdev(mpnet_devs[i]);
		free_netdev(mpnet_devs[i]);
	}
}

static int __init mpnet_init(void)
{
	struct mpnet_priv *priv;
	int i, ret;

	for (i = 0; i < 2; i++) {
		mpnet_devs[i] = alloc_netdev(sizeof(struct mpnet_priv), "mpnet%d",
					     mpnet_setup);
		if (!mpnet_devs[i]) {
			mpnet_cleanup();
			return -ENOMEM;
		}
		priv = mpnet_devs[i]->priv;
		priv->id = i;
		memcpy(mpnet_devs[i]->dev_addr, "\0MPNT0", ETH_ALEN);
		mpnet_devs[i]->dev_addr[ETH_ALEN - 1] = '0' + i;
		ret = register_netdev(mpnet_devs[i]);
		if (ret) {
			free_netdev(mpnet_devs[i]);
			mpnet_devs[i] = NULL;
			mpnet_cleanup();
			return ret;
		}
		/* expect: mpnet: mpnet0 registered, id 0, address 00:4d:50:4e:54:30 */
		/* expect: mpnet: mpnet1 registered, id 1, address 00:4d:50:4e:54:31 */
		printk(KERN_INFO "mpnet: %s registered, id %d, address %pM\n",
		       mpnet_devs[i]->name, priv->id, mpnet_devs[i]->dev_addr);
	}
	return 0;
}

static void __exit mpnet_exit(void)
{
	mpnet_cleanup();
}

module_init(mpnet_init);
module_exit(mpnet_exit);
MODULE_LICENSE("GPL");
