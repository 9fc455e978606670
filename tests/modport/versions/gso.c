/*
 * skb_gso_segment() moved to <net/gso.h>, a header new in 6.5 (6.4.10):
 * for a target that straddles it the #include goes under #if
 * LINUX_VERSION_CODE; for one after it, in as it is; for --target=6.1,
 * where <linux/netdevice.h> declares it and there is no <net/gso.h>,
 * nothing is done.
 */
#include <linux/module.h>
#include <linux/netdevice.h>

struct sk_buff *gso_segment(struct sk_buff *skb)
{
	return skb_gso_segment(skb, 0);
}
MODULE_LICENSE("GPL");
