/* Any spacing, a trailing comment: the line goes. */
#  define   MODULE	/* for 2.4 */
#define MODULE_NAME "define-spacing"
#include <linux/module.h>
#include <linux/kernel.h>

/* expect: modport define-spacing: start */
int init_module(void)
{
	printk(KERN_INFO "modport %s: start\n", MODULE_NAME);
	return 0;
}

/* expect: modport define-spacing: stop */
void cleanup_module(void)
{
	printk(KERN_INFO "modport %s: stop\n", MODULE_NAME);
}
