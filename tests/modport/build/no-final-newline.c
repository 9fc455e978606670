#include <linux/module.h>
#include <linux/kernel.h>

/* No newline at the end of this file. */
/* expect: modport no-final-newline: in */
int init_module(void)
{
	printk(KERN_INFO "modport no-final-newline: in\n");
	return 0;
}

/* expect: modport no-final-newline: out */
void cleanup_module(void)
{
	printk(KERN_INFO "modport no-final-newline: out\n");
}