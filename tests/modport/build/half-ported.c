#include <linux/module.h>
#include <linux/kernel.h>

/* As 6.1's 3c515.c: module_init() is used, cleanup_module() is not registered. */
/* expect: modport half-ported: init */
static int half_init(void)
{
	printk(KERN_INFO "modport half-ported: init\n");
	return 0;
}
module_init(half_init);

/* expect: modport half-ported: cleanup */
void cleanup_module(void)
{
	printk(KERN_INFO "modport half-ported: cleanup\n");
}

MODULE_LICENSE("GPL");
