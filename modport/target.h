/* SPDX-License-Identifier: GPL-2.0 */
/*
 * target: what the kernels of --target ask of a rule.  A rule applies when
 * some kernel of the target lacks the old interface (the rule's "gone"
 * version is within reach), and is fixed only when every kernel of the
 * target has the new one (its "since"); otherwise it is reported, naming
 * the version that splits the target.
 */
#ifndef MODPORT_TARGET_H
#define MODPORT_TARGET_H

#include "engine.h"
#include "kversion.h"

enum need { NEED_NONE, NEED_FIX, NEED_REPORT };

struct target {
	struct porter *pt;
	struct kv_range r;
	char range[48];		/* r, as the messages show it */
	bool shim[NR_RULES];	/* fixed with a compat block for older kernels */
};

void target_init(struct target *tg, struct porter *pt);
/*
 * The atlas's releases within the target of rs (atlas_releases_in()), and
 * the target as the messages show it into range.
 */
uint32_t target_atlas_releases(const struct rule_set *rs, char *range,
			       size_t size);
enum need target_need(const struct target *tg, enum rule_id rule);
/* The lowest kernel of the target is at least kv. */
bool target_from(const struct target *tg, unsigned int kv);
/*
 * One finding for rule at byte pos: fixed (fix is true and the target
 * allows it) or reported with why the range stops it.  Returns whether
 * the caller should make the edits.
 */
bool target_finding(struct target *tg, size_t pos, enum rule_id rule,
		    bool fix, const char *msg);
/*
 * A rename whose new name is younger than the target's low end is fixed
 * all the same when the old name still exists there: the new name, and a
 * compat block after the file's includes - #if LINUX_VERSION_CODE <
 * KERNEL_VERSION(since) #define new old #endif - that target_shims() adds
 * once (the out-of-tree drivers' convention).
 */
void target_shims(struct target *tg);
/* Is token i the old name of a compat block's "#define new old"? */
bool target_shim_define(const struct porter *pt, size_t i);

#endif
