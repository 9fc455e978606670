// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "directive.h"
#include "scan.h"

static inline size_t end_of(const struct token *t)
{
	return t->pos + t->len;
}

bool same_name(const char *abuf, const struct token *a,
		      const char *bbuf, const struct token *b)
{
	return a->type == TOKEN_IDENT && a->len == b->len &&
	       !memcmp(abuf + a->pos, bbuf + b->pos, a->len);
}

/* The '#' of the directive that token i is part of. */
size_t directive_of(const struct token_list *tl, size_t i)
{
	while (i > 0 && !(tl->tok[i].flags & TF_BOL))
		i--;
	return i;
}

/* The name token of '#define NAME' at hash, or SCAN_NONE. */
size_t define_name(const struct tokens *s, size_t hash)
{
	size_t d = pp_next(s->tl, hash);

	if (d == SCAN_NONE || !match_ident(s->buf, &s->tl->tok[d], "define"))
		return SCAN_NONE;
	d = pp_next(s->tl, d);
	return d != SCAN_NONE && s->tl->tok[d].type == TOKEN_IDENT ?
	       d : SCAN_NONE;
}

/* After '#define NAME' or '#define NAME(params)': the body's first token. */
size_t define_body(const struct tokens *s, size_t name)
{
	const struct token *t = &s->tl->tok[name];
	size_t i = pp_next(s->tl, name);

	if (s->buf[end_of(t)] != '(')
		return i;
	while (i != SCAN_NONE && !match_op(s->buf, &s->tl->tok[i], ')'))
		i = pp_next(s->tl, i);
	return i == SCAN_NONE ? i : pp_next(s->tl, i);
}

/*
 * An object-like '#define NAME body' in s whose NAME is want (in wbuf):
 * its body.  With alias, one whose body is the single identifier want:
 * its NAME.
 */
size_t find_define(const struct tokens *s, const char *wbuf,
			  const struct token *want, bool alias)
{
	const struct token_list *tl = s->tl;
	size_t i, name, body;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		if ((tl->tok[i].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL))
			continue;
		name = define_name(s, i);
		if (name == SCAN_NONE || s->buf[end_of(&tl->tok[name])] == '(')
			continue;
		body = pp_next(tl, name);
		if (!alias && same_name(s->buf, &tl->tok[name], wbuf, want))
			return body;
		if (alias && body != SCAN_NONE &&
		    pp_next(tl, body) == SCAN_NONE &&
		    same_name(s->buf, &tl->tok[body], wbuf, want))
			return name;
	}
	return SCAN_NONE;
}

bool directive_is(const struct tokens *s, size_t hash, const char *name)
{
	size_t d = pp_next(s->tl, hash);

	return d != SCAN_NONE && match_ident(s->buf, &s->tl->tok[d], name);
}

/*
 * The #endif closing the group opened at hash, or SCAN_NONE if the group
 * has an #else or #elif (or no end).
 */
size_t group_end(const struct tokens *s, size_t hash)
{
	const struct token_list *tl = s->tl;
	size_t i;
	int depth = 0;

	for (i = hash + 1; tl->tok[i].type != TOKEN_EOF; i++) {
		if ((tl->tok[i].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL))
			continue;
		if (directive_is(s, i, "if") || directive_is(s, i, "ifdef") ||
		    directive_is(s, i, "ifndef"))
			depth++;
		else if (!depth && (directive_is(s, i, "else") ||
				    directive_is(s, i, "elif")))
			return SCAN_NONE;
		else if (directive_is(s, i, "endif") && !depth--)
			return i;
	}
	return SCAN_NONE;
}
