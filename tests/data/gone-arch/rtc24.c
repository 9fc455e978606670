/* A 2.4 driver of several architectures: x86 compiles it too. */
#include <linux/module.h>
#include <linux/sysctl.h>

#ifdef __sparc__
#include <asm/ebus.h>
static struct linux_ebus_device *ebus_dev;
#endif

MODULE_PARM(irq, "i");
static int irq;

static ctl_table rtc_table[] = {
	{ 0 }
};

#if defined(__alpha__)
static struct display_switch *alpha_switch;
#else
static struct fbtype x86_type;
#endif
