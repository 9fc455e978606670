#include <linux/module.h>
#include <linux/string.h>
#include "../include/bus.h"

int bus_count;
EXPORT_SYMBOL(bus_count);

int bus_add(struct bus_dev *d)
{
	return ++bus_count;
}
EXPORT_SYMBOL(bus_add);

void bus_del(struct bus_dev *d)
{
	bus_count--;
}
EXPORT_SYMBOL_GPL(bus_del);

int bus_helper(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(bus_helper);

/* a compat copy for old kernels: the kernel of 6.1 exports its own */
size_t strlcpy(char *dst, const char *src, size_t size)
{
	return 0;
}
EXPORT_SYMBOL(strlcpy);

MODULE_LICENSE("GPL");

void bus_reset(void)
{
	bus_count = 0;
}
EXPORT_SYMBOL(bus_reset);
