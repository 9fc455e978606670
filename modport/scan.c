// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "scan.h"

size_t match_open(const char *buf, const struct token_list *tl, size_t i,
		  char open, char close)
{
	int depth = 0;

	for (;; i = prev_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(buf, t, close))
			depth++;
		else if (match_op(buf, t, open) && !--depth)
			return i;
		if (i == 0)
			return SCAN_NONE;
	}
}

/* Matching closer of the opener at code token i, or SCAN_NONE. */
size_t match_close(const char *buf, const struct token_list *tl, size_t i,
		   char open, char close)
{
	int depth = 0;

	for (; tl->tok[i].type != TOKEN_EOF; i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(buf, t, open))
			depth++;
		else if (match_op(buf, t, close) && !--depth)
			return i;
	}
	return SCAN_NONE;
}

bool is_member_name(const char *buf, const struct token_list *tl, size_t i)
{
	const struct token *t;

	while (i > 0) {
		t = &tl->tok[--i];
		if (t->type == TOKEN_COMMENT)
			continue;
		return t->type == TOKEN_SPECIAL &&
		       (match_op(buf, t, '.') ||
			(t->len == 2 && !memcmp(buf + t->pos, "->", 2)));
	}
	return false;
}

int pp_open_groups(const char *buf, const struct token_list *tl, size_t from,
		   size_t to)
{
	size_t k, w;
	int depth = 0;

	for (k = from; k < to; k++) {
		const struct token *t = &tl->tok[k];

		if ((t->flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL) ||
		    !match_op(buf, t, '#') || (w = pp_next(tl, k)) == SCAN_NONE)
			continue;
		if (match_ident(buf, &tl->tok[w], "if") ||
		    match_ident(buf, &tl->tok[w], "ifdef") ||
		    match_ident(buf, &tl->tok[w], "ifndef"))
			depth++;
		else if (match_ident(buf, &tl->tok[w], "endif") && depth > 0)
			depth--;
	}
	return depth;
}

size_t expect_tokens(const char *buf, const struct token_list *tl, size_t i,
		     const char *const *want, size_t *ids, size_t nr_ids)
{
	size_t n = 0;

	for (; *want; want++) {
		const struct token *t;

		if (i == SCAN_NONE)
			return SCAN_NONE;
		i = next_code(tl, i);
		t = &tl->tok[i];
		if (!**want) {
			if (t->type != TOKEN_IDENT || n == nr_ids)
				return SCAN_NONE;
			ids[n++] = i;
		} else if (!(t->type == TOKEN_SPECIAL && token_is(buf, t, *want)) &&
			   !match_ident(buf, t, *want)) {
			return SCAN_NONE;
		}
	}
	return i;
}

/* The #if 0 ranges are sorted and disjoint: a binary search. */
bool scan_is_dead(const struct scan *sc, size_t i)
{
	size_t lo = 0, hi = sc->nr_dead;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (i < sc->dead[mid][0])
			hi = mid;
		else if (i >= sc->dead[mid][1])
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

void scan_free(struct scan *sc)
{
	free(sc->dead);
	sc->dead = NULL;
	sc->nr_dead = sc->alloc_dead = 0;
}

bool call_parens(const char *buf, const struct token_list *tl, size_t i,
		 size_t *open, size_t *close)
{
	*open = next_code(tl, i);
	if (!match_op(buf, &tl->tok[*open], '('))
		return false;
	*close = match_close(buf, tl, *open, '(', ')');
	return *close != SCAN_NONE;
}

size_t call_args(const char *buf, const struct token_list *tl, size_t open,
		 size_t close, size_t *comma, size_t max)
{
	size_t i, n = 0;
	int depth = 0;

	for (i = next_code(tl, open); i < close; i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(buf, t, '(') || match_op(buf, t, '[') ||
		    match_op(buf, t, '{'))
			depth++;
		else if (match_op(buf, t, ')') || match_op(buf, t, ']') ||
			 match_op(buf, t, '}'))
			depth--;
		else if (!depth && match_op(buf, t, ',') && n < max)
			comma[n++] = i;
		else if (!depth && match_op(buf, t, ','))
			n++;
	}
	return n;
}

bool after_member_op(const char *buf, const struct token_list *tl, size_t i)
{
	size_t p = prev_code(tl, i);
	const struct token *t = &tl->tok[p];

	return p != i && t->type == TOKEN_SPECIAL &&
	       (token_is(buf, t, ".") || token_is(buf, t, "->"));
}

bool is_call(const char *buf, const struct token_list *tl, size_t i)
{
	return !after_member_op(buf, tl, i) &&
	       match_op(buf, &tl->tok[next_code(tl, i)], '(');
}

size_t initializer_of(const char *buf, const struct token_list *tl, size_t i,
		      const char *type)
{
	size_t k, eq, name, t, st;
	int depth = 0;

	for (k = code_before(tl, i); k != SCAN_NONE; k = code_before(tl, k)) {
		const struct token *tok = &tl->tok[k];

		if (match_op(buf, tok, '}') || match_op(buf, tok, ')'))
			depth++;
		else if ((match_op(buf, tok, '{') || match_op(buf, tok, '(')) && depth)
			depth--;
		else if (match_op(buf, tok, '{'))
			break;
		else if (match_op(buf, tok, ';') || match_op(buf, tok, '('))
			return SCAN_NONE;
	}
	/* { <- = <- NAME <- TYPE <- struct */
	eq = k == SCAN_NONE ? SCAN_NONE : code_before(tl, k);
	name = eq != SCAN_NONE && match_op(buf, &tl->tok[eq], '=') ?
	       code_before(tl, eq) : SCAN_NONE;
	t = name != SCAN_NONE && tl->tok[name].type == TOKEN_IDENT ?
	    code_before(tl, name) : SCAN_NONE;
	st = t != SCAN_NONE && match_ident(buf, &tl->tok[t], type) ?
	     code_before(tl, t) : SCAN_NONE;
	return st != SCAN_NONE && match_ident(buf, &tl->tok[st], "struct") ?
	       k : SCAN_NONE;
}

bool ident_used(const char *buf, const struct token_list *tl, const char *name,
		size_t len)
{
	size_t i;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++)
		if (tl->tok[i].type == TOKEN_IDENT && tl->tok[i].len == len &&
		    !memcmp(buf + tl->tok[i].pos, name, len))
			return true;
	return false;
}

size_t static_of(const char *buf, const struct token_list *tl, size_t i)
{
	size_t p;

	for (p = code_before(tl, i); p != SCAN_NONE; p = code_before(tl, p)) {
		if (match_ident(buf, &tl->tok[p], "static"))
			return p;
		if (tl->tok[p].type != TOKEN_IDENT &&
		    !match_op(buf, &tl->tok[p], '*'))
			break;
	}
	return SCAN_NONE;
}
