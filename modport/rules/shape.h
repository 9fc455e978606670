/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shape.h: what the rules that rewrite a function (nopage.c, procread.c,
 * aio.c) ask of the tokens: a word or an operator at a token, two tokens
 * spelling one name, a function's definition at the top level, and the
 * uses of a name.
 */
#ifndef MODPORT_RULES_SHAPE_H
#define MODPORT_RULES_SHAPE_H

#include <string.h>

#include "../engine.h"

static inline bool sh_op(const struct porter *pt, size_t i, const char *s)
{
	return i != SCAN_NONE && pt->tl->tok[i].type == TOKEN_SPECIAL &&
	       token_is(pt->buf, &pt->tl->tok[i], s);
}

static inline bool sh_ident(const struct porter *pt, size_t i, const char *s)
{
	return i != SCAN_NONE && match_ident(pt->buf, &pt->tl->tok[i], s);
}

static inline bool sh_is_ident(const struct porter *pt, size_t i)
{
	return i != SCAN_NONE && pt->tl->tok[i].type == TOKEN_IDENT;
}

static inline bool sh_same(const struct porter *pt, size_t i, size_t j)
{
	const struct token *a = &pt->tl->tok[i], *b = &pt->tl->tok[j];

	return a->type == TOKEN_IDENT && b->type == TOKEN_IDENT &&
	       a->len == b->len && !memcmp(pt->buf + a->pos, pt->buf + b->pos,
					   a->len);
}

static inline size_t sh_next(const struct porter *pt, size_t i)
{
	return next_code(pt->tl, i);
}

static inline size_t sh_prev(const struct porter *pt, size_t i)
{
	return code_before(pt->tl, i);
}

/* The token's text, for "%.*s". */
#define SH_TOK(pt, i) (int)(pt)->tl->tok[i].len, (pt)->buf + (pt)->tl->tok[i].pos

/* A function definition at the top level. */
struct sh_fn {
	size_t name, open, close;	/* the name, its '(' and ')' */
	size_t body, end;		/* '{' and '}' */
};

/*
 * The definition of the function named like token f, in live code at the
 * top level: true and *fn filled, or false.
 */
bool sh_find_def(struct porter *pt, size_t f, struct sh_fn *fn);
/* The same from token from, at the top level (after a definition's '}'). */
bool sh_find_def_from(struct porter *pt, size_t f, size_t from,
		      struct sh_fn *fn);
/* How many code tokens spell the name of token f (f itself included). */
size_t sh_count(const struct porter *pt, size_t f);
/* Is the name of token name used in code (from, to), not as a member? */
bool sh_uses(const struct porter *pt, size_t name, size_t from, size_t to);
/*
 * The parameters of fn: the tokens of each, one a string of words
 * ("struct vm_area_struct * vma"), at most max; how many there are, or
 * SCAN_NONE if one has a token that is not a word or '*'.  The name of
 * each is in names[] (its last token, if an identifier after a word).
 */
size_t sh_params(const struct porter *pt, const struct sh_fn *fn,
		 char (*words)[64], size_t *names, size_t max);
/* Does a local header of the file name the function of token f? */
bool sh_in_headers(struct porter *pt, size_t f);
/*
 * Before token from, the nearest token spelling token x's name that ends
 * a declarator (a ',', ')', ';' or '=' after it): where x may be
 * declared; SCAN_NONE when there is none.  Walk on with from = it.
 */
size_t sh_decl_before(const struct porter *pt, size_t x, size_t from);
/*
 * The struct tag of the variable at token x: its nearest declaration
 * before it, "struct TAG *x" (*ptr true) or "struct TAG x" (false), is
 * TAG's token; SCAN_NONE when the nearest is of another type or there is
 * none (assignments are passed over).
 */
size_t sh_var_tag(const struct porter *pt, size_t x, bool *ptr);
/* The whitespace before the first token of the line holding token i. */
size_t sh_indent(const struct porter *pt, size_t i, const char **at);

#endif
