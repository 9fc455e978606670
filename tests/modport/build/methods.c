/*
 * Methods whose signatures the kernel changed, written for 6.1, which
 * 7.3 rejects: a platform driver's .remove returns void since 6.11, a
 * bus's .uevent takes a const struct device * since 6.3 and its .match a
 * const struct device_driver * since 6.11.  The method rule keeps both
 * forms under #if LINUX_VERSION_CODE: the module must build and load on
 * both, and its bus and driver register and go.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/platform_device.h>

static int methods_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	return add_uevent_var(env, "METHODS=1");
}

static int methods_match(struct device *dev, struct device_driver *drv)
{
	return 0;
}

static struct bus_type methods_bus = {
	.name		= "modport_methods",
	.uevent		= methods_uevent,
	.match		= methods_match,
};

static int methods_probe(struct platform_device *pdev)
{
	return 0;
}

static int methods_remove(struct platform_device *pdev)
{
	dev_info(&pdev->dev, "removed\n");
	return 0;
}

static struct platform_driver methods_driver = {
	.probe		= methods_probe,
	.remove		= methods_remove,
	.driver		= {
		.name	= "modport_methods",
	},
};

static int __init methods_init(void)
{
	int ret = bus_register(&methods_bus);

	if (ret)
		return ret;
	ret = platform_driver_register(&methods_driver);
	if (ret) {
		bus_unregister(&methods_bus);
		return ret;
	}
	pr_info("methods: bus and driver registered\n");	/* expect: methods: bus and driver registered */
	return 0;
}

static void __exit methods_exit(void)
{
	platform_driver_unregister(&methods_driver);
	bus_unregister(&methods_bus);
	pr_info("methods: done\n");	/* expect: methods: done */
}

module_init(methods_init);
module_exit(methods_exit);
MODULE_LICENSE("GPL");
