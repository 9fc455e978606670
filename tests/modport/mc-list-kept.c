/*
 * mc-list, the negative control: a walk that counts as it goes ("for (i =
 * 0, mc = dev->mc_list; i < dev->mc_count; i++, mc = mc->next)", as
 * 8139too's) is not netdev_for_each_mc_addr() alone: every use of the
 * list in the file is reported, with why.
 */
#include <linux/module.h>
#include <linux/netdevice.h>

static void mk_set_rx_mode(struct net_device *dev, u32 *filter)
{
	struct dev_mc_list *mc;
	int i;

	for (i = 0, mc = dev->mc_list; mc && i < dev->mc_count;
	     i++, mc = mc->next)
		filter[i & 1] |= mc->dmi_addr[5];
}
MODULE_LICENSE("GPL");
