/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vbranch: does a given kernel release compile the code at a position of
 * a file, as far as the file's #if LINUX_VERSION_CODE groups tell?  A
 * group on anything else counts as taken (some configuration compiles it).
 */
#ifndef MODPORT_VBRANCH_H
#define MODPORT_VBRANCH_H

#include <stdbool.h>
#include <stddef.h>

#include "kversion.h"
#include "token.h"

enum vbranch {
	VB_LIVE,	/* release v compiles it */
	VB_DEAD,	/* it is in a branch v does not take */
	VB_UNKNOWN,	/* a condition modport cannot evaluate */
};

/* Does the directive whose '#' is token k test LINUX_VERSION_CODE? */
bool vbranch_tests_version(const char *buf, const struct token *tok,
			   size_t k);

/* Is the code at byte pos compiled by release v (a KV() code)? */
enum vbranch vbranch_at(const char *buf, const struct token *tok, size_t pos,
			kv_code v);

#endif
