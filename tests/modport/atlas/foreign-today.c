/*
 * gone, the negative control of foreign.c: a file of today's tree for
 * another architecture (MIPS's Au1x00 headers) builds there; with no sign
 * of age it is not judged at all.
 */
#include <linux/module.h>
#include <asm/mach-au1x00/au1000.h>

static int demo_open(void)
{
	alchemy_gpio_direction_input(0);
	return 0;
}
