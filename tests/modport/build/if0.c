#include <linux/module.h>
#include <linux/kernel.h>

#if 0
/* Dead code is not ported. */
int init_module(void)
{
	return -1;
}
#else
/* expect: modport if0: live */
int init_module(void)
{
	printk(KERN_INFO "modport if0: live\n");
	return 0;
}
#endif

/* expect: modport if0: unloaded */
void cleanup_module(void)
{
	printk(KERN_INFO "modport if0: unloaded\n");
}
