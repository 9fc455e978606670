/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scan: what the engine's walk gathers for every rule (includes, #if 0
 * groups), and the token helpers rules use to look around a token.
 */
#ifndef MODPORT_SCAN_H
#define MODPORT_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

#define SCAN_NONE ((size_t)-1)

/*
 * What the engine's walk finds that several rules use: where the includes
 * are, the #if 0 groups, an unterminated token.
 */
struct scan {
	bool has_init_h;
	size_t first_linux_include;	/* '#' token, top level, or NONE */
	size_t last_include;		/* '#' token, top level, or NONE */
	size_t last_any_include;	/* the same, "local.h" ones too */
	size_t open_tok;		/* unterminated token, or NONE */
	size_t (*dead)[2];		/* token ranges in #if 0 groups */
	size_t nr_dead, alloc_dead;
};

void scan_free(struct scan *sc);

/* A code token: not a comment, not part of a directive. */
static inline bool is_code(const struct token *t)
{
	return t->type != TOKEN_COMMENT && !(t->flags & TF_PP);
}

/*
 * Index of the next/previous code token (not comment, not directive).
 * Inline: the rules step through the tokens with them, millions of times
 * over a tree.
 */
static inline size_t next_code(const struct token_list *tl, size_t i)
{
	while (i + 1 < tl->nr && !is_code(&tl->tok[++i]))
		;
	return i;
}

static inline size_t prev_code(const struct token_list *tl, size_t i)
{
	while (i > 0 && !is_code(&tl->tok[--i]))
		;
	return i;
}

/*
 * The token before i, comments skipped - a directive's tokens count, as
 * "#define X(p) p->m" spells a member too: its index, or i itself at the
 * start.
 */
static inline size_t tok_before(const struct token *tok, size_t i)
{
	while (i > 0 && tok[i - 1].type == TOKEN_COMMENT)
		i--;
	return i > 0 ? i - 1 : i;
}

/* Is t '.' or '->': what follows it a member? */
static inline bool is_member_op(const char *buf, const struct token *t)
{
	return t->type == TOKEN_SPECIAL &&
	       ((t->len == 1 && buf[t->pos] == '.') ||
		(t->len == 2 && buf[t->pos] == '-' && buf[t->pos + 1] == '>'));
}

/* prev_code(), but SCAN_NONE at the start instead of i. */
static inline size_t code_before(const struct token_list *tl, size_t i)
{
	size_t p = prev_code(tl, i);

	/* at the start, prev_code() stops on token 0, code or not */
	return p == i || !is_code(&tl->tok[p]) ? SCAN_NONE : p;
}
/*
 * From the opener at code token i, its matching closer (match_close), or
 * from the closer at i, its opener (match_open); SCAN_NONE if unmatched.
 */
size_t match_close(const char *buf, const struct token_list *tl, size_t i,
		   char open, char close);
size_t match_open(const char *buf, const struct token_list *tl, size_t i,
		  char open, char close);
/* Next token of the same directive (comments skipped), or SCAN_NONE. */
static inline size_t pp_next(const struct token_list *tl, size_t i)
{
	const struct token *t;

	do {
		t = &tl->tok[++i];
		if (!(t->flags & TF_PP) || (t->flags & TF_BOL))
			return SCAN_NONE;
	} while (t->type == TOKEN_COMMENT);
	return i;
}
/* How many #if groups opened in tokens [from, to) are still open at to. */
int pp_open_groups(const char *buf, const struct token_list *tl, size_t from,
		   size_t to);
/*
 * The code tokens after i, one per word of want (NULL-terminated): an
 * operator or identifier spelt so, or "" for any identifier, whose index
 * goes to ids (at most nr_ids).  The last token matched, or SCAN_NONE.
 */
size_t expect_tokens(const char *buf, const struct token_list *tl, size_t i,
		     const char *const *want, size_t *ids, size_t nr_ids);
/* The call at identifier i: its '(' and ')', or false. */
bool call_parens(const char *buf, const struct token_list *tl, size_t i,
		 size_t *open, size_t *close);
/* The top-level commas of the call (open, close): up to max kept, all counted. */
size_t call_args(const char *buf, const struct token_list *tl, size_t open,
		 size_t close, size_t *comma, size_t max);
/* Is the code token before i a '.' or '->' (i is a member)? */
bool after_member_op(const char *buf, const struct token_list *tl, size_t i);
/* Identifier i is called: not a member, a '(' after it. */
bool is_call(const char *buf, const struct token_list *tl, size_t i);
/*
 * The initializer that token i is in: the '{' that opens it, if it
 * initializes "struct TYPE NAME = {"; else SCAN_NONE.
 */
size_t initializer_of(const char *buf, const struct token_list *tl, size_t i,
		      const char *type);
bool scan_is_dead(const struct scan *sc, size_t i);
/* Is an identifier spelt name[0..len) anywhere in the tokens? */
bool ident_used(const char *buf, const struct token_list *tl, const char *name,
		size_t len);
bool is_member_name(const char *buf, const struct token_list *tl, size_t i);
/*
 * "static" among the specifiers of the declaration whose name is token i
 * (identifiers and stars back from it): its token, or SCAN_NONE.
 */
size_t static_of(const char *buf, const struct token_list *tl, size_t i);

#endif
