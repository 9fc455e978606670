#include <linux/module.h>
#define GREETING "init_module \
cleanup_module"

int init_module(void)
{
	return 0;
}

// a line comment, continued \
int init_module(void) is not code here

void cleanup_module(void)
{
}
