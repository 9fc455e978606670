/*
 * A 2.4-style net driver that allocates its private area apart and sets
 * dev->priv: every use of dev->priv is left to a person (the area must be
 * allocated with the net_device).  SET_MODULE_OWNER goes.
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/slab.h>

struct np_local {
	int txing;
};

static int np_init(struct net_device *dev)
{
	SET_MODULE_OWNER(dev);
	if (dev->priv == NULL)
		dev->priv = kmalloc(sizeof(struct np_local), GFP_KERNEL);
	return dev->priv ? 0 : -ENOMEM;
}

static int np_start(struct net_device *dev)
{
	struct np_local *lp = (struct np_local *)dev->priv;

	lp->txing = 1;
	return 0;
}
MODULE_LICENSE("GPL");
