// SPDX-License-Identifier: GPL-2.0
/*
 * legacy.c: the report-only rules of LWN's porting series - 2.4 interfaces
 * that 2.6 removed and that no mechanical edit can replace, because the
 * right replacement depends on what the code protects or waits for:
 *
 *	(cli-sti: clisti.c, which fixes a file that guards its own data)
 *	(sleep-on: sleepon.c)
 *	task-queue		struct tq_struct, queue_task()
 *	(check-region: checkregion.c)
 *	verify-area		verify_area()
 *	(set-module-owner: netdev.c, which fixes it in a net_device's file)
 *
 * Only calls are flagged: the name followed by '(', not a member (after
 * '.' or '->'), in live code or in the body of a #define (where it is used
 * wherever the macro is).  A file that declares, defines or #defines a
 * function of that name (at the top level) is using its own, and is left
 * alone.  struct tq_struct is flagged wherever the type is named.
 */
#include <string.h>

#include "legacy.h"

#define TQ_WHY "task queues are gone since 2.5: use a work queue (struct work_struct, INIT_WORK(), schedule_work())"

enum { TQ_STRUCT = 1 };	/* a type, not a call */

/* The names, and what each one is (same order). */
static const char *const words[] = {
	"queue_task", [TQ_STRUCT] = "tq_struct", "verify_area",
	NULL
};

static const struct legacy {
	enum rule_id rule;
	const char *why;
} legacy[] = {
	{ R_TASK_QUEUE, TQ_WHY }, [TQ_STRUCT] = { R_TASK_QUEUE, TQ_WHY },
	{ R_VERIFY_AREA,
	  "gone from modern kernels: use access_ok() (or rely on copy_to_user()/copy_from_user(), which check the range)" },
};

_Static_assert(sizeof(legacy) / sizeof(legacy[0]) ==
	       sizeof(words) / sizeof(words[0]) - 1, "one entry per name");

static const enum rule_id rules[] = {
	R_TASK_QUEUE, R_VERIFY_AREA, NR_RULES
};

/*
 * NAME( at i follows a type (a word other than return, or a '*'): a
 * declaration or definition, not a call that the brace count, misled by
 * the arms of an #ifdef, puts at the top level.
 */
static bool declares(const char *buf, const struct token_list *tl, size_t i)
{
	const struct token *p = &tl->tok[prev_code(tl, i)];

	return match_op(buf, p, '*') ||
	       (p->type == TOKEN_IDENT && !token_is(buf, p, "return"));
}

/* The names the file declares, defines or #defines (bit k: words[k]). */
static unsigned int own_names(struct porter *pt, const struct hit *h,
			      size_t n)
{
	const struct token_list *tl = pt->tl;
	unsigned int own = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		if ((h[k].flags & H_ARG) && h[k].kw == KW_DEFINE)
			own |= 1u << h[k].word;
		else if (!(h[k].flags & H_PP) && !h[k].depth &&
			 match_op(pt->buf, &tl->tok[next_code(tl, h[k].tok)],
				  '(') &&
			 declares(pt->buf, tl, h[k].tok))
			own |= 1u << h[k].word;
	}
	return own;
}

/* Is the hit a use to report (a call, or, if type, the type)? */
static bool is_use(struct porter *pt, const struct hit *h, bool type)
{
	const struct token_list *tl = pt->tl;
	bool pp = h->flags & H_PP;
	size_t next;

	if ((pp && !(h->flags & H_BODY)) || (h->flags & H_DEAD) ||
	    is_member_name(pt->buf, tl, h->tok))
		return false;
	if (type)
		return true;
	next = pp ? pp_next(tl, h->tok) : next_code(tl, h->tok);
	return next != SCAN_NONE && match_op(pt->buf, &tl->tok[next], '(');
}

bool legacy_call(struct porter *pt, const struct hit *h, size_t n, size_t k)
{
	return is_use(pt, &h[k], false) &&
	       !(own_names(pt, h, n) & (1u << h[k].word));
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	unsigned int own = 0;
	bool own_known = false;
	size_t k;

	for (k = 0; k < n; k++) {
		const struct token *t = &pt->tl->tok[h[k].tok];
		const struct legacy *l = &legacy[h[k].word];

		if (!is_use(pt, &h[k], h[k].word == TQ_STRUCT))
			continue;
		if (!own_known) {
			own = own_names(pt, h, n);
			own_known = true;
		}
		if (own & (1u << h[k].word))
			continue;
		add_finding(pt, t->pos, l->rule, SEV_WARNING, false,
			    "%s%s: %s; port it by hand", words[h[k].word],
			    h[k].word == TQ_STRUCT ? "" : "()", l->why);
	}
}

static const struct family legacy_family = {
	.name = "legacy", .rules = rules, .words = words, .run = run,
};
FAMILY(legacy_family)
