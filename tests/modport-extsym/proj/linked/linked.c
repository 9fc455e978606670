#include <linux/module.h>
#include "../include/bus.h"

static struct bus_dev dev;

static int __init linked_init(void)
{
	return bus_add(&dev) < 0;
}

module_init(linked_init);
MODULE_LICENSE("GPL");
