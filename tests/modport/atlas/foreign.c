/*
 * gone, another architecture's 2.4 file (au1000_gpio, amigamouse): it
 * cannot build on x86, and its build stops at its first include that the
 * target lacks: the header that went away, and the first that x86 never
 * had, are named; its names are that architecture's, not judged.
 * foreign-today.c is the negative control.
 */
#include <linux/module.h>
#include <linux/logibusmouse.h>
#include <asm/au1000.h>
#include <asm/au1000_gpio.h>

static int demo_open(void)
{
	MOD_INC_USE_COUNT;
	au_writel(0, SYS_PININPUTEN);
	return 0;
}
