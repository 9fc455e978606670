#include <linux/module.h>
#include <linux/kernel.h>

extern int init_module(void);
extern void cleanup_module(void);

/* expect: modport extern-proto: hi */
int
init_module(void)
{
	printk(KERN_INFO "modport extern-proto: hi\n");
	return 0;
}

/* expect: modport extern-proto: bye */
void
cleanup_module(void)
{
	printk(KERN_INFO "modport extern-proto: bye\n");
}
