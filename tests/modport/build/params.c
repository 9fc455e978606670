/* MODULE_PARM of every kind that maps, with the types from the declarations. */
#include <linux/module.h>
#include <linux/kernel.h>

#define NDEV 4

static int debug = 1;
static unsigned long base;
static short mtu[NDEV];
static char *mode = "auto";
static char name[16] = "modport";
static unsigned char flags;
static int irq[NDEV] = { 5, 7, 0, 0 };

MODULE_PARM(debug, "i");
MODULE_PARM(base, "l");
MODULE_PARM(mtu, "1-4h");
MODULE_PARM(mode, "s");
MODULE_PARM(name, "c16");
MODULE_PARM(flags, "b");
MODULE_PARM(irq, "1-" __MODULE_STRING(NDEV) "i");
MODULE_PARM_DESC(debug, "debug level");

/* expect: modport params: debug=1 irq=5 mode=auto name=modport */
int init_module(void)
{
	printk(KERN_INFO "modport params: debug=%d irq=%d mode=%s name=%s\n",
	       debug, irq[0], mode, name);
	return base || mtu[0] || flags;
}

void cleanup_module(void)
{
}
