/* SPDX-License-Identifier: GPL-2.0 */
/*
 * directive: reading preprocessor directives from tokens - which directive
 * a token belongs to, #define names and bodies, object-like macros by name,
 * the #endif of a conditional group.
 */
#ifndef MODPORT_DIRECTIVE_H
#define MODPORT_DIRECTIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

/* A token list and the buffer it indexes: a file, or a header it reads. */
struct tokens {
	const char *buf;
	const struct token_list *tl;
};

/* Identifier token a spells what b spells (each in its own buffer). */
bool same_name(const char *abuf, const struct token *a, const char *bbuf,
	       const struct token *b);

/* The '#' of the directive that token i is part of. */
size_t directive_of(const struct token_list *tl, size_t i);

/* Is the directive at '#' token hash a #name? */
bool directive_is(const struct tokens *s, size_t hash, const char *name);

/* The NAME token of '#define NAME' at hash, or SCAN_NONE. */
size_t define_name(const struct tokens *s, size_t hash);

/* After '#define NAME' or '#define NAME(params)': the body's first token. */
size_t define_body(const struct tokens *s, size_t name);

/*
 * An object-like '#define NAME body' in s whose NAME is want (a token of
 * wbuf): its body's first token.  With alias, one whose body is the single
 * identifier want: its NAME.  SCAN_NONE if there is none.
 */
size_t find_define(const struct tokens *s, const char *wbuf,
		   const struct token *want, bool alias);

/*
 * The #endif closing the group opened at '#' token hash, or SCAN_NONE if
 * the group has an #else or #elif (or no end).
 */
size_t group_end(const struct tokens *s, size_t hash);

#endif
