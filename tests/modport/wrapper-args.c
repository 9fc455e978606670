#include <linux/module.h>

static int baz_init(int unit)
{
	return unit;
}

#ifdef MODULE
int init_module(void)
{
	return baz_init(0);
}

void cleanup_module(void)
{
	/* nothing to undo */
	baz_exit();
}
#endif
