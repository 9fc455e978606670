/* Macros and variables named like the entry points are not functions. */
#define MODULE 1
#define init_module compat_init_module
#include <linux/module.h>

struct ops {
	int (*init_module)(void);
	void (*cleanup_module)(void);
};

static int cleanup_module_done;
static int init_module_count;

int init_module(void)	/* really compat_init_module: hands off */
{
	return init_module_count;
}

static void teardown(struct ops *ops)
{
	int cleanup_module = 0;

	ops->cleanup_module();
	cleanup_module_done = cleanup_module;
}

static struct ops my_ops = {
	.init_module = 0,
	.cleanup_module = 0,
};
