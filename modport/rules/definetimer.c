// SPDX-License-Identifier: GPL-2.0
/*
 * definetimer.c: the define-timer rule.  A 2.4 timer initialized where it
 * is defined, at the top level,
 *
 *	static struct timer_list t = { function: f };	(or .function = f,
 *							 and a constant .data)
 *
 * becomes what 4.15's timer conversion made of it,
 *
 *	static DEFINE_TIMER(t, f);
 *
 * and f's unsigned long data becomes the struct timer_list * with the
 * constant it was written in the function, or nothing if f never read it
 * (callback.h).  An initializer with any other member (.expires), data
 * that is not a constant, or a callback called or registered elsewhere
 * too is reported, with the reason.  It runs before gnu-initializer,
 * whose fixes inside the definition go with it.
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

static const char *const words[] = { "timer_list", NULL };
static const enum rule_id rules[] = { R_DEFINE_TIMER, NR_RULES };

/* A top-level "struct timer_list NAME = { ... };" */
struct definition {
	size_t first;		/* "struct" */
	size_t name, open, close, semi;
	size_t f;		/* the function's token, or SCAN_NONE */
	size_t d0, d1;		/* the data's tokens, or SCAN_NONE */
};

/* The definition whose "timer_list" is at i, or false. */
static bool definition(const struct cb_ctx *c, size_t i, struct definition *t)
{
	t->first = cb_prev(c, i);
	t->name = cb_next(c, i);
	t->open = cb_next(c, cb_next(c, t->name));
	if (!cb_ident(c, t->first, "struct") ||
	    c->tok[t->name].type != TOKEN_IDENT ||
	    !cb_op(c, cb_next(c, t->name), "=") || !cb_op(c, t->open, "{"))
		return false;
	t->close = match_close(c->buf, c->tl, t->open, '{', '}');
	if (t->close == SCAN_NONE)
		return false;
	t->semi = cb_next(c, t->close);
	return cb_op(c, t->semi, ";");
}

/* One member "m: v" or ".m = v" at k, ending at end (',' or '}'). */
static const char *member(const struct cb_ctx *c, struct definition *t,
			  size_t k, size_t end)
{
	size_t m = cb_op(c, k, ".") ? cb_next(c, k) : k;
	size_t v = cb_next(c, cb_next(c, m));

	if (c->tok[m].type != TOKEN_IDENT ||
	    !(cb_op(c, cb_next(c, m), ":") || cb_op(c, cb_next(c, m), "=")) ||
	    v >= end)
		return "its initializer is not one of designated members";
	if (cb_ident(c, m, "function")) {
		if (c->tok[v].type != TOKEN_IDENT || cb_next(c, v) != end)
			return "its function is cast or computed";
		t->f = v;
	} else if (cb_ident(c, m, "data")) {
		t->d0 = v;
		t->d1 = end;
	} else {
		return "its initializer sets more than the function and a constant data (.expires: set it where the timer is added)";
	}
	return NULL;
}

/* The members of the initializer: the function, the data. */
static const char *members(const struct cb_ctx *c, struct definition *t)
{
	size_t k = cb_next(c, t->open), end;
	const char *why;
	int depth;

	t->f = t->d0 = t->d1 = SCAN_NONE;
	while (k < t->close) {
		for (end = k, depth = 0; end < t->close; end = cb_next(c, end)) {
			if (cb_op(c, end, "(") || cb_op(c, end, "{"))
				depth++;
			else if (cb_op(c, end, ")") || cb_op(c, end, "}"))
				depth--;
			else if (!depth && cb_op(c, end, ","))
				break;
		}
		why = member(c, t, k, end);
		if (why)
			return why;
		k = end < t->close ? cb_next(c, end) : end;
	}
	return t->f == SCAN_NONE ? "its initializer sets no function" : NULL;
}

static void site(struct cb_ctx *c, size_t i)
{
	struct cb_data d = { .old_type = "unsigned long",
			     .param = "struct timer_list *", .pname = "t" };
	struct definition t;
	struct cb_fn fn;
	const char *why;
	char *text;

	if (!definition(c, i, &t))
		return;
	why = members(c, &t);
	if (!why)
		why = cb_find(c, t.f, "unsigned long", 1, &fn);
	if (!why && t.d0 == SCAN_NONE)
		d.constant = porter_printf(c->pt, "0");
	else if (!why)
		why = cb_data_of(c, t.d0, t.d1, t.name, cb_next(c, t.name),
				 fn.name, &d);
	if (!why && !d.constant)
		why = "its data is not a constant";
	if (why) {
		text = porter_printf(c->pt, "timers take no data since 4.15: static DEFINE_TIMER(name, f) with a void f(struct timer_list *t), but %s", why);
		if (text)
			target_finding(&c->tg, c->tok[t.name].pos,
				       R_DEFINE_TIMER, false, text);
		free(text);
		cb_data_free(&d);
		return;
	}
	if (target_finding(&c->tg, c->tok[t.name].pos, R_DEFINE_TIMER, true,
			   "timers take no data since 4.15: static DEFINE_TIMER(name, f), and f takes the struct timer_list *")) {
		porter_removes(c->pt, c->tok[t.first].pos,
			       tok_end(&c->tok[t.semi]));
		text = porter_printf(c->pt, "DEFINE_TIMER(%.*s, %.*s);",
				     (int)c->tok[t.name].len,
				     c->buf + c->tok[t.name].pos,
				     (int)c->tok[t.f].len,
				     c->buf + c->tok[t.f].pos);
		if (text)
			add_edit(c->pt, c->tok[t.first].pos,
				 tok_end(&c->tok[t.semi]) - c->tok[t.first].pos,
				 text);
		free(text);
		cb_convert(c, &fn, &d);
	}
	cb_data_free(&d);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct cb_ctx c;
	size_t k;

	cb_init(&c, pt);
	for (k = 0; k < n; k++, h++)
		if (!(h->flags & (H_DEAD | H_PP | H_BODY)) && !h->depth)
			site(&c, h->tok);
}

static const struct family definetimer = {
	.name = "definetimer", .rules = rules, .words = words, .run = run,
};
FAMILY(definetimer)
