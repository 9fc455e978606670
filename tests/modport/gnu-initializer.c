/* gnu-initializer: GNU field: designators, and the colons that are not. */
#include <linux/module.h>
#include <linux/fs.h>

struct bits {
	unsigned a:1, b:2;	/* bit-fields: kept */
};

static struct file_operations x_fops = {
	owner:	THIS_MODULE,
	read:x_read,
	write :	x_write,	/* spaced */
	ioctl: cond ? x_ioctl : NULL,
};

static struct { int n; struct bits b; } nested[] = {
	{ n: 1, b: { a: 1 } },
	{ 2, { 0, 1 } },
};

static int f(int v)
{
	switch (v) {
	case 1:
		goto out;
	default:
		break;
	}
	{ v = v ? 1 : 2; }
out:
	return v;
}
