/* Removal sites that share their line with other code. */
#include <linux/module.h>
#include <linux/config.h> /* for CONFIG_PCI */
#include<linux/malloc.h>
#ifndef EXPORT_SYMTAB
#  define EXPORT_SYMTAB 1
#endif
#define EXPORT_SYMTAB_STROPS	/* not EXPORT_SYMTAB: kept */

static int x; EXPORT_NO_SYMBOLS; /* kept */

static int __init foo_init(void)
{
	if (x) { EXPORT_NO_SYMBOLS; }
	return 0;
}
module_init(foo_init);
#define NOEXPORT EXPORT_NO_SYMBOLS
