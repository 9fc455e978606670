/* A 2.4 bus mouse: busmouse.c, 2.4's, exported what it calls. */
#include <linux/module.h>
#include <linux/init.h>
#include "busmouse.h"

static int msedev;
MODULE_PARM(msedev, "i");

static int __init mouse_init(void)
{
	msedev = register_busmouse(NULL);
	return msedev < 0 ? msedev : 0;
}

static void __exit mouse_exit(void)
{
	unregister_busmouse(msedev);
}

module_init(mouse_init);
module_exit(mouse_exit);
