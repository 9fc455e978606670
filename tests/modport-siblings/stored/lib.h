/*
 * A 2.4 driver core shared by its boards, as 8390.h: its setup function,
 * its interrupt handler (given to request_irq() by a board) and its
 * private area, read through a macro.
 */
#include <linux/netdevice.h>

struct lib_local {
	struct net_device_stats stats;
	int txing;
};

extern int lib_setup(struct net_device *dev);
extern void lib_interrupt(int irq, void *dev_id, struct pt_regs *regs);

#define lib_status (*(struct lib_local *)(dev->priv))
