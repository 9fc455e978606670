/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sibling: the other .c files of a file's folder - the rest of a driver
 * split over files (2.4's 8390.c and ne2k-pci.c) - read and tokenized one
 * at a time, as they are on disk now.  A rule that asks about them must
 * accept both their old and their ported text: fix --in-place ports the
 * files of a folder in order.
 */
#ifndef MODPORT_SIBLING_H
#define MODPORT_SIBLING_H
#include <stdbool.h>
#include <stddef.h>
#include "token.h"

struct sibling {
	const char *path;
	const char *buf;
	size_t len;
	const struct token_list *tl;
};

typedef bool sibling_fn(const struct sibling *s, void *arg);
typedef bool sibling_path_fn(const char *path, void *arg);

/*
 * Call fn on the path of each sibling .c of the file at path (not
 * itself), in name order, until it says yes; returns whether one did.
 * Standard input has no siblings.
 */
bool sibling_path_any(const char *path, sibling_path_fn *fn, void *arg);

/*
 * sibling_path_any(), with each sibling read and tokenized: unreadable
 * files are skipped.
 */
bool sibling_any(const char *path, sibling_fn *fn, void *arg);
#endif
