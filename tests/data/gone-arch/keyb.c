/*
 * A SuperH keyboard scanner: nothing in it tells its age, but it includes
 * <asm/machvec.h>, which only Alpha, IA-64 and SuperH have.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <asm/machvec.h>
#include <asm/io.h>

static int keyb_scan(unsigned char *map)
{
	map[0] = inb(0x60);
	return 0;
}
