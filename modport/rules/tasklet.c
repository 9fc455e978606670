// SPDX-License-Identifier: GPL-2.0
/*
 * tasklet.c: tasklets that carried a data word, converted as the 5.9
 * tasklet_setup() series did:
 *
 *	tasklet-data	DECLARE_TASKLET(name, f, data) -> DECLARE_TASKLET(name,
 *			f), and tasklet_init(&x->t, f, x) -> tasklet_setup(&x->t,
 *			f); f's unsigned long data becomes struct
 *			tasklet_struct *t, and the data comes back with
 *			from_tasklet() (the holder of the tasklet), as the
 *			constant it was, or not at all.  A handler with data
 *			0 that serves something else too (a work item)
 *			keeps its signature: DECLARE_TASKLET_OLD(name, f),
 *			5.9's form for it.
 *
 * DECLARE_TASKLET() with data is reported where none of this applies, and
 * where the target reaches below 5.9.  tasklet_init() still exists: it is
 * converted when the shape allows it, and left as it is otherwise.
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

enum { W_DECLARE_TASKLET, W_DECLARE_TASKLET_DISABLED, W_TASKLET_INIT };

static const char *const words[] = {
	[W_DECLARE_TASKLET] = "DECLARE_TASKLET",
	[W_DECLARE_TASKLET_DISABLED] = "DECLARE_TASKLET_DISABLED",
	[W_TASKLET_INIT] = "tasklet_init",
	NULL
};

static const enum rule_id rules[] = { R_TASKLET_DATA, NR_RULES };

static void report(struct cb_ctx *c, size_t i, const char *why)
{
	char *msg = porter_printf(c->pt, "%.*s(name, func, data) takes two arguments since 5.9: a void func(struct tasklet_struct *t) that finds its data with from_tasklet(), but %s",
				  (int)c->tok[i].len, c->buf + c->tok[i].pos,
				  why);

	if (!msg)
		return;
	target_finding(&c->tg, c->tok[i].pos, R_TASKLET_DATA, false, msg);
	free(msg);
}

/* Is the data [from, to) a literal 0, casts aside? */
static bool zero(const struct cb_ctx *c, size_t from, size_t to)
{
	size_t i = from;

	while (cb_op(c, i, "(") && i < to) {
		size_t close = match_close(c->buf, c->tl, i, '(', ')');

		if (close == SCAN_NONE || close >= to)
			return false;
		i = cb_next(c, close);
	}
	return cb_next(c, i) >= to && c->tok[i].len == 1 &&
	       c->buf[c->tok[i].pos] == '0';
}

/* DECLARE_TASKLET(name, f, 0), f shared: DECLARE_TASKLET_OLD(name, f). */
static void old_form(struct cb_ctx *c, const struct hit *h, size_t comma,
		     size_t close)
{
	if (h->word != W_DECLARE_TASKLET ||
	    !target_finding(&c->tg, c->tok[h->tok].pos, R_TASKLET_DATA, true,
			    "DECLARE_TASKLET(name, func, data) takes two arguments since 5.9; this handler has data 0 and serves something else too, so it keeps its signature: DECLARE_TASKLET_OLD(name, func)"))
		return;
	add_edit(c->pt, c->tok[h->tok].pos, c->tok[h->tok].len,
		 "DECLARE_TASKLET_OLD");
	add_edit(c->pt, c->tok[comma].pos, c->tok[close].pos - c->tok[comma].pos, "");
}

static void site(struct cb_ctx *c, const struct hit *h)
{
	struct cb_data d = { .old_type = "unsigned long",
			     .param = "struct tasklet_struct *", .pname = "t",
			     .macro = "from_tasklet" };
	size_t i = h->tok, open, close, comma[3], f, w0;
	bool init = h->word == W_TASKLET_INIT;
	const char *why = NULL;
	struct cb_fn fn;

	if (!call_parens(c->buf, c->tl, i, &open, &close) ||
	    call_args(c->buf, c->tl, open, close, comma, 3) != 2)
		return;
	f = cb_next(c, comma[0]);
	w0 = cb_next(c, open);
	if (c->tok[f].type != TOKEN_IDENT || cb_next(c, f) != comma[1])
		why = "its handler is cast or computed: it is another kind of function";
	if (init && (target_need(&c->tg, R_TASKLET_DATA) != NEED_FIX ||
		     !c->pt->nr_found[1]))
		return;	/* tasklet_init() is still there: in an old file only */
	fn.name = SCAN_NONE;
	if (!why)
		why = cb_find(c, f, "unsigned long", 1, &fn);
	if (why && fn.name != SCAN_NONE && !init &&
	    zero(c, cb_next(c, comma[1]), close)) {
		old_form(c, h, comma[1], close);
		return;
	}
	if (!why)
		why = cb_data_of(c, cb_next(c, comma[1]), close, w0, comma[0],
				 fn.name, &d);
	if (!why && !init && d.container)
		why = "its data is a pointer into the object it declares";
	if (why) {
		if (!init)
			report(c, i, why);
		cb_data_free(&d);
		return;
	}
	if (target_finding(&c->tg, c->tok[i].pos, R_TASKLET_DATA, true, init ?
			   "tasklet_init(t, func, data) has a successor since 5.9: tasklet_setup(t, func), and func takes the struct tasklet_struct * and finds its data with from_tasklet()" :
			   "DECLARE_TASKLET(name, func, data) takes two arguments since 5.9: func takes the struct tasklet_struct * and finds its data with from_tasklet()")) {
		if (init)
			add_edit(c->pt, c->tok[i].pos, c->tok[i].len, "tasklet_setup");
		add_edit(c->pt, c->tok[comma[1]].pos,
			 c->tok[close].pos - c->tok[comma[1]].pos, "");
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
		if (!(h->flags & (H_DEAD | H_PP | H_BODY)) &&
		    is_call(pt->buf, pt->tl, h->tok))
			site(&c, h);
}

static const struct family tasklet = {
	.name = "tasklet", .rules = rules, .words = words, .run = run,
};
FAMILY(tasklet)
