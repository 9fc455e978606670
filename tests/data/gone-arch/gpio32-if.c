/* Negative control: the header only on a 32-bit build. */
#include <linux/module.h>
#ifdef CONFIG_X86_32
#include <linux/scx200_gpio.h>
#endif

static int gpio_get(unsigned int m)
{
#ifdef CONFIG_X86_32
	return scx200_gpio_get(m);
#else
	return 0;
#endif
}
