/*
 * The 2.4 tree's idiom: the real entry points are built in or modular,
 * and an #ifdef MODULE pair of thin forwards serves insmod.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>

/* expect: modport wrapper: foo_init */
int __init foo_init(void)
{
	printk(KERN_INFO "modport wrapper: foo_init\n");
	return 0;
}

/* expect: modport wrapper: foo_cleanup */
void foo_cleanup(void)
{
	printk(KERN_INFO "modport wrapper: foo_cleanup\n");
}

#ifdef MODULE
MODULE_DESCRIPTION("modport module-wrapper fixture");

int init_module(void)
{
	return foo_init();
}

void cleanup_module(void)
{
	foo_cleanup();
}
#endif /* MODULE */
