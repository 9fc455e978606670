/*
 * net_device shapes modport's netdev rules convert, and those they leave
 * to a person, with the reason (a 2.6.20-era driver).
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/pci.h>

static int use_napi;

static int nd_open(struct net_device *dev)
{
	memcpy(dev->dev_addr, "\0ND000", ETH_ALEN);
	if (dev->dev_addr[0] == 0)	/* a read: kept */
		dev->dev_addr[ETH_ALEN - 1]++;
	dev->dev_addr[0] |= 2;		/* not a plain store: reported */
	return 0;
}

static int nd_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev->trans_start = jiffies;
	dev_kfree_skb(skb);		/* not in an interrupt handler: kept */
	return 0;
}

static void nd_timeout(struct net_device *dev);

static void nd_set_rx_mode(struct net_device *dev)
{
	struct dev_mc_list *m;	/* netdev_for_each_mc_addr() from 2.6.35 */

	for (m = dev->mc_list; m; m = m->next)
		dev->last_rx = jiffies;
}

static int nd_poll(struct net_device *dev, int *budget)
{
	int done = min(dev->quota, *budget);

	dev->quota -= done;
	return 0;
}

/* Converted: one device, plain names, declared before. */
static void nd_setup(struct net_device *dev)
{
	dev->open = &nd_open;
	dev->hard_start_xmit = nd_xmit;
	dev->tx_timeout = nd_timeout;
	dev->set_multicast_list = nd_set_rx_mode;
	dev->stop = NULL;
	if (use_napi) {
		dev->poll = nd_poll;
		dev->weight = 16;
	}
}

/* Reported: a method set under a condition. */
static void nd_setup_cond(struct net_device *dev)
{
	if (!dev->open)
		dev->open = nd_open;
}

/* Reported: a method set to an expression. */
static int (*nd_opens[2])(struct net_device *);
static void nd_setup_expr(struct net_device *dev, int i)
{
	dev->open = nd_opens[i];
}

/* Reported: a function declared after the one that sets it. */
static void nd_setup_late(struct net_device *dev)
{
	dev->stop = nd_late_stop;
}

static int nd_late_stop(struct net_device *dev)
{
	return 0;
}

/* Reported: two devices in one function. */
static void nd_setup_two(struct net_device *a, struct net_device *b)
{
	a->open = nd_open;
	b->open = nd_open;
}

static void nd_timeout(struct net_device *dev)
{
	dev->trans_start += HZ;		/* not a plain stamp: reported */
}

static struct pci_driver nd_driver;

static int __init nd_init(void)
{
	return pci_module_init(&nd_driver);
}
module_init(nd_init);
MODULE_LICENSE("GPL");
