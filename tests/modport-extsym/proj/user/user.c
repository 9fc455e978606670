#include <linux/module.h>
#include <linux/init.h>
#include <linux/string.h>
#include "../include/bus.h"

static struct bus_dev dev;
static char name[16];

/* The module's own bus_helper: defined here, so its build has it. */
int bus_helper(int x)
{
	return x - 1;
}

static int __init user_init(void)
{
	int n = bus_add(&dev);

	n += bus_add(&dev);		/* named once: its first use */
	n += bus_helper(n);
	n += bus_nowhere(n);		/* no module of the project exports it */
	n += bus_count;
	bus_reset();			/* extra.c defines it */
	strlcpy(name, "user", sizeof(name));
	if (dev.bus_add)		/* a member, not the function */
		n++;
#if 0
	bus_del(&dev);
#endif
	return n < 0;
}

static void __exit user_exit(void)
{
	bus_del(&dev);
}

module_init(user_init);
module_exit(user_exit);
MODULE_LICENSE("GPL");
