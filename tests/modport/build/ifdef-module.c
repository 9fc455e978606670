#include <linux/module.h>
#include <linux/kernel.h>

static int probe(void)
{
	return 0;
}

#ifdef MODULE
/* expect: modport ifdef-module: guarded */
int init_module(void)
{
	printk(KERN_INFO "modport ifdef-module: guarded\n");
	return probe();
}

/* expect: modport ifdef-module: unguarded */
void cleanup_module(void)
{
	printk(KERN_INFO "modport ifdef-module: unguarded\n");
}
#endif /* MODULE */
