/* A 2.4 MIPS clock: its condition asks for MIPS's absence. */
#include <linux/module.h>

#if !defined(CONFIG_MIPS) || !defined(CONFIG_NEW_TIME_C)
#error "This driver is for MIPS machines with CONFIG_NEW_TIME_C defined"
#endif

MODULE_PARM(irq, "i");
static int irq;
