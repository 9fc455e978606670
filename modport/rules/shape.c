// SPDX-License-Identifier: GPL-2.0
/* shape.c: the token questions of the function-rewriting rules (shape.h). */
#include <stdio.h>

#include "../include.h"
#include "shape.h"

bool sh_find_def(struct porter *pt, size_t f, struct sh_fn *fn)
{
	return sh_find_def_from(pt, f, 0, fn);
}

bool sh_find_def_from(struct porter *pt, size_t f, size_t from,
		      struct sh_fn *fn)
{
	const struct token_list *tl = pt->tl;
	size_t i;
	int depth = 0;

	for (i = from; tl->tok[i].type != TOKEN_EOF; i++) {
		if (!is_code(&tl->tok[i]))
			continue;
		if (sh_op(pt, i, "{"))
			depth++;
		else if (sh_op(pt, i, "}"))
			depth--;
		if (depth || !sh_same(pt, i, f) || scan_is_dead(&pt->sc, i) ||
		    !sh_op(pt, sh_next(pt, i), "("))
			continue;
		fn->name = i;
		fn->open = sh_next(pt, i);
		fn->close = match_close(pt->buf, tl, fn->open, '(', ')');
		if (fn->close == SCAN_NONE)
			return false;
		fn->body = sh_next(pt, fn->close);
		if (!sh_op(pt, fn->body, "{"))
			continue;	/* a prototype */
		fn->end = match_close(pt->buf, tl, fn->body, '{', '}');
		return fn->end != SCAN_NONE;
	}
	return false;
}

size_t sh_count(const struct porter *pt, size_t f)
{
	const struct token_list *tl = pt->tl;
	size_t i, n = 0;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++)
		if (!(tl->tok[i].flags & TF_PP) && sh_same(pt, i, f))
			n++;
	return n;
}

bool sh_uses(const struct porter *pt, size_t name, size_t from, size_t to)
{
	size_t i;

	for (i = sh_next(pt, from); i < to; i = sh_next(pt, i))
		if (sh_same(pt, i, name) && !after_member_op(pt->buf, pt->tl, i))
			return true;
	return false;
}

size_t sh_params(const struct porter *pt, const struct sh_fn *fn,
		 char (*words)[64], size_t *names, size_t max)
{
	size_t i, n = 0, used = 0, last = SCAN_NONE;

	if (!max)
		return SCAN_NONE;
	words[0][0] = 0;
	for (i = sh_next(pt, fn->open); i <= fn->close; i = sh_next(pt, i)) {
		if (sh_op(pt, i, ",") || i == fn->close) {
			if (n == max)
				return SCAN_NONE;
			names[n] = last != SCAN_NONE && used > pt->tl->tok[last].len ?
				   last : SCAN_NONE;
			if (++n < max)
				words[n][0] = 0;
			used = 0;
			last = SCAN_NONE;
			continue;
		}
		if (!sh_is_ident(pt, i) && !sh_op(pt, i, "*"))
			return SCAN_NONE;
		if (n == max || used + pt->tl->tok[i].len + 2 > 64)
			return SCAN_NONE;
		used += (size_t)snprintf(words[n] + used, 64 - used, "%s%.*s",
					 used ? " " : "", SH_TOK(pt, i));
		last = sh_is_ident(pt, i) ? i : SCAN_NONE;
	}
	return n;
}

size_t sh_decl_before(const struct porter *pt, size_t x, size_t from)
{
	const struct token_list *tl = pt->tl;
	size_t i;

	for (i = code_before(tl, from); i != SCAN_NONE; i = code_before(tl, i))
		if (sh_same(pt, i, x) &&
		    (sh_op(pt, next_code(tl, i), ",") || sh_op(pt, next_code(tl, i), ")") ||
		     sh_op(pt, next_code(tl, i), ";") || sh_op(pt, next_code(tl, i), "=")))
			return i;
	return SCAN_NONE;
}

size_t sh_var_tag(const struct porter *pt, size_t x, bool *ptr)
{
	size_t i, j, tag;

	for (i = sh_decl_before(pt, x, x); i != SCAN_NONE;
	     i = sh_decl_before(pt, x, i)) {
		for (j = sh_prev(pt, i); sh_op(pt, j, "*"); j = sh_prev(pt, j))
			;
		if (!sh_is_ident(pt, j) || sh_ident(pt, j, "return") ||
		    sh_ident(pt, j, "sizeof") || sh_ident(pt, j, "case"))
			continue;	/* "y = x;", "(x)": not a declaration */
		tag = j;
		j = sh_prev(pt, j);
		if (!sh_ident(pt, j, "struct"))
			return SCAN_NONE;	/* another type's */
		*ptr = sh_op(pt, sh_prev(pt, i), "*");
		return tag;
	}
	return SCAN_NONE;
}

size_t sh_indent(const struct porter *pt, size_t i, const char **at)
{
	size_t from = line_start(pt->buf, pt->tl->tok[i].pos), to = from;

	while (pt->buf[to] == ' ' || pt->buf[to] == '\t')
		to++;
	*at = pt->buf + from;
	return to - from;
}

bool sh_in_headers(struct porter *pt, size_t f)
{
	struct header_set *hs = file_headers(pt);
	const struct token *t = &pt->tl->tok[f];
	size_t k, i;

	for (k = 0; hs && k < hs->nr; k++) {
		const struct header *h = &hs->h[k];

		for (i = 0; i < h->tl.nr; i++)
			if (h->tl.tok[i].type == TOKEN_IDENT &&
			    h->tl.tok[i].len == t->len &&
			    !memcmp(h->buf + h->tl.tok[i].pos, pt->buf + t->pos,
				    t->len))
				return true;
	}
	return false;
}
