/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nameset: a set of names (open addressing), for what a file
 * or a project defines.  A zeroed struct nameset is an empty set.
 */
#ifndef MODPORT_NAMESET_H
#define MODPORT_NAMESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A name of the set: its copy, its length and its hash, kept for growing. */
struct nameset_entry {
	char *name;	/* NULL: a free slot */
	size_t len;
	uint64_t hash;
};

struct nameset {
	struct nameset_entry *e;
	size_t size, used;
};

/* Add the NUL-terminated s (a copy).  Returns 0 or -ENOMEM. */
int nameset_add(struct nameset *ns, const char *s);

/* Is s[0..len) in the set? */
bool nameset_has(const struct nameset *ns, const char *s, size_t len);

/*
 * The same with the name's hash given (a caller that has hash_span()
 * already): a set is filled and asked either way, never both.
 */
int nameset_add_hashed(struct nameset *ns, const char *s, size_t len,
		       uint64_t hash);
bool nameset_has_hashed(const struct nameset *ns, const char *s, size_t len,
			uint64_t hash);

void nameset_free(struct nameset *ns);

#endif
