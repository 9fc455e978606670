/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kversion: the kernels a port is for, and LINUX_VERSION_CODE conditionals
 * resolved for them, as unifdef(1) resolves the macros it is told.
 *
 * A target is a range of LINUX_VERSION_CODE values: "6.1" is every 6.1.y
 * (KERNEL_VERSION(6,1,0) to KERNEL_VERSION(6,1,255)), "6.1.20" that one
 * release, "5.10..7.3" every kernel from 5.10.0 to 7.3.255.  A condition
 * made of LINUX_VERSION_CODE, KERNEL_VERSION(a,b,c), integer constants,
 * comparisons, &&, ||, ! and parentheses is evaluated over the whole range:
 * true on every kernel of it, false on every one, depending on the kernel,
 * or not evaluable (any other name: CONFIG_*, defined(...), arithmetic).
 */
#ifndef MODPORT_KVERSION_H
#define MODPORT_KVERSION_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "ruletab.h"	/* KV(a, b, c): KERNEL_VERSION(a, b, c) */
#include "token.h"

typedef uint32_t kv_code;	/* a LINUX_VERSION_CODE value */

struct kv_range {
	kv_code lo, hi;		/* inclusive */
};

/* The kernels of kernels.conf (tests/modport-kversion.t keeps them equal). */
#define KV_DEFAULT_TARGET "6.1..7.3"

/*
 * Parse a target: "A.B", "A.B.C", or "LO..HI" of those; 0, or -EINVAL
 * (LO above HI, a number out of range, anything else).
 */
int kv_parse_target(const char *s, struct kv_range *r);

/* The target of --target (rs->target_*), or the default if none. */
void kv_target(const struct rule_set *rs, struct kv_range *r);

/* "6.1" (a whole series, .0 to .255) or "6.1.20" into buf; "LO..HI". */
void kv_format_range(const struct kv_range *r, char *buf, size_t size);

/* Does the range reach below version v (some kernel of it is older)? */
static inline int kv_below(const struct kv_range *r, kv_code v)
{
	return r->lo < v;
}

/* Does the range reach v or later (some kernel of it is as new)? */
static inline int kv_reaches(const struct kv_range *r, kv_code v)
{
	return r->hi >= v;
}

enum kv_truth {
	KV_FALSE,		/* false on every kernel of the range */
	KV_TRUE,		/* true on every one */
	KV_DEPENDS,		/* true on some, false on others */
	KV_UNKNOWN,		/* modport cannot evaluate it */
};

/*
 * Evaluate the condition spelled by tokens t[0..n) of buf (comments are
 * skipped) over range r.
 */
enum kv_truth kv_eval(const char *buf, const struct token *t, size_t n,
		      const struct kv_range *r);

/* "true", "false", "depends", "unknown". */
const char *kv_truth_name(enum kv_truth v);

/*
 * Resolve the file's conditionals for r: each #if/#elif whose condition is
 * false on every kernel of r goes with its branch; one true on every
 * kernel keeps its branch without the directives (an #elif after branches
 * that stay becomes #else) and the later branches go; an #elif left first
 * becomes #if.  Conditionals that depend on the kernel, or that cannot be
 * evaluated, stay as they are; so does anything nested in them.  A finding
 * [version-conditional] names every directive resolved.  Findings and
 * edits are added to out; returns 0 or -ENOMEM.
 */
int kv_resolve(const char *buf, size_t len, const struct token_list *tl,
	       const struct kv_range *r, struct port *out);

/*
 * Merge the port of the resolution (kv) into p: p's findings and edits
 * that fall in code the resolution removes are dropped (that code is never
 * compiled for the target), then kv's are moved in.  kv is left empty.
 * Returns 0 or -ENOMEM.
 */
int kv_merge(struct port *p, struct port *kv);

#endif
