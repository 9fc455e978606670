/*
 * A NatSemi SCx200 GPIO user: <linux/scx200_gpio.h>'s inlines use
 * scx200_gpio_base, which the kernel exports only on 32-bit x86.
 */
#include <linux/module.h>
#include <linux/scx200_gpio.h>

static int gpio_get(unsigned int m)
{
	return scx200_gpio_get(m);
}
