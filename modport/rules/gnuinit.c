// SPDX-License-Identifier: GPL-2.0
/*
 * gnuinit.c: the gnu-initializer rule.  GCC's old "field: value" designator
 * becomes the C99 ".field = value" inside brace initializers (a '{' after
 * '=', or nested in one after '{', ',' or a GNU designator); labels, bit-fields, ?: and case are never
 * touched, nor are macro bodies.  Only the name gains a '.' and the colon
 * becomes '='; every other byte stays.  A member that a later rule
 * removes ("llseek: no_llseek," where the target lacks no_llseek) is left
 * to it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"


/* The '{' that directly encloses token i, or SCAN_NONE (also inside ()). */
static size_t enclosing_brace(const char *buf, const struct token_list *tl,
			      size_t i)
{
	int depth = 0;

	while (i > 0) {
		const struct token *t = &tl->tok[i = prev_code(tl, i)];

		if (t->type != TOKEN_SPECIAL || t->len != 1)
			continue;
		if (buf[t->pos] == '}' || buf[t->pos] == ')')
			depth++;
		else if (buf[t->pos] == '(' && !depth--)
			return SCAN_NONE;
		else if (buf[t->pos] == '{' && !depth--)
			return i;
	}
	return SCAN_NONE;
}

/* Does the '{' at i open a brace initializer? */
static bool is_initializer(const char *buf, const struct token_list *tl,
			   size_t i)
{
	int levels;

	for (levels = 0; i != SCAN_NONE && levels < 16; levels++) {
		const struct token *p = &tl->tok[prev_code(tl, i)];

		if (!i || p == &tl->tok[i])
			return false;
		if (match_op(buf, p, '='))
			return true;
		if (!match_op(buf, p, '{') && !match_op(buf, p, ',') &&
		    !match_op(buf, p, ':'))
			return false;
		i = enclosing_brace(buf, tl, i);
	}
	return false;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* name ':' at tokens name, colon: .name = */
static int convert(struct porter *pt, size_t name, size_t colon)
{
	const struct token *tok = pt->tl->tok;
	const char *buf = pt->buf;
	size_t c = tok[colon].pos;
	char text[4];

	add_finding(pt, tok[name].pos, R_GNU_INITIALIZER, SEV_WARNING, true,
		    "'%.*s:' is GCC's obsolete designator (-Wpedantic warns, checkpatch rejects it): write '.%.*s ='",
		    (int)tok[name].len, buf + tok[name].pos,
		    (int)tok[name].len, buf + tok[name].pos);
	add_edit(pt, tok[name].pos, 0, ".");
	snprintf(text, sizeof(text), "%s=%s", is_blank(buf[c - 1]) ? "" : " ",
		 c + 1 < pt->len && is_blank(buf[c + 1]) ? "" : " ");
	return add_edit(pt, c, 1, text);
}

/*
 * Does a later rule remove the member whose ':' is at i?  "llseek:
 * no_llseek," goes where the target lacks no_llseek (no-llseek, apis.c).
 */
static bool member_goes(struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t v = next_code(tl, i);
	struct target tg;

	if (!match_ident(pt->buf, &tl->tok[v], "no_llseek") ||
	    !match_ident(pt->buf, &tl->tok[prev_code(tl, i)], "llseek") ||
	    !rule_on(pt, R_NO_LLSEEK))
		return false;
	target_init(&tg, pt);
	return target_need(&tg, R_NO_LLSEEK) == NEED_FIX;
}

/* A ':' code token at i. */
static int do_colon(struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t name = prev_code(tl, i), before, open;

	if (tl->tok[name].type != TOKEN_IDENT || name == i)
		return 0;
	before = prev_code(tl, name);
	if (!match_op(pt->buf, &tl->tok[before], '{') &&
	    !match_op(pt->buf, &tl->tok[before], ','))
		return 0;
	open = match_op(pt->buf, &tl->tok[before], '{') ? before :
	       enclosing_brace(pt->buf, tl, before);
	if (open == SCAN_NONE || !is_initializer(pt->buf, tl, open) ||
	    member_goes(pt, i))
		return 0;
	return convert(pt, name, i);
}

static const char *const words[] = { ":", NULL };
static const enum rule_id rules[] = { R_GNU_INITIALIZER, NR_RULES };

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (h[k].tok > 0 && !(h[k].flags & H_PP))
			do_colon(pt, h[k].tok);
}

static const struct family gnuinit = {
	.name = "gnuinit", .rules = rules, .words = words, .run = run,
};
FAMILY(gnuinit)
