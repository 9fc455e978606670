/* SPDX-License-Identifier: GPL-2.0 */
/*
 * opaque.h: a struct tag that only names pointers nothing dereferences.
 * C compiles "struct X *p;" for a tag no header defines (X stays an
 * incomplete type) as long as nothing needs X's size or members: no
 * p->m, *p, p[i], p + 1, sizeof(struct X), "struct X v", "struct X {",
 * and - since GCC 14 makes incompatible-pointer-types an error - p is
 * never given to a call or assigned from or to anything but NULL, a
 * void *-returning allocator or getter, a cast to struct X * or another
 * such pointer.  gone asks it before it reports a struct the target
 * lacks (sata_dwc_460ex's unused "struct ata_probe_ent *pe" member,
 * at91_can's "struct at91_can_data *pdata" filled by dev_get_platdata()).
 */
#ifndef MODPORT_RULES_OPAQUE_H
#define MODPORT_RULES_OPAQUE_H

#include <stdbool.h>
#include <stddef.h>

#include "../idindex.h"
#include "../token.h"

/* A text where the tag's uses are looked for: the file or a local header. */
struct opaque_unit {
	const char *buf;
	const struct token_list *tl;
	struct id_index *ix;	/* its identifiers (idindex.h) */
};

/*
 * Is the struct (or union) tag[0..len) in units[0..n) only the type of
 * pointers (declarations, parameters, members, "struct X;", casts to
 * struct X * assigned to such a pointer, sizeof(struct X *)) whose names
 * are never used but in a way that compiles with X incomplete?  When in
 * doubt, false.  *err: -ENOMEM (then false).
 */
bool opaque_tag(const struct opaque_unit *units, size_t n, const char *tag,
		size_t len, int *err);

#endif
