/*
 * Negative control: the file that exports scx200_gpio_base itself (2.4's
 * scx200.c), which builds on x86-64.
 */
#include <linux/module.h>
#include <linux/scx200_gpio.h>

unsigned scx200_gpio_base;
EXPORT_SYMBOL(scx200_gpio_base);
