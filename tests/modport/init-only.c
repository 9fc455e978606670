#include <linux/module.h>

/* Only an init function: only module_init(). */
int init_module(void)
{
	return 0;
}
