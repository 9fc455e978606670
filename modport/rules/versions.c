// SPDX-License-Identifier: GPL-2.0
/*
 * versions.c: LINUX_VERSION_CODE conditionals resolved for the target
 * (version-conditional), with kversion.h's three-valued evaluation.  It is
 * the last family of rules.def: what the other families found or edited in
 * the code it removes is dropped (that code is never compiled for the
 * target).
 */
#include <errno.h>

#include "../engine.h"
#include "../kversion.h"

static const char *const words[] = { "LINUX_VERSION_CODE", NULL };

static const enum rule_id rules[] = { R_VERSION_CONDITIONAL, NR_RULES };

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct port kv = { 0 };
	struct kv_range r;

	(void)h;
	if (!n || !rule_on(pt, R_VERSION_CONDITIONAL))
		return;
	kv_target(pt->opts->rules, &r);
	if (kv_resolve(pt->buf, pt->len, pt->tl, &r, &kv) ||
	    kv_merge(pt->out, &kv))
		porter_fail(pt, -ENOMEM);
	port_free(&kv);
}

static const struct family versions = {
	.name = "versions", .rules = rules, .words = words, .run = run,
};
FAMILY(versions)
