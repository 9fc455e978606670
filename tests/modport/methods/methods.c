/*
 * The method rule over the kinds of change, and what it must leave alone.
 * Target: the default, 6.1..7.3.
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>
#include <linux/i2c.h>
#include <linux/hid.h>
#include <linux/platform_device.h>
#include "other.h"

/* 5.6 added the queue's index: every kernel of the target has it. */
static void demo_tx_timeout(struct net_device *dev)
{
	netdev_warn(dev, "timeout\n");
}

static const struct net_device_ops demo_ops = {
	.ndo_tx_timeout	= demo_tx_timeout,
};

/* 6.3 dropped the id; this probe never used it. */
static int demo_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	return 0;
}

/* This one uses it: i2c_client_get_device_id() gives it back. */
static int demo_probe_id(struct i2c_client *client,
			 const struct i2c_device_id *id)
{
	return id->driver_data ? 0 : -ENODEV;
}

/* i2c's .remove has been void since 6.1: this one is already. */
static void demo_remove(struct i2c_client *client)
{
}

static struct i2c_driver demo_i2c = {
	.probe	= demo_probe,
	.remove	= demo_remove,
};

static struct i2c_driver demo_i2c_id = {
	.probe	= demo_probe_id,
};

/* 6.12: report_fixup returns a const pointer. */
static __u8 *demo_fixup(struct hid_device *hdev, __u8 *rdesc,
			unsigned int *rsize)
{
	return rdesc;
}

static struct hid_driver demo_hid = {
	.report_fixup	= demo_fixup,
};

/* 6.11: void .remove; an error returned is dropped by a wrapper. */
static int demo_pdev_remove(struct platform_device *pdev)
{
	if (!platform_get_drvdata(pdev))
		return -ENODEV;
	return 0;
}

static struct platform_driver demo_pdrv = {
	.remove	= demo_pdev_remove,
};

/* 6.9: ethtool_keee for ethtool_eee; eee_enabled, which both have, is read: converted. */
static int demo_get_eee(struct net_device *dev, struct ethtool_eee *e)
{
	return e->eee_enabled ? 0 : -EOPNOTSUPP;
}

static const struct ethtool_ops demo_ethtool = {
	.get_eee	= demo_get_eee,
};

/* Defined elsewhere: nothing to read, nothing said. */
extern int other_file_remove(struct platform_device *pdev);

static struct platform_driver demo_pdrv2 = {
	.remove	= other_file_remove,
};

/* Defined in another file, declared in a local header: a wrapper here. */
static struct platform_driver demo_pdrv3 = {
	.remove	= other_remove,
};
