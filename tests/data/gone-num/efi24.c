/* 2.4's efirtc: the minor number of <linux/miscdevice.h>, gone since 5.10. */
#include <linux/module.h>
#include <linux/miscdevice.h>

static int irq = 0;
MODULE_PARM(irq, "i");

static struct miscdevice efi_rtc_dev = {
	EFI_RTC_MINOR,
	"efirtc",
	NULL
};
