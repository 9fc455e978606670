/* An argument that every definition of the file's macro drops is never compiled. */
#include <linux/module.h>
#include <linux/netdevice.h>

#define rx_quota(count, quota)	count

static int rx(struct net_device *dev, int left)
{
	return rx_quota(left, (u32) dev->quota);
}
