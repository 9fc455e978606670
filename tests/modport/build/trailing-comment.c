#include <linux/module.h>
#include <linux/kernel.h>

/* expect: modport trailing-comment: on */
int init_module(void)
{
	printk(KERN_INFO "modport trailing-comment: on\n");
	return 0;
} /* end of init_module */

/* expect: modport trailing-comment: off */
void cleanup_module(void)
{
	printk(KERN_INFO "modport trailing-comment: off\n");
} /* end of cleanup_module,
   * a comment that goes on */
