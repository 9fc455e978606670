/*
 * A device attribute of the 2.6.0 era (LDD3's sculld): its show and store
 * take no struct device_attribute *, which DEVICE_ATTR() rejects since the
 * compiler's incompatible pointers became errors.  The method rule gives
 * them the parameter: the module must build, create the attribute on a
 * root device, and read it back through its show.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/slab.h>

static struct device *attr_dev;
static int attr_value = 42;

static ssize_t attr_show_value(struct device *dev, char *buf)
{
	return sprintf(buf, "%d\n", attr_value);
}

static ssize_t attr_store_value(struct device *dev, const char *buf,
				size_t count)
{
	return kstrtoint(buf, 0, &attr_value) ? -EINVAL : count;
}

static DEVICE_ATTR(value, 0644, attr_show_value, attr_store_value);

static int __init attr_init(void)
{
	char *buf;
	int ret;

	attr_dev = root_device_register("modport_attr");
	if (IS_ERR(attr_dev))
		return PTR_ERR(attr_dev);
	ret = device_create_file(attr_dev, &dev_attr_value);
	if (ret) {
		root_device_unregister(attr_dev);
		return ret;
	}
	buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (buf && dev_attr_value.show(attr_dev, &dev_attr_value, buf) > 0)
		pr_info("modport device-attr: value %s", buf);	/* expect: modport device-attr: value 42 */
	kfree(buf);
	return 0;
}

static void __exit attr_exit(void)
{
	device_remove_file(attr_dev, &dev_attr_value);
	root_device_unregister(attr_dev);
}

module_init(attr_init);
module_exit(attr_exit);
MODULE_LICENSE("GPL");
