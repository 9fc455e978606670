/*
 * extmod-symbol: bus_add() is ../bus/bus.c's, another module of the
 * project; built alone, this module's modpost finds it undefined.
 */
#include <linux/module.h>
#include <linux/init.h>

extern int bus_add(int n);

static int __init user_init(void)
{
	return bus_add(0) < 0;
}

module_init(user_init);
MODULE_LICENSE("GPL");
