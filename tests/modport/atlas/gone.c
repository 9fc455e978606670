// SPDX-License-Identifier: GPL-2.0
/* The atlas's findings: what an older kernel had and 6.1..7.3 lacks. */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/sysctl.h>
#include <linux/tqueue.h>

static ctl_table demo_table[] = { { } };

/* A name the file defines itself shadows the atlas. */
static int pci_find_slot(int bus)
{
	return bus;
}

struct own {
	unsigned long trans_start;
};

static void demo(struct net_device *dev, struct own *o, void *data)
{
	struct pci_dev *pdev = pci_find_device(0x8086, 0x1234, NULL);
	struct sk_buff *skb = build_skb(data);

	dev->trans_start = jiffies;
	o->trans_start = jiffies;
	pci_find_slot(1);
#ifdef pci_find_device
	pci_dev_put(pdev);
#endif
	kfree_skb(skb);
}

MODULE_LICENSE("GPL");
