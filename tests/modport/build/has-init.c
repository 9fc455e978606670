#include <linux/init.h>
#include <linux/module.h>
#include <linux/kernel.h>

/* __init and __exit are kept; <linux/init.h> is already there. */
/* expect: modport has-init: annotated */
int __init init_module(void)
{
	printk(KERN_INFO "modport has-init: annotated\n");
	return 0;
}

/* expect: modport has-init: exit */
void __exit cleanup_module(void)
{
	printk(KERN_INFO "modport has-init: exit\n");
}

MODULE_LICENSE("GPL");
