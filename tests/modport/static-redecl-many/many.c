/*
 * static-redecl through a header that includes many others, each of which
 * spells the name (in a macro) without declaring it: all of them are read,
 * one by one, while the first header's own walk goes on to its extern,
 * after them.
 */
#include <linux/module.h>
#include "many.h"

static int many_flag;	/* extern in many.h, after its includes: the static goes */

int many_get(void)
{
	return many_flag;
}
MODULE_LICENSE("GPL");
