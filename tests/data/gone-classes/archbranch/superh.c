/* CONFIG_SUPERH is SuperH's (arch/sh/Kconfig): its branch is not x86's. */
#include <linux/module.h>
#ifdef CONFIG_SUPERH
#include <asm/rtc.h>
#endif
#include <asm/unistd_32.h>
