/*
 * A 2.6.10-era bus with no other sign of its age: the members no modern
 * structure has (.bus_id of a struct device, .hotplug of a struct
 * bus_type) are the cue, and every bus-id site is reported.
 */
#include <linux/module.h>
#include <linux/device.h>

static int demo_hotplug(struct device *dev, char **envp, int num_envp,
			char *buffer, int buffer_size)
{
	return 0;
}

static int demo_match(struct device *dev, struct device_driver *driver)
{
	return !strncmp(dev->bus_id, driver->name, strlen(driver->name));
}

struct bus_type demo_bus_type = {
	.name = "demo",
	.match = demo_match,
	.hotplug = demo_hotplug,
};

struct device demo_bus = {
	.bus_id = "demo0",
};
