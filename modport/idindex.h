/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idindex: where each identifier of a file is, by its spelling: a name's
 * tokens in token order, each with the brace depth there and whether it
 * is code (not in a directive), gathered once - instead of a walk over the
 * whole file, or back from a token, each time a rule looks for the name.
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
	const struct token_list *tl;
	struct id_slot *slot;	/* the names asked for, hashed, with their text */
	size_t size, used;	/* slots (a power of two), taken */
	bool full;		/* every name indexed, its uses in all */
	bool spliced;		/* full, and a name spans a backslash-newline:
				 * found by its spelling with the splice */
	struct id_use *all;
	struct id_use **retired;	/* uses gathered before all, kept */
	size_t nr_retired;
	size_t walks;		/* names gathered one walk each */
};

/* Ready an index of tl (text buf) for idindex_find().  0 or -ENOMEM. */
int idindex_build(struct id_index *ix, const char *buf,
		  const struct token_list *tl);
/*
 * idindex_build() with every identifier indexed at once: the names asked
 * for later need not outlive the question (an index kept longer than the
 * texts that ask, as hdrcache's of a header).  0 or -ENOMEM.
 */
int idindex_build_all(struct id_index *ix, const char *buf,
		      const struct token_list *tl);
/*
 * The uses of the identifier spelt name[0..len) (bytes as in the file,
 * splices included), in token order, in *uses: their number.  Found on
 * the first question, by one walk over the tokens; name must stay valid
 * as long as the index (a token's text of the file, or a constant).
 * *uses stays valid until idindex_free(), whatever is asked after it.
 */
size_t idindex_find(struct id_index *ix, const char *name, size_t len,
		    const struct id_use **uses);
/*
 * Gather the uses of names[0..n) (lens[k] bytes each, valid as long as
 * the index) in one walk, for idindex_find() to answer them without
 * indexing every identifier; an index that has them all does nothing.
 * 0 or -ENOMEM (the names asked then are answered as before).
 */
int idindex_gather(struct id_index *ix, const char *const *names,
		   const size_t *lens, size_t n);
/*
 * idindex_gather() of uses at file scope only (depth 0; a name inside a
 * function body is skipped without a hash), into ix, an index of its
 * own (idindex_build()) that only a question of file scope reads: a name
 * not gathered is answered as idindex_find() does, every use.
 */
int idindex_gather_top(struct id_index *ix, const char *const *names,
		       const size_t *lens, size_t n);
/* How many of uses[0..nr) (a name's, in token order) are before token tok. */
size_t idindex_before(const struct id_use *uses, size_t nr, size_t tok);
void idindex_free(struct id_index *ix);

#endif
