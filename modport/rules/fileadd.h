/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fileadd.h: a definition of the file's own that a rule adds after the
 * file's includes (bkl's mutex, cli-sti's spinlock, check-region's
 * function), with the header it needs.
 */
#ifndef MODPORT_RULES_FILEADD_H
#define MODPORT_RULES_FILEADD_H

#include "../engine.h"

/* Does the file include hdr ("<linux/mutex.h>")? */
bool includes_header(const struct porter *pt, const char *hdr);
/*
 * A blank line and def (its lines ended by pt->eol) after the last
 * #include, with #include hdr before it when the file lacks it (hdr may
 * be NULL).  Returns the sticky error.
 */
int add_after_includes(struct porter *pt, const char *hdr, const char *def);
/*
 * NAME_suffix, NAME the file's stem as a C identifier, or NULL when the
 * file declares that name already.
 */
char *file_own_name(struct porter *pt, const char *suffix);

#endif
