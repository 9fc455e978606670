#define MODULE
#include <linux/module.h>

int init_module(void)
{
	return 0;
}

void cleanup_module(void)
{
}

MODULE_LICENSE("GPL");
