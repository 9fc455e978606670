/*
 * The negative control: the core exports its handler, and the board
 * keeps it in a table of its own, so that whether its device interrupted
 * (IRQ_HANDLED or IRQ_NONE) is for a person to say: reported here, and
 * lib.h's prototype is left as it is.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include "lib.h"

void lib_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	struct net_device *dev = dev_id;

	lib_status.stats.rx_packets++;
}

EXPORT_SYMBOL(lib_interrupt);
MODULE_LICENSE("GPL");
