// SPDX-License-Identifier: GPL-2.0
/*
 * Methods set in the #else of a feature test whose other branch gives a
 * net_device_ops (dahdi's wctc4xxp): converting them would make a second
 * net_device_ops of functions that may not exist.  Reported, not changed.
 */
#include <linux/module.h>
#include <linux/netdevice.h>

static int demo_open(struct net_device *dev)
{
	return 0;
}

#ifdef HAVE_NET_DEVICE_OPS
static const struct net_device_ops demo_netdev_ops = {
	.ndo_open = demo_open,
};
#endif

static void demo_setup(struct net_device *dev)
{
#ifdef HAVE_NET_DEVICE_OPS
	dev->netdev_ops = &demo_netdev_ops;
#else
	dev->open = demo_open;
#endif
}
