/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrcache: local headers read, tokenized and their declarations parsed
 * once while they are unchanged on disk (inode, size, times: fix
 * --in-place replaces a file by a rename, and says so with
 * hdrcache_written()), for the files of a folder that all include them,
 * and for the header itself when the walk comes to it after them (check).
 * A header
 * stays valid until the next hdrcache_begin(): a file's headers are asked
 * for between two calls.  Past the budget, the headers used least
 * recently go; the current file's stay, whatever they weigh.
 */
#ifndef MODPORT_HDRCACHE_H
#define MODPORT_HDRCACHE_H

#include <stddef.h>
#include <sys/stat.h>

#include "decl.h"
#include "idindex.h"
#include "ppdirs.h"
#include "token.h"

/* A header's declarations, parsed when a rule first asks, kept with it. */
struct header_decls {
	struct decl_table t;
	int made;		/* 0: not yet; 1: parsed; -ENOMEM */
};

struct cached_header {
	const char *buf;	/* len bytes and a NUL */
	size_t len;
	struct token_list tl;
	struct header_decls *decls;	/* parsed on first use (include_decls()) */
	struct id_index *idents;	/* its identifiers, kept with it: zeroed
					 * until a rule asks (idindex_build_all) */
	unsigned long serial;	/* unique to this reading of the file */
	struct stat st;		/* the file's, as it was read */
	struct ppdirs *dirs;	/* its directives (its #includes among them) */
};

/*
 * The bytes of text and tokens kept for the files before the current
 * one: a folder's headers, as a rule.  More would hit more often, but a
 * process that grows pays for each new page more than a header read
 * again costs (over linux-source-6.1, 512 MiB ran slower than 32 MiB).
 */
#define HDRCACHE_BUDGET ((size_t)32 << 20)

/* A new file's headers are asked for: those of the last may go. */
void hdrcache_begin(void);
/* Another budget (for tests); the cache trims to it at its next read. */
void hdrcache_set_budget(size_t bytes);
/* How many headers the cache holds now. */
size_t hdrcache_held(void);
/*
 * A file was written (fix --in-place): each header is checked on disk
 * again before it is used.  Until then a header read is taken as it is.
 */
void hdrcache_written(void);
/* How many writes hdrcache_written() was told of: a count that only grows. */
unsigned long hdrcache_writes(void);
/*
 * The header at path as it is now (source_slurp() reads it), or NULL
 * with *err 0 when it cannot be read, -ENOMEM when memory ran out.
 */
const struct cached_header *hdrcache_get(const char *path, int *err);
/*
 * hdrcache_get() for a look now: a header read here does not take one of
 * the current file's slots (a later hdrcache_get() may reuse it), so the
 * answer is valid only until the next call.
 */
const struct cached_header *hdrcache_peek(const char *path, int *err);
/*
 * The file being ported itself, if the cache holds it already (a header
 * the files before it included) and no file was written since, kept -
 * whatever hdrcache_begin() and the budget say - until
 * hdrcache_release(): one at a time.  NULL: read it as any file.
 */
const struct cached_header *hdrcache_hold(const char *path);
void hdrcache_release(void);

#endif
