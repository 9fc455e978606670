/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrsum: what a local header can declare, known without keeping its
 * text: the 64-bit hashes of the identifiers of its code at file scope
 * (outside directives and braces: where a declaration of a name is) and
 * the names of its #include "x" lines, both from the tokenizer, kept for
 * the whole run and checked on disk again after a write, as hdrcache
 * does.  A rule asks it before it reads a file's headers whole: a name
 * that no header reached spells at file scope cannot be declared by any
 * of them (static-redecl's first_decl() takes no other use).
 */
#ifndef MODPORT_HDRSUM_H
#define MODPORT_HDRSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sys/stat.h>

#include "hashset.h"
#include "token.h"

struct header_summary {
	struct hash_set ids;	/* its file-scope identifiers' hashes */
	bool any;		/* an identifier outside braces spans a
				 * backslash-newline: it may name anything */
	char **inc;		/* each #include "x", as the token "x" */
	size_t nr_inc;
};

/*
 * The summary of the header at path, or NULL: with *err 0 when there is
 * no file to read there, -ENOMEM when memory ran out.
 */
const struct header_summary *hdrsum_get(const char *path, int *err);

/*
 * May the header spell the identifier s[0, len) in its code at file
 * scope?  false: it does not; true: it does, or another of those
 * identifiers has the same 64-bit hash.
 */
bool hdrsum_may_name(const struct header_summary *hs, const char *s,
		     size_t len);

/*
 * Summaries shared by the processes of a run (check --jobs): the
 * headers that one process checks, summarized from the tokens of its
 * check, for the others to take instead of reading the header again.
 * hdrsum_share_start() is called before the processes part, with the
 * number of headers that may be put and the bytes their summaries may
 * take (0: 32 KiB a header on average, 1 GiB at most): it maps memory
 * they all see (0, or -ENOMEM: nothing is shared, each reads as it
 * would).  A summary past that room is not put.
 * hdrsum_share_put() adds the summary of the header at path, its text
 * buf, tokens tl and stat() st; false where it is not put (no room, no
 * memory: whoever asks reads the header).  hdrsum_get() takes a summary
 * put there, by path as spelt, before it reads a header.  What is put
 * before the processes meet (jobs.h's gathering) is seen by all of them.
 */
int hdrsum_share_start(size_t headers, size_t room);
bool hdrsum_share_put(const char *path, const char *buf,
		      const struct token_list *tl, const struct stat *st);
/* How many summaries hdrsum_get() took from the shared ones (tests). */
size_t hdrsum_shared_taken(void);

/* Every summary freed, the shared memory unmapped. */
void hdrsum_free(void);

#endif
