// SPDX-License-Identifier: GPL-2.0
/*
 * The api-member rule (the table's MEMBER rows): a member gone from its
 * struct, where the struct is known.  Target: the default, 6.1..7.3,
 * which straddles both rows (6.6, 6.18): the lines are kept both ways.
 */
#include <linux/module.h>
#include <net/genetlink.h>
#include <net/flow.h>
#include <net/ip.h>

struct demo_hdr {
	int magic;
};

/* a read: genl_info_userhdr(info) */
static struct demo_hdr *demo_hdr_of(struct genl_info *info)
{
	return info->userhdr;
}

/* a read of an object: genl_info_userhdr(&info) */
static int demo_magic(void)
{
	struct genl_info info = { 0 };
	struct demo_hdr *hdr = info.userhdr;

	return hdr ? hdr->magic : 0;
}

/* a write: the kernel has no form of it, reported */
static void demo_set_hdr(struct genl_info *info, void *hdr)
{
	info->userhdr = hdr;
}

/* its address: reported */
static void **demo_hdr_slot(struct genl_info *info)
{
	return &info->userhdr;
}

/* a struct of the driver's own with a member of that name: left alone */
struct demo_info {
	void *userhdr;
	unsigned char flowi4_tos;
};

static void *demo_own(struct demo_info *info)
{
	return info->userhdr;
}

/* a write and a read of flowi4_tos, a read in a write's value */
static void demo_flow(struct flowi4 *fl4, const struct iphdr *iph,
		      struct flowi4 *out, struct demo_info *own)
{
	fl4->flowi4_tos = iph->tos;
	out->flowi4_tos = fl4->flowi4_tos;
	own->flowi4_tos = fl4->flowi4_tos;
}

/* a read on an object, and a write in place: reported */
static u8 demo_tos(const struct iphdr *iph)
{
	struct flowi4 fl4 = { 0 };

	fl4.flowi4_tos = iph->tos;
	fl4.flowi4_tos |= 1;
	return fl4.flowi4_tos;
}

/* a write that is not a statement of its own: reported */
static void demo_chain(struct flowi4 *fl4, u8 tos)
{
	if (tos)
		fl4->flowi4_mark = fl4->flowi4_tos = tos;
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("api-member fixture");
