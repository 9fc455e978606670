/* #errors that x86 does not reach, or not for an architecture. */
#include <linux/module.h>

#if defined(__i386__) || defined(CONFIG_SH)
#define PORT	0x3f8
#else
#error "x86 takes the #if"
#endif

#ifdef CONFIG_SH_HP600
#error "SuperH's branch: x86 does not take it"
#endif

#ifdef CONFIG_FOO_BOARD
#define BASE	0x300
#else
#error "a board of x86's own may be missing: not an architecture's"
#endif

MODULE_PARM(irq, "i");
static int irq;

#if !defined(__alpha__) && !defined(__i386__) && !defined(__x86_64__)
#error "not alpha nor x86: x86 does not take it"
#endif
