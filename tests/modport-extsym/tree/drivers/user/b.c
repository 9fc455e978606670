#include <linux/module.h>

extern int a_hello(void);

static int __init b_init(void)
{
	return a_hello() < 0;
}

module_init(b_init);
MODULE_LICENSE("GPL");
