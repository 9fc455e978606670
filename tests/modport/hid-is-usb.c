// SPDX-License-Identifier: GPL-2.0
/*
 * A REWRITE row of the table: hid_is_using_ll_driver(hdev, &usb_hid_driver)
 * is hid_is_usb(hdev) since 5.16 (the former is gone after 6.1: digimend).
 * Negative control: another low-level driver is not a USB test (the gone
 * rule names it).
 */
#include <linux/hid.h>
#include <linux/usb.h>
static int probe(struct hid_device *hdev)
{
	if (!hid_is_using_ll_driver(hdev, &usb_hid_driver))
		return -ENODEV;
	if (hid_is_using_ll_driver(hdev, &i2c_hid_ll_driver))
		return 1;
	return 0;
}
