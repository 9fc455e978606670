/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrindex: the project's own headers by name.  A driver's Makefile adds
 * its folders to the include path (ccflags-y += -I$(src)/include), so
 * '#include "name.h"' may name a header that is not beside the file but
 * somewhere in the tree being ported.  The folders named on the command
 * line are the project; their headers are indexed on first use (quietly:
 * the walk itself reports what it cannot read).
 */
#ifndef MODPORT_HDRINDEX_H
#define MODPORT_HDRINDEX_H

#include <stddef.h>

/* A folder named on the command line: a root of the project. */
int hdrindex_add_root(const char *dir);

/*
 * The project's header that '#include "name"' in the file at from most
 * likely means: one whose path ends in "/name", the nearest to from (the
 * longest common folder); NULL if none.  The string is the index's.
 */
const char *hdrindex_find(const char *from, const char *name, size_t len);

/*
 * The walk of the roots, made by the caller instead (--jobs lists a
 * tree's files before its processes part: one walk serves both): each
 * file it found under root, in any order, then hdrindex_walked().  The
 * index holds the same headers its own walk would find - regular files
 * named *.h, no deeper than its walk goes.  1: path is one of them, now
 * indexed; 0: it is not; -ENOMEM.
 */
int hdrindex_walked_file(const char *root, const char *path);
void hdrindex_walked(void);

/* The folders named on the command line: how many, and the k-th. */
size_t hdrindex_nr_roots(void);
const char *hdrindex_root(size_t k);

/* How many headers the project has, and the path of the k-th. */
size_t hdrindex_count(void);
const char *hdrindex_path(size_t k);

void hdrindex_free(void);

#endif
