/*
 * A 6.1-era network driver's pieces that 7.3 rejects: ethtool_ops.get_eee
 * and .set_eee take a struct ethtool_keee * since 6.9 (its supported,
 * advertised and lp_advertised are link-mode bitmaps), and
 * skb_gso_segment() is declared by <net/gso.h> since 6.5 (6.4.10), a
 * header 6.1 does not have.  After modport the module must build and load
 * on both: the functions kept both ways under #if LINUX_VERSION_CODE, the
 * #include too.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>

static int eee_get_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	u32 adv = 0x20;

	eee->eee_enabled = 1;
	eee->eee_active = 1;
	eee->supported = adv;
	eee->advertised = adv;
	eee->lp_advertised = adv;
	return 0;
}

static int eee_set_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	if (eee->advertised & ~0x28u)
		return -EINVAL;
	netdev_info(dev, "eee %u\n", eee->eee_enabled);
	return 0;
}

static const struct ethtool_ops eee_ops = {
	.get_eee = eee_get_eee,
	.set_eee = eee_set_eee,
};

struct sk_buff *eee_segment(struct sk_buff *skb);
struct sk_buff *eee_segment(struct sk_buff *skb)
{
	return skb_gso_segment(skb, 0);
}
EXPORT_SYMBOL_GPL(eee_segment);

static int __init eee_init(void)
{
	struct net_device *dev = alloc_etherdev(0);

	if (!dev)
		return -ENOMEM;
	dev->ethtool_ops = &eee_ops;
	free_netdev(dev);
	pr_info("eee: ethtool ops set\n");	/* expect: eee: ethtool ops set */
	return 0;
}

static void __exit eee_exit(void)
{
	pr_info("eee: done\n");	/* expect: eee: done */
}

module_init(eee_init);
module_exit(eee_exit);
MODULE_LICENSE("GPL");
