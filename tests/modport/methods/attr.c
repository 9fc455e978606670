/*
 * The method rule through the driver core's attribute macros: a 2.6.0-era
 * show and store, which DEVICE_ATTR(name, mode, show, store) puts in a
 * struct device_attribute, take the attribute since 2.6.13 (LDD3's
 * sculld).  Left alone: a show already in today's form, a NULL store, a
 * function of the old form that no macro names; named, not fixed: a show
 * the file calls itself.
 */
#include <linux/module.h>
#include <linux/device.h>

static int demo_value;

static ssize_t demo_show_value(struct device *dev, char *buf)
{
	return sprintf(buf, "%d\n", demo_value);
}

static ssize_t demo_store_value(struct device *dev, const char *buf,
				size_t count)
{
	return kstrtoint(buf, 0, &demo_value) ? -EINVAL : count;
}

static DEVICE_ATTR(value, 0644, demo_show_value, demo_store_value);

/* Today's form already, and a NULL store. */
static ssize_t demo_show_name(struct device *dev, struct device_attribute *attr,
			      char *buf)
{
	return sprintf(buf, "demo\n");
}

static DEVICE_ATTR(name, 0444, demo_show_name, NULL);

/* The old form, in no attribute: not a method. */
static ssize_t demo_format(struct device *dev, char *buf)
{
	return sprintf(buf, "%s\n", dev_name(dev));
}

/* Called here too: its signature cannot change. */
static ssize_t demo_show_twice(struct device *dev, char *buf)
{
	return sprintf(buf, "twice\n");
}

static DEVICE_ATTR(twice, 0444, demo_show_twice, NULL);

static ssize_t demo_both(struct device *dev, char *buf)
{
	return demo_show_twice(dev, buf) + demo_format(dev, buf);
}

MODULE_LICENSE("GPL");
