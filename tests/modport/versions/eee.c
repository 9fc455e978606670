/*
 * ethtool_ops.get_eee and .set_eee take a struct ethtool_keee * since 6.9
 * (a struct ethtool_eee * before): its supported, advertised and
 * lp_advertised are link-mode bitmaps, the other members keep their
 * names.  A function whose body uses the parameter only as eee->member is
 * converted as the kernel's drivers were (both ways under #if where the
 * target straddles 6.9); the others are named with the reason.
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>
#include <linux/phy.h>
#include <net/dsa.h>

static int good_set_eee(struct net_device *dev, struct ethtool_eee *eee);

static int good_get_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	u32 adv = 0x20, lp = 0x20;

	eee->eee_enabled = 1;
	eee->eee_active = !!(adv & lp);
	eee->supported = adv | lp;
	eee->advertised = adv;
	eee->lp_advertised = lp;
	eee->tx_lpi_timer = 0;
	return 0;
}

static int good_set_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	u32 want;

	if (eee->advertised & ~0x28u)
		return -EINVAL;
	want = eee->advertised | eee->supported;
	netdev_info(dev, "eee %u %x\n", eee->eee_enabled, want);
	return 0;
}

static const struct ethtool_ops good_ops = {
	.get_eee = good_get_eee,
	.set_eee = good_set_eee,
};

/* passes the parameter on: left to a person */
static int helper(struct ethtool_eee *eee)
{
	return eee->eee_enabled;
}

static int on_get_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	return helper(eee);
}

/* eee->cmd is not in struct ethtool_keee; |= is no u32 any more */
static int cmd_get_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	eee->cmd = 0;
	return 0;
}

static int or_set_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	eee->advertised |= 0x20;
	return 0;
}

static const struct ethtool_ops bad_ops = {
	.get_eee = on_get_eee,
	.set_eee = or_set_eee,
};

static const struct ethtool_ops cmd_ops = {
	.get_eee = cmd_get_eee,
};

/* passed on to phylib, whose own functions took the new struct in 6.9 */
static int phy_get_eee(struct net_device *dev, struct ethtool_eee *eee)
{
	if (!dev->phydev)
		return -ENODEV;
	return phy_ethtool_get_eee(dev->phydev, eee);
}

static const struct ethtool_ops phy_ops = {
	.get_eee = phy_get_eee,
};

/* a DSA switch's set_mac_eee: the same change, the same conversion */
static int demo_set_mac_eee(struct dsa_switch *ds, int port,
			    struct ethtool_eee *e)
{
	return e->tx_lpi_enabled && !e->advertised ? -EINVAL : 0;
}

static const struct dsa_switch_ops demo_dsa_ops = {
	.set_mac_eee = demo_set_mac_eee,
};
MODULE_LICENSE("GPL");
