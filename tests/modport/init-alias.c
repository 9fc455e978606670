/*
 * What the rename cannot take: an alias of init_module, an entry point
 * defined beside module_exit() for older kernels, and a stale declaration.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/version.h>

#define alias_start init_module

int alias_start(void)
{
	return 0;
}

static void __exit alias_stop(void)
{
}

#ifdef CONFIG_OLD_ENTRY_POINTS
void cleanup_module(void)
{
	alias_stop();
}
#endif

module_exit(alias_stop);
MODULE_LICENSE("GPL");
