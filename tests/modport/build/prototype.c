#include <linux/module.h>
#include <linux/kernel.h>

int init_module(void);
void cleanup_module(void);

static int ready;

/* expect: modport prototype: ready */
int init_module(void)
{
	ready = 1;
	if (!ready) {
		cleanup_module();
		return -ENODEV;
	}
	printk(KERN_INFO "modport prototype: ready\n");
	return 0;
}

/* expect: modport prototype: done */
void cleanup_module(void)
{
	printk(KERN_INFO "modport prototype: done\n");
}
