/*
 * SET_MODULE_OWNER on something that is no net_device, in a file without
 * one: reported, not removed.  A file that defines the macro itself (the
 * 2.4 compat block) is left alone.
 */
#include <linux/module.h>

struct thing {
	struct module *owner;
};

static struct thing t;

static int ow_init(void)
{
	SET_MODULE_OWNER(&t);
	return 0;
}
module_init(ow_init);
MODULE_LICENSE("GPL");
