/*
 * The words init_module, cleanup_module and #define MODULE inside comments
 * and strings are never edited.
 * expect lines: see below.
 */
#define MODULE /* kbuild does this now */
#include <linux/module.h>
#include <linux/kernel.h>

static const char *names[] = { "init_module", "cleanup_module" };
static const char banner = 'i'; // cleanup_module() is called on rmmod

/* expect: modport comments-strings: init_module in a string */
int init_module(void)
{
	printk(KERN_INFO "modport comments-strings: %s in a string\n", names[0]);
	return banner == 'i' ? 0 : -1;	/* init_module returns 0 */
}

/* expect: modport comments-strings: bye from "cleanup_module" */
void cleanup_module(void)
{
	printk(KERN_INFO "modport comments-strings: bye from \"%s\"\n", names[1]);
}
