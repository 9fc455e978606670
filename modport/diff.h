/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Unified diff of two buffers (Myers' O(ND) algorithm on lines, 3 lines
 * of context), with a/ and b/ prefixes for patch -p1 and git apply.
 */
#ifndef MODPORT_DIFF_H
#define MODPORT_DIFF_H

#include <stddef.h>
#include <stdio.h>

/* Returns 0, or -ENOMEM. */
int diff_print(FILE *out, const char *path, const char *a, size_t alen,
	       const char *b, size_t blen);

#endif
