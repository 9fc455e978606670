/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A header's uses of what 6.1..7.3 lacks: a call is judged in the header
 * (hid_is_using_ll_driver(), gone after 6.1); a name that is not called
 * (ctl_table, a type gone since 3.18) or a member (trans_start) may come
 * from the file that includes the header, and is judged there.
 */
#ifndef GONE_HEADER_H
#define GONE_HEADER_H

#include <linux/hid.h>
#include <linux/netdevice.h>

static inline int demo_is_i2c(struct hid_device *hdev)
{
	return hid_is_using_ll_driver(hdev, &i2c_hid_ll_driver);
}

static inline void demo_stamp(struct net_device *dev, ctl_table *table)
{
	dev->trans_start = jiffies;
	(void)table;
}

#endif
