/*
 * MODULE_PARMs whose C types take finding: typedefs, attributes after the
 * name, declarator lists, an alias #define, type-string macros, a macro
 * that declares and registers, const declarations, '#ifdef MODULE_PARM',
 * a declaration in a local header, and one after its MODULE_PARM.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include "params-local.h"

#define NDEV 2
#define IRQ_PARM "1-" __MODULE_STRING(NDEV) "i"

static u_int io __initdata = 0x300;
static u_long mem, size = 4096;
static uid_t owner;
static int irq[NDEV] = { 5, 9 };
static const int rx_copybreak = 200;
static const char *mode[NDEV] = { "auto", "auto" };
static char label[12] = "decl";
static short wide = 7;
#define i596_debug debug
static int i596_debug = 1;
#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")
INT_MODULE_PARM(quirks, 3);

MODULE_PARM(io, "i");
MODULE_PARM(mem, "l");
MODULE_PARM(size, "l");
MODULE_PARM(owner, "i");
#ifdef MODULE_PARM
MODULE_PARM(irq, IRQ_PARM);
#endif
MODULE_PARM(rx_copybreak, "i");
MODULE_PARM(mode, "1-" __MODULE_STRING(NDEV) "s");
MODULE_PARM(label, "s");
MODULE_PARM(wide, "i");
MODULE_PARM(debug, "i");
MODULE_PARM(from_header, LOCAL_PARM_TYPE);
MODULE_PARM(late, "i");

/* declared after its MODULE_PARM, as 2.4 allowed: module_param() follows it */
static int late = 4;

/* expect: modport decl: io=768 size=4096 irq=5,9 mode=auto label=decl */
/* expect: modport decl: wide=7 debug=1 quirks=3 header=2 copybreak=200 */
/* expect: modport decl: late=4 */
int __init init_module(void)
{
	printk(KERN_INFO "modport decl: io=%u size=%lu irq=%d,%d mode=%s label=%s\n",
	       io, size, irq[0], irq[1], mode[1], label);
	printk(KERN_INFO "modport decl: wide=%d debug=%d quirks=%d header=%d copybreak=%d\n",
	       wide, i596_debug, quirks, from_header[1], rx_copybreak);
	printk(KERN_INFO "modport decl: late=%d\n", late);
	return mem || owner;
}

void cleanup_module(void)
{
}
