#include <linux/module.h>
#include <linux/kernel.h>

int init_module(void)
{
	printk(KERN_INFO "annotated\n");
	return 0;
}

void __exit cleanup_module(void)
{
}
