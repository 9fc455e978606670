/*
 * 2.4 code that GCC 4 and later reject: "static declaration of 'verbose'
 * follows non-static declaration" (sonypi.c after its sonypi.h), for a
 * variable and a function.  modport's static-redecl drops the static.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include "redecl24-local.h"

static int verbose = 1;	/* = 0 in sonypi.c */

static int redecl24_report(const char *what)
{
	if (verbose)
		printk(KERN_INFO "redecl24: %s\n", what);
	return 0;
}

static int __init redecl24_init(void)
{
	return redecl24_report("static after extern, loaded");	/* expect: redecl24: static after extern, loaded */
}

static void __exit redecl24_exit(void)
{
	redecl24_report("unloaded");	/* expect: redecl24: unloaded */
}

module_init(redecl24_init);
module_exit(redecl24_exit);
MODULE_LICENSE("GPL");
