/*
 * static-export: a function the file exports and declares static (8390.c's
 * ei_tx_timeout) loses its static, the prototype's and the definition's.
 * Negative controls: se_twice() has two definitions, one per #if branch
 * (x86's arch_register_cpu), and se_count is an object.
 */
#include <linux/module.h>

static void se_reset(int how);
static int se_count;

static void se_reset(int how)
{
	se_count = how;
}
EXPORT_SYMBOL(se_reset);
EXPORT_SYMBOL(se_count);

#ifdef CONFIG_SE_HOTPLUG
int se_twice(int n)
{
	return n;
}
EXPORT_SYMBOL(se_twice);
#else
static int se_twice(int n)
{
	return 0;
}
#endif
MODULE_LICENSE("GPL");
