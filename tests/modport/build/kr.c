#define MODULE
#include <linux/module.h>
#include <linux/kernel.h>

/* K&R definitions: () becomes (void). */
/* expect: modport kr: old style */
int init_module()
{
	printk(KERN_INFO "modport kr: old style\n");
	return 0;
}

/* expect: modport kr: gone */
void cleanup_module()
{
	printk(KERN_INFO "modport kr: gone\n");
}
