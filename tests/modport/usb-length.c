/*
 * usb_bulk_msg() and usb_interrupt_msg() write the length they moved
 * through an int *: the address of a size_t (LDD3's usb-skeleton), a long
 * or an ssize_t is reported; an int's, a member's and another argument's
 * are not.
 */
#include <linux/module.h>
#include <linux/usb.h>

struct demo {
	struct usb_device *udev;
	unsigned char *buf;
	int got;
};

static ssize_t demo_read(struct demo *dev, size_t count)
{
	int retval, actual;
	long moved;
	ssize_t done;

	retval = usb_bulk_msg(dev->udev, usb_rcvbulkpipe(dev->udev, 1),
			      dev->buf, count, &count, HZ * 10);
	if (!retval)
		retval = usb_bulk_msg(dev->udev, usb_rcvbulkpipe(dev->udev, 1),
				      dev->buf, count, &actual, HZ);
	if (!retval)
		retval = usb_interrupt_msg(dev->udev, usb_rcvintpipe(dev->udev, 2),
					   dev->buf, count, &moved, HZ);
	if (!retval)
		retval = usb_interrupt_msg(dev->udev, usb_rcvintpipe(dev->udev, 2),
					   dev->buf, count, &done, HZ);
	if (!retval)
		retval = usb_bulk_msg(dev->udev, usb_rcvbulkpipe(dev->udev, 1),
				      dev->buf, count, &dev->got, HZ);
	return retval ? retval : count;
}

MODULE_LICENSE("GPL");
