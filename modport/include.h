/* SPDX-License-Identifier: GPL-2.0 */
/*
 * include: the local headers of a file - its '#include "name"' lines,
 * resolved against the file's folder, and theirs in turn, to a small depth
 * - read and tokenized so that a rule can find a declaration or a macro
 * that lives beside the file.  A header that cannot be read is left out.
 */
#ifndef MODPORT_INCLUDE_H
#define MODPORT_INCLUDE_H

#include <stddef.h>

#include "decl.h"
#include "ppdirs.h"
#include "token.h"

#define INCLUDE_MAX_HEADERS 64
#define INCLUDE_MAX_DEPTH 3

struct header_decls;	/* hdrcache.h */

/* A local header; its text, tokens and declarations are hdrcache.h's. */
struct header {
	char *path;
	const char *buf;	/* len bytes and a NUL */
	size_t len;
	struct token_list tl;
	struct header_decls *decls;	/* the cache's: include_decls() */
	struct id_index *idents;	/* the cache's index of it (hdrcache.h) */
	struct ppdirs *dirs;	/* the cache's directives of it (hdrcache.h) */
	unsigned long serial;	/* this reading of it (hdrcache.h) */
	int depth;		/* 1: included by the file itself */
};

struct header_set {
	struct header h[INCLUDE_MAX_HEADERS];
	size_t nr;
	size_t unread;		/* '#include "x"' lines not read: x made by
				 * the build, or past INCLUDE_MAX_HEADERS */
};

/*
 * Read the local headers of the file at path (whose tokens are tl).
 * Returns 0 or -ENOMEM; unreadable headers are skipped.
 */
int include_read(const char *path, const char *buf,
		 const struct token_list *tl, struct header_set *hs);
void include_free(struct header_set *hs);
/*
 * The name token ("x" or <x>) of the #include whose '#' is token i, or
 * SCAN_NONE when token i starts no #include.
 */
size_t include_name(const char *buf, const struct token_list *tl, size_t i);
/*
 * The path of the include name t ("x" or <x>, its quotes or brackets
 * dropped) beside the file from, as "x" finds it first; NULL: no memory.
 */
char *include_beside(const char *from, const char *buf, const struct token *t);

/*
 * The declarations of header h, parsed on the first question and kept
 * with the cache's copy of it; NULL: no memory.
 */
const struct decl_table *include_decls(const struct header *h);

/* The code-token declarations of a token list (decl_parse over them). */
int decl_parse_code(const char *buf, const struct token_list *tl,
		    struct decl_table *dt);

#endif
