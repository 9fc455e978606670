/* A 2.4 driver of sparc only: its <asm/ebus.h> is not under a condition. */
#include <linux/module.h>
#include <linux/sysctl.h>
#include <asm/ebus.h>

MODULE_PARM(irq, "i");
static int irq;

static ctl_table rtc_table[] = {
	{ 0 }
};
