/* The board requests the core's handler, and keeps it in a table. */
#include <linux/module.h>
#include <linux/interrupt.h>
#include "lib.h"

static void (*board_handlers[1])(int, void *, struct pt_regs *) = {
	lib_interrupt,
};

static int board_open(struct net_device *dev)
{
	return request_irq(dev->irq, lib_interrupt, 0, dev->name, dev);
}
MODULE_LICENSE("GPL");
