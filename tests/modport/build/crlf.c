#define MODULE
#include <linux/module.h>
#include <linux/kernel.h>

/* CRLF line endings stay CRLF. */
/* expect: modport crlf: up */
int init_module(void)
{
	printk(KERN_INFO "modport crlf: up\n");
	return 0;
}

/* expect: modport crlf: down */
void cleanup_module(void)
{
	printk(KERN_INFO "modport crlf: down\n");
}
