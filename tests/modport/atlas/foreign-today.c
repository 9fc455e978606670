/*
 * gone, the negative control of foreign.c: a file of today's tree for
 * MIPS (its Au1x00 headers); with no sign of age its names are not judged,
 * its include of MIPS's header is named: alone, it cannot build on x86.
 */
#include <linux/module.h>
#include <asm/mach-au1x00/au1000.h>

static int demo_open(void)
{
	alchemy_gpio_direction_input(0);
	return 0;
}
