/*
 * skb_gso_segment() moved from <linux/netdevice.h> to <net/gso.h>, a
 * header new in 6.5 (6.4.10): for --target=6.1..7.3 the #include goes
 * under #if LINUX_VERSION_CODE, after the last #include outside an #if
 * group (not in the #ifdef CONFIG_PROC_FS one below it).
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#ifdef CONFIG_PROC_FS
#include <linux/proc_fs.h>
#endif

struct sk_buff *straddle_segment(struct sk_buff *skb)
{
	return skb_gso_segment(skb, 0);
}

bool straddle_fits(const struct sk_buff *skb)
{
	return skb_gso_validate_mac_len(skb, 1500);
}
MODULE_LICENSE("GPL");
