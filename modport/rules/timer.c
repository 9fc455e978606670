// SPDX-License-Identifier: GPL-2.0
/*
 * timer.c: timers that carried a data word (gone in 4.15), converted as
 * the 2017 treewide timer_setup() conversion and the kernel's
 * scripts/coccinelle/api/setup_timer.cocci did:
 *
 *	timer-setup	init_timer(&t); t.function = f; t.data = d; ->
 *			timer_setup(&t, f, 0);  setup_timer(&t, f, d) ->
 *			timer_setup(&t, f, 0); f's unsigned long data
 *			becomes struct timer_list *t, and the data comes
 *			back with from_timer() (the holder of the timer),
 *			as the constant it was, or not at all
 *	from-timer	from_timer() -> timer_container_of() (6.16), with
 *			a compat #define for older kernels of the target
 *
 * add_timer() and mod_timer() take the same timer as before.  A shape it
 * cannot prove is reported, with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

enum { W_INIT_TIMER, W_SETUP_TIMER, W_FROM_TIMER };

static const char *const words[] = {
	[W_INIT_TIMER] = "init_timer",
	[W_SETUP_TIMER] = "setup_timer",
	[W_FROM_TIMER] = "from_timer",
	NULL
};

static const enum rule_id rules[] = { R_TIMER_SETUP, R_FROM_TIMER, NR_RULES };

/* "T.member = VALUE;" for the timer T: the statement's tokens. */
struct assign {
	size_t first, value, semi;
};

/* At k, the code tokens of [t0, t1): the token after them, or SCAN_NONE. */
static size_t match_at(const struct cb_ctx *c, size_t k, size_t t0, size_t t1)
{
	for (; t0 < t1; t0 = cb_next(c, t0), k = cb_next(c, k))
		if (!cb_same(c, k, t0))
			return SCAN_NONE;
	return k;
}

/*
 * The statements "T.member = v;" (T->member when T is *p) in [from, to):
 * how many, the first in *a.
 */
static size_t assigns(const struct cb_ctx *c, size_t from, size_t to,
		      size_t t0, size_t t1, const char *member,
		      struct assign *a)
{
	size_t k, m, n = 0;

	for (k = from; k < to; k = cb_next(c, k)) {
		size_t p = cb_prev(c, k);

		if (!(cb_op(c, p, ";") || cb_op(c, p, "{") || cb_op(c, p, "}")))
			continue;
		m = match_at(c, k, t0, t1);
		if (m == SCAN_NONE || !cb_op(c, m, ".") ||
		    !cb_ident(c, cb_next(c, m), member) ||
		    !cb_op(c, cb_next(c, cb_next(c, m)), "="))
			continue;
		if (!n++) {
			a->first = k;
			a->value = cb_next(c, cb_next(c, cb_next(c, m)));
			for (a->semi = a->value; a->semi < to &&
			     !cb_op(c, a->semi, ";"); a->semi = cb_next(c, a->semi))
				;
		}
	}
	return n;
}

static void report(struct cb_ctx *c, size_t i, const char *why)
{
	char *msg = porter_printf(c->pt, "%.*s() is gone since 4.15: timer_setup(&t, f, 0) with a void f(struct timer_list *t) that finds its data with from_timer() (timer_container_of() since 6.16), but %s",
				  (int)c->tok[i].len, c->buf + c->tok[i].pos,
				  why);

	if (!msg)
		return;
	target_finding(&c->tg, c->tok[i].pos, R_TIMER_SETUP, false, msg);
	free(msg);
}

/* from_timer() where every kernel of the target has it, else timer_container_of(). */
static const char *container_macro(struct cb_ctx *c)
{
	if (target_need(&c->tg, R_FROM_TIMER) == NEED_NONE)
		return "from_timer";
	return "timer_container_of";
}

/* The handler, the data, and what goes: init_timer() or setup_timer(). */
struct site {
	size_t call, open, close;	/* the init_timer/setup_timer call */
	size_t t0, t1;			/* the timer, after its '&' */
	size_t f;			/* the handler */
	size_t d0, d1;			/* the data, or SCAN_NONE */
	struct assign fa, da;		/* init_timer: .function, .data */
	bool has_da;
	bool beside;			/* the data goes into a field beside */
};

/* init_timer(&T); and in the same function T.function = f; [T.data = d;] */
static const char *init_site(struct cb_ctx *c, const struct hit *h,
			     struct site *s)
{
	size_t end = match_close(c->buf, c->tl, h->func, '{', '}'), n;

	if (end == SCAN_NONE)
		return "its function's end is not found";
	n = assigns(c, h->func, end, s->t0, s->t1, "function", &s->fa);
	if (n != 1 || cb_next(c, s->fa.value) != s->fa.semi ||
	    c->tok[s->fa.value].type != TOKEN_IDENT)
		return "its .function is not set once, to a function, in the same function";
	if (assigns(c, 0, c->tl->nr - 1, s->t0, s->t1, "function", &s->fa) != 1)
		return "its .function is set elsewhere too";
	assigns(c, h->func, end, s->t0, s->t1, "function", &s->fa);
	s->f = s->fa.value;
	n = assigns(c, h->func, end, s->t0, s->t1, "data", &s->da);
	if (n > 1)
		return "its .data is set more than once";
	s->has_da = n == 1;
	s->d0 = n ? s->da.value : SCAN_NONE;
	s->d1 = n ? s->da.semi : SCAN_NONE;
	return NULL;
}

/* setup_timer(&T, f, d) */
static const char *setup_site(struct cb_ctx *c, struct site *s)
{
	size_t comma[3];

	if (call_args(c->buf, c->tl, s->open, s->close, comma, 3) != 2)
		return "it does not have three arguments";
	s->t1 = comma[0];
	s->f = cb_next(c, comma[0]);
	if (c->tok[s->f].type != TOKEN_IDENT || cb_next(c, s->f) != comma[1])
		return "its handler is cast or computed: it is another kind of function";
	s->d0 = cb_next(c, comma[1]);
	s->d1 = s->close;
	return NULL;
}

/*
 * Data that is neither the holder nor a constant goes into a field beside
 * the timer: an unsigned long NAME_data declared after it (a member of its
 * struct, or a global), set where .data was set, read by the handler.
 */
struct beside {
	size_t after;		/* the ';' of the timer's declaration */
	char *decl;		/* the field's declaration, after it */
	char *set;		/* "p->timer_data = " */
};

/* "struct timer_list NAME;" in [from, to): its ';', or SCAN_NONE. */
static size_t timer_decl(const struct cb_ctx *c, size_t from, size_t to,
			 size_t name, bool top)
{
	size_t k;
	int depth = 0;

	for (k = from; k < to && c->tok[k].type != TOKEN_EOF; k = cb_next(c, k)) {
		if (cb_op(c, k, "{") || cb_op(c, k, "}"))
			depth += cb_op(c, k, "{") ? 1 : -1;
		if ((!top || !depth) && cb_same(c, k, name) &&
		    cb_ident(c, cb_prev(c, k), "timer_list") &&
		    cb_ident(c, cb_prev(c, cb_prev(c, k)), "struct") &&
		    cb_op(c, cb_next(c, k), ";"))
			return cb_next(c, k);
	}
	return SCAN_NONE;
}

/* The body of "struct S {" with S spelled as token s: its '{'. */
static size_t struct_body(const struct cb_ctx *c, size_t s)
{
	size_t k;

	for (k = 0; c->tok[k].type != TOKEN_EOF; k = cb_next(c, k))
		if (k != s && cb_same(c, k, s) &&
		    cb_ident(c, cb_prev(c, k), "struct") &&
		    cb_op(c, cb_next(c, k), "{"))
			return cb_next(c, k);
	return SCAN_NONE;
}

/* setup_timer(...); alone at the start of its line, or init_timer()'s .data. */
static bool statement(const struct cb_ctx *c, const struct hit *h,
		      const struct site *s)
{
	size_t from = line_start(c->buf, c->tok[s->call].pos), k;

	if (h->word == W_INIT_TIMER)
		return s->has_da;
	for (k = from; k < c->tok[s->call].pos; k++)
		if (c->buf[k] != ' ' && c->buf[k] != '\t')
			return false;
	return cb_op(c, cb_next(c, s->close), ";");
}

static const char *plan_beside(struct cb_ctx *c, const struct site *s,
			       const struct cb_fn *fn, struct cb_data *d,
			       struct beside *b)
{
	size_t last = cb_prev(c, s->t1), v = s->t0, st = SCAN_NONE, body, end;
	bool member = last != v;
	char *name;

	if (member && !(cb_op(c, cb_next(c, v), "->") &&
			cb_next(c, cb_next(c, v)) == last))
		return "its data is neither the object that holds it nor a constant, and its timer is not p->timer or a global";
	name = porter_printf(c->pt, "%.*s_data", (int)c->tok[last].len,
			     c->buf + c->tok[last].pos);
	if (!name || cb_name_used(c, name)) {
		free(name);
		return "its data is neither the object that holds it nor a constant, and the name of a field beside it is taken";
	}
	if (member) {
		st = cb_struct_of(c, v, s->t0);
		body = st == SCAN_NONE ? SCAN_NONE : struct_body(c, st);
		end = body == SCAN_NONE ? SCAN_NONE :
		      match_close(c->buf, c->tl, body, '{', '}');
		b->after = end == SCAN_NONE ? SCAN_NONE :
			   timer_decl(c, body, end, last, false);
	} else {
		b->after = timer_decl(c, 0, fn->name, last, true);
	}
	if (b->after == SCAN_NONE) {
		free(name);
		return "its data is neither the object that holds it nor a constant, and the timer's declaration (before the handler) is not found to put a field beside it";
	}
	b->decl = porter_printf(c->pt, "%s%sunsigned long %s;", c->pt->eol,
				member ? "\t" : "static ", name);
	b->set = porter_printf(c->pt, "%.*s%s = ",
			       member ? (int)(c->tok[last].pos - c->tok[v].pos) : 0,
			       c->buf + c->tok[v].pos, name);
	if (member) {
		d->container = porter_printf(c->pt, "struct %.*s",
					     (int)c->tok[st].len,
					     c->buf + c->tok[st].pos);
		d->member = cb_text(c, last, s->t1);
		d->field = name;
	} else {
		d->constant = name;
	}
	return NULL;
}

/* The field's declaration, and its value set where .data was. */
static void beside(struct cb_ctx *c, const struct hit *h, const struct site *s,
		   const struct beside *b)
{
	size_t from = line_start(c->buf, c->tok[s->call].pos);
	char *text;

	add_edit(c->pt, tok_end(&c->tok[b->after]), 0, b->decl);
	if (h->word == W_INIT_TIMER) {
		add_edit(c->pt, c->tok[s->da.first].pos,
			 c->tok[s->da.value].pos - c->tok[s->da.first].pos,
			 b->set);
		return;
	}
	/* setup_timer(): the field is set first, on a line of its own */
	text = porter_printf(c->pt, "%s%.*s;%s%.*s", b->set,
			     (int)(c->tok[s->d1].pos - c->tok[s->d0].pos),
			     c->buf + c->tok[s->d0].pos, c->pt->eol,
			     (int)(c->tok[s->call].pos - from), c->buf + from);
	if (text)
		add_edit(c->pt, c->tok[s->call].pos, 0, text);
	free(text);
}

static bool fix(struct cb_ctx *c, const struct hit *h, struct site *s,
		struct cb_fn *fn, struct cb_data *d)
{
	char *text;

	if (!target_finding(&c->tg, c->tok[s->call].pos, R_TIMER_SETUP, true,
			    s->beside ?
			    "timers take no data since 4.15: timer_setup(&t, f, 0), and f takes the struct timer_list *; its data, neither the holder nor a constant, goes into a field beside the timer" :
			    "timers take no data since 4.15: timer_setup(&t, f, 0), and f takes the struct timer_list * and finds its data with from_timer() (timer_container_of() since 6.16)"))
		return false;
	text = porter_printf(c->pt, "timer_setup(&%.*s, %.*s, 0)",
			     (int)(tok_end(&c->tok[cb_prev(c, s->t1)]) -
				   c->tok[s->t0].pos), c->buf + c->tok[s->t0].pos,
			     (int)c->tok[s->f].len, c->buf + c->tok[s->f].pos);
	if (!text)
		return false;
	add_edit(c->pt, c->tok[s->call].pos,
		 tok_end(&c->tok[s->close]) - c->tok[s->call].pos, text);
	free(text);
	if (h->word == W_INIT_TIMER) {
		cb_delete(c, s->fa.first, s->fa.semi);
		if (s->has_da && !s->beside)
			cb_delete(c, s->da.first, s->da.semi);
	}
	cb_convert(c, fn, d);
	if (d->macro_used && strcmp(d->macro, "from_timer") &&
	    !target_from(&c->tg, rule_table[R_FROM_TIMER].since))
		c->tg.shim[R_FROM_TIMER] = true;	/* the compat block */
	return true;
}

static void site(struct cb_ctx *c, const struct hit *h)
{
	struct cb_data d = { .old_type = "unsigned long",
			     .param = "struct timer_list *", .pname = "t" };
	struct site s = { .call = h->tok };
	struct beside b = { .decl = NULL, .set = NULL };
	struct cb_fn fn;
	const char *why = NULL;

	if (!call_parens(c->buf, c->tl, h->tok, &s.open, &s.close))
		return;
	s.t0 = cb_next(c, cb_next(c, s.open));
	s.t1 = s.close;
	if (!cb_op(c, cb_next(c, s.open), "&") || h->func == SCAN_NONE)
		why = "its timer is not given as &timer in a function";
	if (!why)
		why = h->word == W_INIT_TIMER ? init_site(c, h, &s) :
		      setup_site(c, &s);
	if (!why)
		why = cb_find(c, s.f, "unsigned long", 1, &fn);
	if (!why && s.d0 == SCAN_NONE)
		d.constant = porter_printf(c->pt, "0");
	else if (!why)
		why = cb_data_of(c, s.d0, s.d1, cb_next(c, s.open), s.t1,
				 fn.name, &d);
	if (why && strstr(why, "neither") && statement(c, h, &s)) {
		cb_data_free(&d);
		why = plan_beside(c, &s, &fn, &d, &b);
		s.beside = !why;
	}
	if (why) {
		report(c, h->tok, why);
	} else {
		d.macro = container_macro(c);
		if (fix(c, h, &s, &fn, &d) && s.beside)
			beside(c, h, &s, &b);
	}
	free(b.decl);
	free(b.set);
	cb_data_free(&d);
}

/*
 * Is the hit a feature test, "#ifdef from_timer" or "defined(from_timer)"
 * in a condition (a driver's way to ask for the timer_setup() API)?
 */
static bool feature_test(const struct porter *pt, const struct hit *h)
{
	const struct token *tok = pt->tl->tok;
	size_t p;

	if (!(h->flags & H_PP))
		return false;
	if (h->kw == KW_IFDEF || h->kw == KW_IFNDEF)
		return true;
	if (h->kw != KW_IF && h->kw != KW_ELIF)
		return false;
	p = h->tok - 1;
	if (match_op(pt->buf, &tok[p], '(') && p > 0)
		p--;
	return match_ident(pt->buf, &tok[p], "defined");
}

/*
 * "defined(from_timer)" asks for a macro that 6.16 renamed: after the
 * rename it asks for timer_container_of, which the compat #define after
 * the includes gives the older kernels - if the test comes after it.
 */
static void from_timer_test(struct cb_ctx *c, const struct hit *h)
{
	struct porter *pt = c->pt;
	size_t inc = pt->sc.last_any_include;

	if (target_need(&c->tg, R_FROM_TIMER) == NEED_REPORT &&
	    (inc == SCAN_NONE || h->tok < inc)) {
		target_finding(&c->tg, c->tok[h->tok].pos, R_FROM_TIMER, false,
			       "from_timer is gone since 6.16 (timer_container_of()), and this test of it comes before the includes, where no compat #define can serve it");
		return;
	}
	if (target_finding(&c->tg, c->tok[h->tok].pos, R_FROM_TIMER, true,
			   "from_timer is gone since 6.16: a test of it asks for timer_container_of()"))
		add_edit(pt, c->tok[h->tok].pos, c->tok[h->tok].len,
			 "timer_container_of");
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	/*
	 * Userspace has timers of its own (the kernel's tools/ have a
	 * setup_timer()): an old file only, one that shows its age with
	 * another finding first.
	 */
	bool aged = pt->nr_found[1];
	struct cb_ctx c;
	size_t k;

	cb_init(&c, pt);
	for (k = 0; k < n; k++, h++) {
		if (h->word == W_FROM_TIMER && !(h->flags & H_DEAD) &&
		    feature_test(pt, h)) {
			from_timer_test(&c, h);
			continue;
		}
		if (h->flags & (H_DEAD | H_PP | H_BODY) ||
		    !is_call(pt->buf, pt->tl, h->tok))
			continue;
		if (h->word != W_FROM_TIMER) {
			if (aged)
				site(&c, h);
			continue;
		}
		if (!target_shim_define(pt, h->tok) &&
		    target_finding(&c.tg, c.tok[h->tok].pos, R_FROM_TIMER, true,
				   "from_timer() is gone since 6.16: timer_container_of(), same arguments"))
			add_edit(pt, c.tok[h->tok].pos, c.tok[h->tok].len,
				 "timer_container_of");
	}
	target_shims(&c.tg);
}

static const struct family timer = {
	.name = "timer", .rules = rules, .words = words, .run = run,
};
FAMILY(timer)
