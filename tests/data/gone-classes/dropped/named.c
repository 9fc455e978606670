/* An argument that the file's macro only stringifies is never compiled. */
#include <linux/module.h>
#include <linux/netdevice.h>

#define lock_name(x, lock)	{ .id = #x, .lock = lock }

struct named {
	const char *id;
	int lock;
};

static int rx(struct net_device *dev, int left)
{
	struct named l = lock_name(dev->quota, 0);

	return left + l.lock;
}
