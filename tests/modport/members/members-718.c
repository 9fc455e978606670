// SPDX-License-Identifier: GPL-2.0
/*
 * The api-member rule where the target is past both rows (6.18..7.3):
 * the new forms alone, no #if; a read in a write's value is made with it.
 */
#include <linux/module.h>
#include <net/genetlink.h>
#include <net/flow.h>

static bool demo_has_hdr(const struct genl_info *info)
{
	return info->userhdr != NULL;
}

static void demo_copy(struct flowi4 *to, const struct flowi4 *from)
{
	to->flowi4_tos = from->flowi4_tos;
}

static int demo_route(u8 dsfield)
{
	struct flowi4 key = { 0 };

	key.flowi4_tos = dsfield;
	return key.flowi4_tos ? 1 : 0;
}

/* still reported: the kernel has no write form of userhdr */
static void demo_clear(struct genl_info *info)
{
	info->userhdr = NULL;
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("api-member past the rows");
