/* GCC 2 string literals that run over lines: each gets \n" and a new " on
 * the next line, so the value stays the same; in a macro the line also
 * gets its backslash. */
#include <linux/kernel.h>

#define SWAP(x) __asm__ ("bswap %0
	nop" : "+r" (x))

static void power_off(void)
{
	printk(KERN_CRIT "Power switch pressed - please wait - preparing to power 
off\n");
	__asm__ __volatile__("
	nop
	nop");
	printk("a \"quoted\" word, then
the next line\n");
}
