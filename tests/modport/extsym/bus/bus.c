/* extmod-symbol: the module that exports bus_add() (see ../user/user.c). */
#include <linux/module.h>

int bus_add(int n)
{
	return n + 1;
}
EXPORT_SYMBOL(bus_add);

MODULE_LICENSE("GPL");
