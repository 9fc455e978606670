/* SPDX-License-Identifier: GPL-2.0 */
/* Applying edits to the original bytes; everything else is copied. */
#ifndef MODPORT_REWRITE_H
#define MODPORT_REWRITE_H

#include <stddef.h>

#include "rules.h"

/*
 * The new file: buf with the edits applied (sorted here).  Returns a
 * malloc'ed buffer and its length in *out_len, or NULL (ENOMEM, or EINVAL
 * for overlapping edits).
 */
/* In the order rewrite() applies them. */
void sort_edits(struct edit *e, size_t nr);

char *rewrite(const char *buf, size_t len, struct edit *e, size_t nr,
	      size_t *out_len);

/*
 * Where offset pos of the old file is in the new one, after the edits e
 * (sorted).  Text inserted at pos comes before it; a position inside a
 * replaced range lands where its replacement starts.
 */
size_t rewrite_pos(const struct edit *e, size_t nr, size_t pos);

#endif
