/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scan: one walk over the tokens that gathers what the rules need - the
 * 2.4 entry points and their declarations, #define MODULE, includes, which
 * of module_init/module_exit/MODULE_LICENSE the code uses - while tracking
 * braces and conditional groups and skipping #if 0 groups.
 */
#ifndef MODPORT_SCAN_H
#define MODPORT_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

#define SCAN_MAX_DECLS 8
#define SCAN_MAX_DEFINES 8
#define SCAN_NONE ((size_t)-1)

enum entry_kind { ENTRY_INIT, ENTRY_EXIT, ENTRY_KINDS };

/* A declaration or definition of init_module or cleanup_module. */
struct entry_decl {
	size_t name;		/* token indexes */
	size_t decl;		/* first token of the declaration */
	size_t lparen, rparen;
	size_t close;		/* closing brace, or SCAN_NONE: a prototype */
	size_t extern_tok;	/* or SCAN_NONE */
	bool is_static;
	bool annotated;		/* __init / __exit present */
	bool empty_params;	/* K&R () */
	unsigned int group;	/* conditional group */
};

struct entry {
	struct entry_decl decl[SCAN_MAX_DECLS];
	size_t nr_decls;
	size_t nr_defs;
	bool is_macro;		/* #define init_module ...: hands off */
	bool registered;	/* module_init( / module_exit( used */
};

struct scan {
	struct entry entry[ENTRY_KINDS];
	size_t define_module[SCAN_MAX_DEFINES];	/* '#' tokens */
	size_t nr_define_module;
	bool has_license;
	bool has_init_h;
	size_t first_linux_include;	/* '#' token, top level, or NONE */
	size_t last_include;		/* '#' token, top level, or NONE */
	size_t open_tok;		/* unterminated token, or NONE */
	size_t (*dead)[2];		/* token ranges in #if 0 groups */
	size_t nr_dead, alloc_dead;
};

int scan_tokens(const char *buf, const struct token_list *tl,
		struct scan *sc);
void scan_free(struct scan *sc);

/* A code token: not a comment, not part of a directive. */
static inline bool is_code(const struct token *t)
{
	return t->type != TOKEN_COMMENT && !(t->flags & TF_PP);
}

/* Index of the next/previous code token (not comment, not directive). */
size_t next_code(const struct token_list *tl, size_t i);
size_t prev_code(const struct token_list *tl, size_t i);
/*
 * From the opener at code token i, its matching closer (match_close), or
 * from the closer at i, its opener (match_open); SCAN_NONE if unmatched.
 */
size_t match_close(const char *buf, const struct token_list *tl, size_t i,
		   char open, char close);
size_t match_open(const char *buf, const struct token_list *tl, size_t i,
		  char open, char close);
/* Next token of the same directive (comments skipped), or SCAN_NONE. */
size_t pp_next(const struct token_list *tl, size_t i);
bool scan_is_dead(const struct scan *sc, size_t i);
bool is_member_name(const char *buf, const struct token_list *tl, size_t i);

#endif
