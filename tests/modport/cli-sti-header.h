/*
 * Negative control: cli() sections in a header's inline function.  A
 * spinlock defined here would be each includer's own: reported, not fixed.
 */
#ifndef CLI_STI_HEADER_H
#define CLI_STI_HEADER_H

#include <asm/io.h>

static inline int port_status(void)
{
	unsigned long flags;
	int v;

	save_flags(flags);
	cli();
	outb(0x8e, 0xe4);
	v = inb(0xe5);
	restore_flags(flags);
	return v;
}

#endif
