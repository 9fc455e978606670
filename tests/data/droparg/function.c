/*
 * The negative control: rx_quota is also a function (of the other
 * branch): a call of it compiles its arguments.
 */
#include <linux/module.h>
#include <linux/netdevice.h>

#ifdef RX_QUOTA
static inline u32 rx_quota(u32 count, u32 quota)
{
	return count < quota ? count : quota;
}
#else
#define rx_quota(count, quota)	count
#endif

static int rx(struct net_device *dev, int left)
{
	return rx_quota(left, (u32) dev->quota);
}
