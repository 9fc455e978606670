/*
 * A GCC 2 string literal over two lines: ported, it keeps its value, so the
 * kernel logs both lines.
 */
#include <linux/module.h>
#include <linux/kernel.h>

/* expect: modport multiline: first line */
/* expect: modport multiline: second line */
int init_module(void)
{
	printk(KERN_INFO "modport multiline: first line
modport multiline: second line\n");
	return 0;
}

void cleanup_module(void)
{
}
