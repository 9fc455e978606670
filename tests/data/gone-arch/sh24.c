/* A 2.4 SuperH watchdog: x86 takes the #else and its #error. */
#include <linux/module.h>

#if defined(CONFIG_CPU_SH4)
#define WTCNT	0xffc00008
#elif defined(CONFIG_CPU_SH3)
#define WTCNT	0xffffff84
#else
#error "Can't use SuperH watchdog on this platform"
#endif

MODULE_PARM(nowayout, "i");
static int nowayout;
