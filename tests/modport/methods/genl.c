// SPDX-License-Identifier: GPL-2.0
/*
 * The method rule: a parameter whose struct the kernel replaced by
 * another (genl_family.pre_doit and post_doit take a const struct
 * genl_split_ops * since 6.2, a const struct genl_ops * before).  Where
 * the function never uses it, it takes the new type, as the kernel's own
 * users were converted; where it does, it is named.  Target: the default,
 * 6.1..7.3: both heads under #if.
 */
#include <linux/module.h>
#include <net/genetlink.h>
#include <media/v4l2-subdev.h>

static int demo_pre(const struct genl_ops *ops, struct sk_buff *skb,
		    struct genl_info *info);

/* ops unused: both heads, and the prototype's */
static int demo_pre(const struct genl_ops *ops, struct sk_buff *skb,
		    struct genl_info *info)
{
	return info ? 0 : -EINVAL;
}

/* ops->internal_flags, which genl_split_ops has too: converted */
static void demo_post(const struct genl_ops *ops, struct sk_buff *skb,
		      struct genl_info *info)
{
	if (ops->internal_flags)
		kfree_skb(skb);
}

static struct genl_family demo_family = {
	.name		= "demo",
	.pre_doit	= demo_pre,
	.post_doit	= demo_post,
};

/* struct v4l2_subdev_edid is a macro for v4l2_edid: one type, nothing said */
static int demo_g_edid(struct v4l2_subdev *sd, struct v4l2_subdev_edid *edid)
{
	return edid ? 0 : -EINVAL;
}

static const struct v4l2_subdev_pad_ops demo_pad = {
	.get_edid	= demo_g_edid,
};

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("method type fixture");
