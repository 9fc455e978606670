/*
 * static-redecl through a chain of local headers: deep-a.h spells none of
 * the names, deep-b.h includes deep-c.h, whose extern is three deep and
 * read; deep-d.h's, four deep, is not.
 */
#include <linux/module.h>
#include "deep-a.h"

static int deep_verbose;	/* extern in deep-c.h: the static goes */
static int deep_far;		/* extern in deep-d.h, four deep: not read */
static int deep_mention;	/* deep-a.h names it in a comment only */
static int deep_alone;		/* no header spells it */

int deep_sum(void)
{
	return deep_verbose + deep_far + deep_mention + deep_alone;
}
MODULE_LICENSE("GPL");
