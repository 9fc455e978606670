// SPDX-License-Identifier: GPL-2.0
/*
 * work.c: work items with a data argument (gone in 2.6.20), converted as
 * David Howells converted the kernel's own:
 *
 *	work-3-args	INIT_WORK(&x->w, f, x), PREPARE_WORK(...),
 *			DECLARE_WORK(n, f, data) -> two arguments; f's
 *			void *data becomes struct work_struct *work, and
 *			the data comes back with container_of() (or is the
 *			constant it was: 0, NULL, &a_global); a work item
 *			that schedule_delayed_work() queues becomes a
 *			struct delayed_work (INIT_DELAYED_WORK(),
 *			DECLARE_DELAYED_WORK()), its schedule_work(&w)
 *			schedule_delayed_work(&w, 0)
 *
 * A shape it cannot prove (a cast handler, a handler shared with another
 * use, data that is neither the container nor a constant, a work item
 * used in ways it does not know) is reported, with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

enum { W_INIT_WORK, W_PREPARE_WORK, W_DECLARE_WORK };

static const char *const words[] = {
	[W_INIT_WORK] = "INIT_WORK",
	[W_PREPARE_WORK] = "PREPARE_WORK",
	[W_DECLARE_WORK] = "DECLARE_WORK",
	NULL
};

static const enum rule_id rules[] = { R_WORK_3_ARGS, NR_RULES };

/* What a call that takes the work item becomes when it is a delayed one. */
static const struct {
	const char *call;
	const char *to;		/* NULL: the same */
	const char *more;	/* an argument to add, or NULL */
} calls[] = {
	{ "schedule_delayed_work", NULL, NULL },
	{ "queue_delayed_work", NULL, NULL },
	{ "cancel_delayed_work", NULL, NULL },
	{ "cancel_delayed_work_sync", NULL, NULL },
	{ "flush_delayed_work", NULL, NULL },
	{ "schedule_work", "schedule_delayed_work", ", 0" },
	{ "queue_work", "queue_delayed_work", ", 0" },
	{ "cancel_work_sync", "cancel_delayed_work_sync", NULL },
	{ "flush_work", "flush_delayed_work", NULL },
	{ "INIT_WORK", NULL, NULL },
	{ "PREPARE_WORK", NULL, NULL },
	{ "DECLARE_WORK", NULL, NULL },
};

#define NR_CALLS (sizeof(calls) / sizeof(calls[0]))
#define NR_DELAYED 5	/* the first ones: only a delayed work item */

/* A work item: a global (name) or a member (name after "->"). */
struct item {
	size_t name;
	bool member;
	size_t decl;		/* its "work_struct" token, or SCAN_NONE */
	bool delayed;		/* queued with a delay somewhere */
	const char *why;	/* why it cannot change, or NULL */
};

/* The call whose argument token i is in: its name, or SCAN_NONE. */
static size_t call_of(const struct cb_ctx *c, size_t i)
{
	size_t k = i, open;

	while ((k = cb_prev(c, k)) != SCAN_NONE && !cb_op(c, k, "(") &&
	       !cb_op(c, k, ",") && !cb_op(c, k, ";"))
		;
	if (k == SCAN_NONE || cb_op(c, k, ";"))
		return SCAN_NONE;
	open = cb_op(c, k, "(") ? k : match_open(c->buf, c->tl, k, '(', ')');
	if (open == SCAN_NONE || open == 0)
		return SCAN_NONE;
	k = cb_prev(c, open);
	return k != SCAN_NONE && c->tok[k].type == TOKEN_IDENT ? k : SCAN_NONE;
}

static int call_index(const struct cb_ctx *c, size_t name)
{
	size_t k;

	for (k = 0; name != SCAN_NONE && k < NR_CALLS; k++)
		if (cb_ident(c, name, calls[k].call))
			return (int)k;
	return -1;
}

/* Is token i a use of the item (the global, or the member)? */
static bool item_use(const struct cb_ctx *c, const struct item *it, size_t i)
{
	size_t p = cb_prev(c, i);

	if (!cb_same(c, i, it->name))
		return false;
	if (it->member)
		return cb_op(c, p, "->") || cb_op(c, p, ".");
	return !after_member_op(c->buf, c->tl, i);
}

/* "struct work_struct NAME" declares the item: the work_struct token. */
static bool item_decl(const struct cb_ctx *c, size_t i)
{
	size_t ws = cb_prev(c, i);

	return cb_ident(c, ws, "work_struct") &&
	       cb_ident(c, cb_prev(c, ws), "struct");
}

/*
 * Every use of the item: known calls only, delayed or not; decls
 * declarations "struct work_struct NAME" (DECLARE_WORK() has none).
 */
static void survey(const struct cb_ctx *c, struct item *it, size_t want)
{
	size_t i, decls = 0;

	it->decl = SCAN_NONE;
	it->delayed = false;
	it->why = NULL;
	for (i = 0; c->tok[i].type != TOKEN_EOF; i = cb_next(c, i)) {
		int k;

		if (!is_code(&c->tok[i]) || !cb_same(c, i, it->name))
			continue;
		if (item_decl(c, i)) {
			it->decl = cb_prev(c, i);
			decls++;
			continue;
		}
		if (!item_use(c, it, i))
			continue;
		k = call_index(c, call_of(c, i));
		if (k < 0)
			it->why = "the work item is used where a struct delayed_work would not fit";
		else if (k < NR_DELAYED)
			it->delayed = true;
	}
	if (it->delayed && decls != want)
		it->why = "the work item is queued with a delay, and its declaration is not the only struct work_struct of that name";
	if (!it->delayed)
		it->why = NULL;
}

/* The item becomes a struct delayed_work: its declaration and calls. */
static void make_delayed(struct cb_ctx *c, const struct item *it)
{
	size_t i;

	if (it->decl != SCAN_NONE)
		add_edit(c->pt, c->tok[it->decl].pos, c->tok[it->decl].len,
			 "delayed_work");
	for (i = 0; c->tok[i].type != TOKEN_EOF; i = cb_next(c, i)) {
		size_t name, open, close;
		int k;

		if (!is_code(&c->tok[i]) || !item_use(c, it, i) ||
		    item_decl(c, i))
			continue;
		name = call_of(c, i);
		k = call_index(c, name);
		if (k < 0 || !calls[k].to ||
		    !call_parens(c->buf, c->tl, name, &open, &close))
			continue;
		add_edit(c->pt, c->tok[name].pos, c->tok[name].len,
			 calls[k].to);
		if (calls[k].more)
			add_edit(c->pt, c->tok[close].pos, 0, calls[k].more);
	}
}

static void report(struct cb_ctx *c, size_t i, const char *why)
{
	char *msg = porter_printf(c->pt, "%.*s() takes two arguments since 2.6.20 (the handler gets the struct work_struct * and finds its data with container_of()), but %s",
				  (int)c->tok[i].len, c->buf + c->tok[i].pos,
				  why);

	if (!msg)
		return;
	target_finding(&c->tg, c->tok[i].pos, R_WORK_3_ARGS, false, msg);
	free(msg);
}

/* The work item of the first argument [from, to): &global or &v->member. */
static const char *item_of(const struct cb_ctx *c, size_t from, size_t to,
			   bool declare, struct item *it)
{
	size_t last = cb_prev(c, to);

	if (declare && cb_next(c, from) >= to &&
	    c->tok[from].type == TOKEN_IDENT) {
		*it = (struct item){ .name = from };
		return NULL;
	}
	if (!cb_op(c, from, "&") || c->tok[last].type != TOKEN_IDENT)
		return "its work item is not &a_global or &p->member";
	*it = (struct item){ .name = last, .member = cb_next(c, from) != last };
	if (it->member && !cb_op(c, cb_prev(c, last), "->"))
		return "its work item is not &a_global or &p->member";
	return NULL;
}

/* The items made delayed ones so far (an item may have two INIT_WORK()s). */
struct made {
	size_t name[16];
	size_t nr;
};

static bool made(struct cb_ctx *c, struct made *m, const struct item *it)
{
	size_t k;

	for (k = 0; k < m->nr; k++)
		if (cb_same(c, m->name[k], it->name))
			return true;
	if (m->nr < 16)
		m->name[m->nr++] = it->name;
	return false;
}

/* The finding, and the call of two arguments (a delayed one if it must be). */
static bool two_args(struct cb_ctx *c, struct made *m, const struct hit *h,
		     const struct item *it, size_t comma, size_t close,
		     const char *msg)
{
	size_t i = h->tok;

	if (!target_finding(&c->tg, c->tok[i].pos, R_WORK_3_ARGS, true, msg))
		return false;
	add_edit(c->pt, c->tok[comma].pos, c->tok[close].pos - c->tok[comma].pos, "");
	if (it->delayed)
		add_edit(c->pt, c->tok[i].pos, c->tok[i].len,
			 h->word == W_DECLARE_WORK ? "DECLARE_DELAYED_WORK" :
			 "INIT_DELAYED_WORK");
	else if (h->word == W_PREPARE_WORK)
		add_edit(c->pt, c->tok[i].pos, c->tok[i].len, "INIT_WORK");
	if (it->delayed && !made(c, m, it))
		make_delayed(c, it);
	return true;
}

/*
 * INIT_WORK(&w, (void (*)(void *)) f, data): f is another kind of
 * function, a void f(unsigned long) of the file (a tasklet's, in LDD3's
 * short), and data a constant.  A work handler of the new kind calls f
 * with the data, as the cast call did, and INIT_WORK() takes it.  NULL,
 * or why not.
 */
static const char *wrapper(struct cb_ctx *c, struct made *m,
			   const struct hit *h, size_t close,
			   const size_t *comma)
{
	static const char *const cast[] = {
		"(", "void", "(", "*", ")", "(", "void", "*", ")", ")", NULL
	};
	struct cb_data d = { .old_type = "unsigned long" };
	size_t k = cb_next(c, comma[0]), f, amp = cb_next(c, cb_next(c, h->tok));
	const char *why = NULL;
	const char *const *w;
	struct cb_fn fn;
	struct item it;
	char *name = NULL, *text = NULL;

	for (w = cast; *w; w++, k = cb_next(c, k))
		if (!cb_op(c, k, *w) && !cb_ident(c, k, *w))
			return "its handler is cast or computed: it is another kind of function";
	f = k;
	if (c->tok[f].type != TOKEN_IDENT || cb_next(c, f) != comma[1] ||
	    h->word == W_DECLARE_WORK)
		return "its handler is cast or computed: it is another kind of function";
	why = item_of(c, amp, comma[0], false, &it);
	cb_find(c, f, "unsigned long", 0, &fn);
	if (!why && (fn.name == SCAN_NONE || fn.end == SCAN_NONE || fn.end > h->tok))
		why = "its handler is cast, and is not a void f(unsigned long) defined before";
	if (!why)
		why = cb_data_of(c, cb_next(c, comma[1]), close, amp, comma[0],
				 fn.name, &d);
	if (!why && !d.constant)
		why = "its handler is cast, and its data is not a constant";
	name = why ? NULL : porter_printf(c->pt, "%.*s_work", (int)c->tok[f].len,
					  c->buf + c->tok[f].pos);
	if (!why && (!name || cb_name_used(c, name)))
		why = "its handler is cast, and the name of a wrapper is taken";
	if (!why && (survey(c, &it, 1), it.why))
		why = it.why;
	if (!why)
		text = porter_printf(c->pt, "%s%sstatic void %s(struct work_struct *work)%s{%s\t%.*s((unsigned long)%s);%s}",
				     c->pt->eol, c->pt->eol, name, c->pt->eol,
				     c->pt->eol, (int)c->tok[f].len,
				     c->buf + c->tok[f].pos, d.constant,
				     c->pt->eol);
	if (text && two_args(c, m, h, &it, comma[1], close,
			     "work items take no data since 2.6.20; this handler is another kind of function (cast), so a work handler of the new kind calls it with the data, as the cast call did")) {
		add_edit(c->pt, tok_end(&c->tok[fn.end]), 0, text);
		add_edit(c->pt, c->tok[cb_next(c, comma[0])].pos,
			 tok_end(&c->tok[f]) - c->tok[cb_next(c, comma[0])].pos,
			 name);
	}
	free(text);
	free(name);
	cb_data_free(&d);
	return why;
}

static void site(struct cb_ctx *c, struct made *m, const struct hit *h)
{
	size_t i = h->tok, open, close, comma[3], f;
	bool declare = h->word == W_DECLARE_WORK;
	struct cb_data d = { .old_type = "void *",
			     .param = "struct work_struct *", .pname = "work" };
	struct item it;
	struct cb_fn fn;
	const char *why;
	char *name;

	if (!call_parens(c->buf, c->tl, i, &open, &close) ||
	    call_args(c->buf, c->tl, open, close, comma, 3) != 2)
		return;		/* two arguments: a modern one */
	f = cb_next(c, comma[0]);
	if (c->tok[f].type != TOKEN_IDENT || cb_next(c, f) != comma[1]) {
		why = wrapper(c, m, h, close, comma);
		if (why)
			report(c, i, why);
		return;
	}
	why = item_of(c, cb_next(c, open), comma[0], declare, &it);
	if (!why)
		why = cb_find(c, f, "void *", 1, &fn);
	if (!why)
		why = cb_data_of(c, cb_next(c, comma[1]), close,
				 cb_next(c, open), comma[0], fn.name, &d);
	if (!why && (survey(c, &it, !declare), it.why))
		why = it.why;
	if (!why && declare && d.container)
		why = "its data is a pointer into the object it declares";
	if (why) {
		report(c, i, why);
		cb_data_free(&d);
		return;
	}
	if (it.delayed && d.member) {
		name = porter_printf(c->pt, "%s.work", d.member);
		free(d.member);
		d.member = name;
	}
	if (two_args(c, m, h, &it, comma[1], close, it.delayed ?
		     "work items take no data since 2.6.20: two arguments, the handler gets the struct work_struct * and finds its data with container_of(); queued with a delay, the item is a struct delayed_work" :
		     "work items take no data since 2.6.20: two arguments, the handler gets the struct work_struct * and finds its data with container_of()"))
		cb_convert(c, &fn, &d);
	cb_data_free(&d);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct made m = { .nr = 0 };
	struct cb_ctx c;
	size_t k;

	cb_init(&c, pt);
	for (k = 0; k < n; k++) {
		if (h[k].flags & (H_DEAD | H_PP | H_BODY) ||
		    !is_call(pt->buf, pt->tl, h[k].tok))
			continue;
		site(&c, &m, &h[k]);
	}
}

static const struct family work = {
	.name = "work", .rules = rules, .words = words, .run = run,
};
FAMILY(work)
