/*
 * A 6.1-era module that uses what 7.3 took away from two structs and one
 * method: struct flowi4's flowi4_tos (flowi4_dscp since 6.18), struct
 * genl_info's userhdr (genl_info_userhdr() since 6.6), and genl_family's
 * pre_doit and post_doit, which take a struct genl_split_ops * since 6.2.
 * As it is, it builds on 6.1 and fails on 7.3; after modport (the
 * table's MEMBER and METHOD rows) it must build and load on both.  The
 * DSCP stored has no ECN bits, so it reads back the same on both.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <net/flow.h>
#include <net/genetlink.h>

static int members_pre(const struct genl_ops *ops, struct sk_buff *skb,
		       struct genl_info *info)
{
	return info ? 0 : -EINVAL;
}

static void members_post(const struct genl_ops *ops, struct sk_buff *skb,
			 struct genl_info *info)
{
}

static struct genl_family members_family = {
	.name = "members",
	.pre_doit = members_pre,
	.post_doit = members_post,
};

static void *members_hdr(struct genl_info *info)
{
	return info->userhdr;
}

static int __init members_init(void)
{
	struct flowi4 fl4 = { 0 };
	struct genl_info info = { 0 };

	fl4.flowi4_tos = 0x28;
	/* expect: members: tos 0x28 */
	pr_info("members: tos %#x\n", fl4.flowi4_tos);
	/* expect: members: pre 0 */
	pr_info("members: pre %d\n", members_family.pre_doit(NULL, NULL, &info));
	members_family.post_doit(NULL, NULL, &info);
	return members_hdr(&info) == &info ? -EINVAL : 0;
}

static void __exit members_exit(void)
{
	pr_info("members: done\n");	/* expect: members: done */
}

module_init(members_init);
module_exit(members_exit);
MODULE_LICENSE("GPL");
