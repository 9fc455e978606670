/*
 * A CLASH row's negative control: a header that defines the name itself,
 * as the kernel's own <linux/nvram.h> defines nvram_read_byte() and
 * nvram_read() as static inlines since 5.4: not renamed, not reported.
 */
#ifndef NAME_CLASH_HEADER_H
#define NAME_CLASH_HEADER_H

static inline unsigned char nvram_read_byte(int addr)
{
	return addr & 0xff;
}

static inline long nvram_read(char *buf, unsigned long count, long long *ppos)
{
	return 0;
}

#endif
