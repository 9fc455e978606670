/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idindex: where each identifier of a file is, by its spelling.  Built
 * in one walk over the tokens; then one hash probe gives a name's tokens
 * in token order, each with the brace depth there and whether it is code
 * (not in a directive) - instead of a walk over the whole file, or back
 * from a token, for every name a rule looks for.
 */
#ifndef MODPORT_IDINDEX_H
#define MODPORT_IDINDEX_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

struct id_use {
	size_t tok;	/* token index */
	int depth;	/* code braces opened before it (not clamped at 0) */
	bool code;	/* not in a directive */
};

struct id_index {
	const char *buf;
	const struct token *tok;
	struct id_slot *slot;	/* hashed by spelling */
	size_t size;		/* a power of two */
	struct id_use *use;	/* every use, grouped by name */
};

/* Index the identifiers of tl (text buf).  0 or -ENOMEM. */
int idindex_build(struct id_index *ix, const char *buf,
		  const struct token_list *tl);
/*
 * The uses of the identifier spelt name[0..len) (bytes as in the file,
 * splices included), in token order, in *uses: their number.
 */
size_t idindex_find(const struct id_index *ix, const char *name, size_t len,
		    const struct id_use **uses);
/* How many of uses[0..nr) (a name's, in token order) are before token tok. */
size_t idindex_before(const struct id_use *uses, size_t nr, size_t tok);
void idindex_free(struct id_index *ix);

#endif
