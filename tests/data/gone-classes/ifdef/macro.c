/* The negative control: alloc_netdev is a macro on x86, so #ifdef alloc_netdev is true there. */
#include <linux/module.h>
#include <linux/netdevice.h>

static struct net_device *make(void (*setup)(struct net_device *))
{
#ifdef alloc_netdev
	return alloc_netdev(0, "demo%d", setup);
#else
	return NULL;
#endif
}
