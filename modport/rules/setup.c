// SPDX-License-Identifier: GPL-2.0
/*
 * setup.c: the SETUP rows of the table of API changes (changes.def).  An
 * init call that leaves a callback member to be set after it,
 *
 *	hrtimer_init(&t, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
 *	t.function = f;
 *
 * becomes the setup call that takes the callback (hrtimer_setup() since
 * 6.13; hrtimer_init() is gone since 6.15), as the kernel's own
 * conversion did, and the assignment goes:
 *
 *	hrtimer_setup(&t, f, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
 *
 * The row's new form is "NAME:MEMBER" and its ARG the argument the
 * callback becomes.  The assignment must follow the call in the same
 * block, at its level, with nothing conditional between (the init clears
 * the object: an assignment before it is lost anyway), and set the member
 * of the object the call's first argument points to: &X and X.m, or P and
 * P->m.  Where the target straddles the rows' releases, the call keeps
 * both forms under #if LINUX_VERSION_CODE and the assignment stays (the
 * member is there on both sides).  Anything else is reported, with why.
 */
#include <stdlib.h>
#include <string.h>

#include "../changes.h"
#include "callback.h"

static const char **words;	/* the SETUP rows' old names */
static struct family setup;
static const enum rule_id rules[] = { R_API_SETUP, NR_RULES };

static bool a_setup(const struct api_change *ch)
{
	return ch->kind == C_SETUP;
}

static void __attribute__((constructor)) make_words(void)
{
	words = change_words(a_setup);
	setup.words = words;
}

/* A call and the assignment that sets its object's callback. */
struct site {
	size_t name, open, close, semi;
	size_t obj, obj_end;	/* the object's tokens [obj, obj_end) */
	bool pointer;		/* P (P->m), not &X (X.m) */
	size_t first, f, end;	/* the assignment: its first token, the
				 * callback, its ';' */
};

/*
 * Do the code tokens from k spell the object, then '.' or '->', then the
 * member, then '='?  The callback's token goes to s->f.
 */
static bool sets_member(const struct cb_ctx *c, size_t k, struct site *s,
			const char *member)
{
	size_t o;

	for (o = s->obj; o < s->obj_end; o = cb_next(c, o), k = cb_next(c, k))
		if (!cb_same(c, o, k))
			return false;
	if (!cb_op(c, k, s->pointer ? "->" : "."))
		return false;
	k = cb_next(c, k);
	if (!cb_ident(c, k, member) || !cb_op(c, cb_next(c, k), "="))
		return false;
	s->f = cb_next(c, cb_next(c, k));
	s->end = cb_next(c, s->f);
	return true;
}

/*
 * The assignment after the call, or why not: the first statement from
 * the call on that sets the member at all decides.
 */
static const char *find_assignment(const struct cb_ctx *c, struct site *s,
				   const char *member)
{
	size_t k, prev = s->semi;
	int depth = 0;

	for (k = s->semi + 1; c->tok[k].type != TOKEN_EOF; k++) {
		const struct token *t = &c->tok[k];

		if (t->type == TOKEN_COMMENT)
			continue;
		if (t->flags & TF_PP)
			return "a directive stands between the call and the statement that sets its callback";
		if (cb_op(c, k, "{"))
			depth++;
		else if (cb_op(c, k, "}") && --depth < 0)
			return "its block sets no callback after it";
		if (!sets_member(c, k, s, member)) {
			prev = k;
			continue;
		}
		s->first = k;
		if (depth || !(cb_op(c, prev, ";") || cb_op(c, prev, "{") ||
			       cb_op(c, prev, "}")))
			return "its callback is set under a condition";
		if (c->tok[s->f].type != TOKEN_IDENT || !cb_op(c, s->end, ";"))
			return "its callback is computed, not a function's name";
		return NULL;
	}
	return "its block sets no callback after it";
}

/* The call at i: a statement whose first argument is &X or P. */
static const char *call_site(const struct cb_ctx *c, size_t i, struct site *s)
{
	size_t before = code_before(c->tl, i), comma[2];

	*s = (struct site){ .name = i };
	if (!call_parens(c->buf, c->tl, i, &s->open, &s->close))
		return "not a call";
	s->semi = next_code(c->tl, s->close);
	if (!cb_op(c, s->semi, ";") ||
	    (before != SCAN_NONE && !cb_op(c, before, ";") &&
	     !cb_op(c, before, "{") && !cb_op(c, before, "}")))
		return "the call is not a statement of its own";
	if (!call_args(c->buf, c->tl, s->open, s->close, comma, 2))
		return "the call has one argument";
	s->obj = next_code(c->tl, s->open);
	s->pointer = !cb_op(c, s->obj, "&");
	if (!s->pointer)
		s->obj = next_code(c->tl, s->obj);
	s->obj_end = comma[0];
	return s->obj < s->obj_end ? NULL : "its first argument is empty";
}

/* The new call's text: NAME(obj, f, the other arguments). */
static char *new_call(const struct cb_ctx *c, const struct site *s,
		      const char *name, size_t name_len, int arg)
{
	size_t comma[8], n, at;

	n = call_args(c->buf, c->tl, s->open, s->close, comma, 8);
	if (arg < 1 || (size_t)arg > n || n > 8)
		return NULL;
	at = c->tok[comma[arg - 1]].pos + 1;
	return porter_printf(c->pt, "%.*s%.*s %.*s,%.*s", (int)name_len, name,
			     (int)(at - tok_end(&c->tok[s->name])),
			     c->buf + tok_end(&c->tok[s->name]),
			     (int)c->tok[s->f].len, c->buf + c->tok[s->f].pos,
			     (int)(tok_end(&c->tok[s->close]) - at),
			     c->buf + at);
}

static void report(struct cb_ctx *c, size_t i, const struct api_change *ch,
		   bool fixed, const char *how)
{
	add_finding(c->pt, c->tok[i].pos, R_API_SETUP, SEV_WARNING, fixed,
		    "%s%s%s%s%s", ch->advice, how ? " (" : "", how ? how : "",
		    how ? ")" : "", fixed ? "" : "; port it by hand");
}

static void convert(struct cb_ctx *c, size_t i, const struct api_change *ch)
{
	const char *colon = strchr(ch->new, ':'), *why;
	unsigned int since = change_since(ch);
	struct site s;
	char *call;
	size_t from, to;

	why = call_site(c, i, &s);
	if (!why)
		why = find_assignment(c, &s, colon + 1);
	if (why) {
		report(c, i, ch, false, why);
		return;
	}
	call = new_call(c, &s, ch->new, (size_t)(colon - ch->new), ch->arg);
	if (!call)
		return;
	if (target_from(&c->tg, since)) {
		report(c, i, ch, true, NULL);
		add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[s.close]) -
			 c->tok[i].pos, call);
		delete_line_range(c->pt, c->tok[s.first].pos,
				  tok_end(&c->tok[s.end]));
		free(call);
		return;
	}
	from = line_start(c->buf, c->tok[i].pos);
	to = line_end(c->buf, c->pt->len, c->tok[s.semi].pos);
	report(c, i, ch, true, "both kept under #if LINUX_VERSION_CODE for the target's older kernels, and the callback's assignment with them");
	porter_keep_both(c->pt, from, to, after_eol(c->buf, c->pt->len, to),
			 since, c->tok[i].pos,
			 tok_end(&c->tok[s.close]) - c->tok[i].pos, call);
	free(call);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct cb_ctx c;
	size_t k;

	cb_init(&c, pt);
	for (k = 0; k < n && !pt->error; k++) {
		const struct token *t = &c.tok[h[k].tok];
		const struct api_change *ch = change_for(c.buf + t->pos, t->len);
		unsigned int gone;

		if (!ch || ch->kind != C_SETUP || (h[k].flags & (H_DEAD | H_PP)) ||
		    after_member_op(c.buf, c.tl, h[k].tok) ||
		    !is_call(c.buf, c.tl, h[k].tok) ||
		    file_decl(pt, c.buf + t->pos, t->len) ||
		    porter_fn_definition(pt, h[k].tok) != SCAN_NONE ||
		    porter_kept_old(pt, t->pos))
			continue;
		gone = change_gone(ch);
		if (gone && c.tg.r.hi < gone)
			continue;	/* every kernel of the target has it */
		edits_for(pt, R_API_SETUP);
		convert(&c, h[k].tok, ch);
	}
}

static struct family setup = {
	.name = "setup",
	.rules = rules,
	.run = run,		/* .words: make_words() */
};
FAMILY(setup)
