/*
 * cast-lvalue: "*((u16 *)buf)++" over a byte pointer (ne2k-pci's block
 * input and output) steps buf by the type's size without the lvalue cast
 * GCC 4.0 refused; a statement "((u32 *)p)++;" becomes "p += sizeof(u32);".
 * Negative control: over a u32 *, p += sizeof(u16) would step by 8 bytes,
 * so cl_wide() is left to the compiler's error.
 */
#include <linux/module.h>
#include <linux/types.h>
#include <asm/io.h>

static void cl_input(unsigned long port, char *buf, int count)
{
	if (count & 2)
		*((u16 *)buf)++ = inw(port);
	if (count & 1)
		*buf = inb(port);
}

static void cl_output(unsigned long port, const unsigned char *buf)
{
	outw(*((u16*)buf)++, port);
	((u32 *)buf)++;
	outl(*(u32 *)buf, port);
}

static void cl_wide(u32 *p)
{
	*((u16 *)p)++ = 0;
}
MODULE_LICENSE("GPL");
