/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Walking the PATH arguments: a file is handed on as it is; a directory is
 * searched recursively, in name order, for *.c and *.h files.  Symbolic
 * links met inside a directory are not followed (as find(1) without -L).
 */
#ifndef MODPORT_WALK_H
#define MODPORT_WALK_H

#include <stdbool.h>

/* Returns an exit status: 0, 1 or 2; the walk takes the largest. */
typedef int (*walk_fn)(const char *path, bool named, void *arg);

int walk_path(const char *path, walk_fn fn, void *arg);

/*
 * What else a walk hands on: fn(path, false, arg) for each regular file
 * of a folder whose name begins with prefix, whether or not the walk's
 * own function is given it (kbuildarch's Kconfig files).
 */
struct walk_side {
	const char *prefix;
	walk_fn fn;
	void *arg;
};

/* walk_path(), side's files handed on too (side NULL: none). */
int walk_path_side(const char *path, walk_fn fn, void *arg,
		   const struct walk_side *side);

#endif
