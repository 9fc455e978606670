/* The 2.4 boilerplate the series removes: all of it, and nothing else. */
#define EXPORT_SYMTAB
#define __NO_VERSION__		/* kernel_version lives elsewhere */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/malloc.h>

/* EXPORT_NO_SYMBOLS in a comment stays, and so does "EXPORT_NO_SYMBOLS;". */
static const char *said = "EXPORT_NO_SYMBOLS;";

/* expect: modport removals: loaded */
int init_module(void)
{
	void *p = kmalloc(16, GFP_KERNEL);

	EXPORT_NO_SYMBOLS;
	kfree(p);
	printk(KERN_INFO "modport removals: loaded\n");
	return 0;
}

/* expect: modport removals: EXPORT_NO_SYMBOLS; */
void cleanup_module(void)
{
	printk(KERN_INFO "modport removals: %s\n", said);
}

EXPORT_NO_SYMBOLS;
