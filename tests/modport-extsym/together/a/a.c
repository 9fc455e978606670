#include <linux/module.h>

int a_hello(void)
{
	return 1;
}
EXPORT_SYMBOL(a_hello);
MODULE_LICENSE("GPL");
