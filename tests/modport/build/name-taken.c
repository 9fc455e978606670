#include <linux/module.h>
#include <linux/kernel.h>

/* name_taken_init is already a name here: modport picks another. */
static int name_taken_init = 7;

/* expect: modport name-taken: 7 */
int init_module(void)
{
	printk(KERN_INFO "modport name-taken: %d\n", name_taken_init);
	return 0;
}

/* expect: modport name-taken: bye */
void cleanup_module(void)
{
	printk(KERN_INFO "modport name-taken: bye\n");
}
