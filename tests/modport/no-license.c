#include <linux/module.h>

/* fix without --license: the rest is fixed, the license is left. */
int init_module(void)
{
	return 0;
}

void cleanup_module(void)
{
}
