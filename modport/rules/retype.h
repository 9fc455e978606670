/* SPDX-License-Identifier: GPL-2.0 */
/*
 * retype.h: a method whose parameter takes another struct since a release
 * (ethtool_ops.get_eee: struct ethtool_keee * for struct ethtool_eee *,
 * 6.9).  The function is converted as the kernel's drivers were, where
 * its body uses the parameter only as p->member: a member the new struct
 * has (the atlas says so) stays; one the table of changes says became a
 * link-mode bitmap (LINKMODE rows) is set with
 * ethtool_convert_legacy_u32_to_link_mode() and read through a u32 that
 * ethtool_convert_link_mode_to_legacy_u32() fills.  Where the target
 * straddles the release, the function is kept both ways under #if
 * LINUX_VERSION_CODE.  Anything else is left to a person, with the reason.
 */
#ifndef MODPORT_RULES_RETYPE_H
#define MODPORT_RULES_RETYPE_H

#include "../engine.h"

struct retype {
	struct porter *pt;
	const struct token_list *tl;
	size_t start, name;		/* the definition's first token, its name */
	size_t open, close, body, end;	/* ( ) { } */
	const size_t *proto, *proto_start;	/* its prototypes */
	size_t nr_proto;
	int param;			/* the parameter whose struct changes */
	const char *from, *to;		/* the old and the new tag */
	size_t from_len, to_len;
	unsigned int since, hi;		/* the change's release, the target's last */
	bool straddle;			/* the target has kernels before since */
};

/*
 * Are the parameter spans old and now "[const ]struct A *" and the same
 * with another tag B?  Then *from and *to are A and B.
 */
bool retype_tags(const char *old, size_t olen, const char *now, size_t nlen,
		 const char **from, size_t *from_len, const char **to,
		 size_t *to_len);

/*
 * Convert the function; false with the reason in why (size bytes), and
 * nothing edited.
 */
bool retype_convert(const struct retype *rt, char *why, size_t size);

#endif
