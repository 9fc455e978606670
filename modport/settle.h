/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One fix to its fixed point.  A rule sees the file as it is: a fix can
 * make work for another (a handler that becomes irqreturn_t is then a
 * handler a later rule converts; two fixes that edit the same text wait
 * for each other).  So fix ports the file, applies the edits, and ports
 * the result again, until a pass changes nothing - bounded, and said when
 * the bound is hit.
 */
#ifndef MODPORT_SETTLE_H
#define MODPORT_SETTLE_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"
#include "token.h"

#define SETTLE_MAX_PASSES 8	/* MODPORT_MAX_PASSES overrides (tests) */

struct settled {
	char *buf;		/* the fixed file, malloc'ed; NULL: unchanged */
	size_t len;
	struct port last;	/* the last pass's findings, on the fixed file */
	size_t fixed[NR_RULES];	/* sites fixed, by rule, over every pass */
	unsigned passes;	/* passes that changed the file */
	bool unsettled;		/* the bound was hit: the last pass changed it */
};

/*
 * Fix path's buf[0, len) (a build file or C, by its name) to its fixed
 * point into *out; tl is scratch.  Returns 0 or -ENOMEM (or -EINVAL from
 * rewrite).  out->last.open_pos is set when the file cannot be tokenized.
 */
int settle_fix(const char *path, const char *buf, size_t len,
	       const struct port_opts *opts, struct token_list *tl,
	       struct settled *out);

/* One pass over buf: the findings and edits of every rule, into *p. */
int settle_pass(const char *path, const char *buf, size_t len,
		const struct port_opts *opts, struct token_list *tl,
		struct port *p);
/* settle_pass() of C whose tokens tl holds already (hdrcache.h's). */
int settle_pass_tokens(const char *path, const char *buf, size_t len,
		       const struct port_opts *opts,
		       const struct token_list *tl, struct port *p);

void settled_free(struct settled *s);

#endif
