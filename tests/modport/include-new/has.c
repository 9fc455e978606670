/*
 * Negative control: the file includes <net/gso.h> already (under its own
 * #if): nothing to do.
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/netdevice.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 10)
#include <net/gso.h>
#endif

struct sk_buff *has_segment(struct sk_buff *skb)
{
	return skb_gso_segment(skb, 0);
}
MODULE_LICENSE("GPL");
