// SPDX-License-Identifier: GPL-2.0
/*
 * legacy.c: the report-only rules of LWN's porting series - 2.4 interfaces
 * that 2.6 removed and that no mechanical edit can replace, because the
 * right replacement depends on what the code protects or waits for:
 *
 *	cli-sti			cli(), sti(), save_flags(), restore_flags()
 *	sleep-on		sleep_on() and its variants
 *	task-queue		struct tq_struct, queue_task()
 *	check-region		check_region()
 *	verify-area		verify_area()
 *	set-module-owner	SET_MODULE_OWNER()
 *
 * Only calls are flagged: the name followed by '(', not a member (after
 * '.' or '->'), in live code or in the body of a #define (where it is used
 * wherever the macro is).  A file that declares, defines or #defines a
 * function of that name (at the top level) is using its own, and is left
 * alone.  struct tq_struct is flagged wherever the type is named.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "directive.h"
#include "porter.h"

struct legacy {
	const char *name;
	size_t len;
	const char *rule;
	const char *why;
};

#define CLI_WHY "the global interrupt lock is gone since 2.5 and these no longer build: protect the data with spin_lock_irqsave()/spin_unlock_irqrestore(), or use local_irq_save()/local_irq_restore() for this CPU alone"
#define SLEEP_WHY "the sleep_on family is gone (since 3.15): it races with the wake-up, as the condition is tested before the task is on the wait queue; use wait_event(), wait_event_interruptible() or wait_event_timeout() with the condition"
#define TQ_WHY "task queues are gone since 2.5: use a work queue (struct work_struct, INIT_WORK(), schedule_work())"

static const struct legacy legacy[] = {
	{ "cli", 3, "cli-sti", CLI_WHY },
	{ "sti", 3, "cli-sti", CLI_WHY },
	{ "save_flags", 10, "cli-sti", CLI_WHY },
	{ "restore_flags", 13, "cli-sti", CLI_WHY },
	{ "sleep_on", 8, "sleep-on", SLEEP_WHY },
	{ "sleep_on_timeout", 16, "sleep-on", SLEEP_WHY },
	{ "interruptible_sleep_on", 22, "sleep-on", SLEEP_WHY },
	{ "interruptible_sleep_on_timeout", 30, "sleep-on", SLEEP_WHY },
	{ "queue_task", 10, "task-queue", TQ_WHY },
	{ "tq_struct", 9, "task-queue", TQ_WHY },
	{ "check_region", 12, "check-region",
	  "gone from modern kernels: testing a region and claiming it later races with other drivers; call request_region() and check its result instead" },
	{ "verify_area", 11, "verify-area",
	  "gone from modern kernels: use access_ok() (or rely on copy_to_user()/copy_from_user(), which check the range)" },
	{ "SET_MODULE_OWNER", 16, "set-module-owner",
	  "gone from modern kernels: set .owner = THIS_MODULE in the operations structure (net_device has no owner any more: drop it there)" },
};

/* Bit n: some legacy[] name has n characters. */
#define LEGACY_LENS 0x40413f08u

#define NR_LEGACY (sizeof(legacy) / sizeof(legacy[0]))
#define TQ_STRUCT 9	/* legacy[] index of tq_struct: a type, not a call */

struct legacy_state {
	unsigned int own;	/* bit k: the file declares legacy[k] */
	bool own_known;
};

/* Which legacy[] entry token t names, or -1; cheap for other names. */
static int legacy_index(const char *buf, const struct token *t)
{
	size_t k;

	if (t->len >= 32 || !(LEGACY_LENS & (1u << t->len)))
		return -1;
	for (k = 0; k < NR_LEGACY; k++)
		if (t->len == legacy[k].len &&
		    buf[t->pos] == legacy[k].name[0] &&
		    token_is(buf, t, legacy[k].name))
			return (int)k;
	return -1;
}

/* '#define NAME' at '#' token hash: the index of NAME, or -1. */
static int defined_name(const char *buf, const struct token_list *tl,
			size_t hash)
{
	struct tokens s = { buf, tl };
	size_t name = define_name(&s, hash);

	return name == SCAN_NONE ? -1 : legacy_index(buf, &tl->tok[name]);
}

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

/* The names of legacy[] that the file declares, defines or #defines. */
static unsigned int own_names(const char *buf, const struct token_list *tl)
{
	const struct token *tok = tl->tok;
	unsigned int own = 0;
	int depth = 0, k;
	size_t i;

	for (i = 0; tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tok[i];

		if ((t->flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL) &&
		    match_op(buf, t, '#')) {
			k = defined_name(buf, tl, i);
			if (k >= 0)
				own |= 1u << k;
		} else if (!is_code(t)) {
			continue;
		} else if (match_op(buf, t, '{')) {
			depth++;
		} else if (match_op(buf, t, '}')) {
			depth -= depth > 0;
		} else if (!depth && t->type == TOKEN_IDENT &&
			   match_op(buf, &tok[next_code(tl, i)], '(') &&
			   declares(buf, tl, i)) {
			k = legacy_index(buf, t);
			if (k >= 0)
				own |= 1u << k;
		}
	}
	return own;
}

static int report(struct porter *pt, size_t i, int k)
{
	const struct token *t = &pt->tl->tok[i];
	const struct legacy *l = &legacy[k];

	return add_finding(pt, t->pos, l->rule, SEV_WARNING, false,
			   "%s%s: %s; port it by hand", l->name,
			   k == TQ_STRUCT ? "" : "()", l->why);
}

/* Token i names legacy[k]: is it a use to report?  pp: in a #define body. */
static bool is_legacy_use(struct porter *pt, struct legacy_state *st,
			  size_t i, int k, bool pp)
{
	const struct token_list *tl = pt->tl;
	size_t next = pp ? pp_next(tl, i) : next_code(tl, i);

	if (is_member_name(pt->buf, tl, i) || scan_is_dead(&pt->sc, i))
		return false;
	if (k != TQ_STRUCT &&
	    (next == SCAN_NONE || !match_op(pt->buf, &tl->tok[next], '(')))
		return false;
	if (!st->own_known) {
		st->own = own_names(pt->buf, tl);
		st->own_known = true;
	}
	return !(st->own & (1u << k));
}

/* At a directive's '#': the first token of a #define's body, or NONE. */
static size_t body_of_define(const char *buf, const struct token_list *tl,
			     size_t hash)
{
	struct tokens s = { buf, tl };
	size_t name = define_name(&s, hash);

	return name == SCAN_NONE ? SCAN_NONE : define_body(&s, name);
}

static int add_cued(struct porter *pt, size_t i)
{
	if (pt->nr_cued == pt->alloc_cued) {
		size_t n = pt->alloc_cued ? 2 * pt->alloc_cued : 16;
		size_t *c = realloc(pt->cued, n * sizeof(*c));

		if (!c)
			return -ENOMEM;
		pt->cued = c;
		pt->alloc_cued = n;
	}
	pt->cued[pt->nr_cued++] = i;
	return 0;
}

/* A token the cued rules (kdev.c, irqhandler.c) look at? */
static bool is_cued(const char *buf, const struct token *t, int depth)
{
	switch (t->len) {
	case 4:
		return !depth && token_is(buf, t, "void");
	case 5:
		return token_is(buf, t, "MINOR") || token_is(buf, t, "MAJOR");
	}
	return is_kdev_name(buf, t);
}

int rule_legacy(struct porter *pt)
{
	const struct token_list *tl = pt->tl;
	struct legacy_state st = { 0, false };
	size_t i, body = SCAN_NONE;
	int k, depth = 0;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];
		bool pp = t->flags & TF_PP;

		if ((t->flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL))
			body = body_of_define(pt->buf, tl, i);
		if (t->type == TOKEN_SPECIAL && !pp) {
			if (match_op(pt->buf, t, '{'))
				depth++;
			else if (match_op(pt->buf, t, '}'))
				depth -= depth > 0;
			continue;
		}
		if (t->type != TOKEN_IDENT ||
		    (pp && (body == SCAN_NONE || i < body)))
			continue;
		if (!pp && is_cued(pt->buf, t, depth) && add_cued(pt, i))
			return -ENOMEM;
		k = legacy_index(pt->buf, t);
		if (k < 0 || !is_legacy_use(pt, &st, i, k, pp))
			continue;
		if (report(pt, i, k))
			return -ENOMEM;
	}
	return 0;
}
