/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nameset: a set of names (open addressing, FNV-1a), for what a file or
 * a project defines.  A zeroed struct nameset is an empty set.
 */
#ifndef MODPORT_NAMESET_H
#define MODPORT_NAMESET_H

#include <stdbool.h>
#include <stddef.h>

struct nameset {
	char **name;
	size_t size, used;
};

/* Add the NUL-terminated s (a copy).  Returns 0 or -ENOMEM. */
int nameset_add(struct nameset *ns, const char *s);

/* Is s[0..len) in the set? */
bool nameset_has(const struct nameset *ns, const char *s, size_t len);

void nameset_free(struct nameset *ns);

#endif
