/* A forwarding init_module, but a cleanup_module with real code. */
#include <linux/module.h>

static int bar_probe(void)
{
	return 0;
}

#ifdef MODULE
int init_module(void) { return bar_probe(); }

void cleanup_module(void)
{
	printk(KERN_INFO "bye\n");
	bar_release();
}
#endif

/* A dead copy does not count as a use. */
#if 0
int init_module(void) { return other_init(); }
#endif
