/*
 * mc-list: the walk of dev->mc_list becomes netdev_for_each_mc_addr()
 * over a struct netdev_hw_addr, dmi_addr its addr, dmi_addrlen the
 * device's addr_len; a test of the list !netdev_mc_empty(), a negated one
 * netdev_mc_empty(), mc_count netdev_mc_count().
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/crc32.h>

static void ml_bits(u8 *bits, struct net_device *dev)
{
	struct dev_mc_list *dmi;

	for (dmi = dev->mc_list; dmi != NULL; dmi = dmi->next) {
		u32 crc;

		if (dmi->dmi_addrlen != ETH_ALEN)
			continue;
		crc = ether_crc(ETH_ALEN, dmi->dmi_addr);
		bits[crc >> 29] |= 1 << ((crc >> 26) & 7);
	}
}

static void ml_set_rx_mode(struct net_device *dev)
{
	u8 bits[8] = { 0 };

	if (dev->flags & IFF_ALLMULTI || dev->mc_count > 32)
		memset(bits, 0xff, sizeof(bits));
	else if (dev->mc_list)
		ml_bits(bits, dev);
	if (!dev->mc_list)
		printk(KERN_DEBUG "%s: no multicast\n", dev->name);
}
MODULE_LICENSE("GPL");
