/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Messages that name the fix: the rule ID closest to a mistyped one, and
 * what fix --in-place changed in a file.
 */
#ifndef MODPORT_SUGGEST_H
#define MODPORT_SUGGEST_H

#include <stddef.h>
#include <stdio.h>

#include "rules.h"

/* The rule ID within two edits of id[0, len), or NULL. */
const char *suggest_rule(const char *id, size_t len);

/*
 * "path: fixed N sites: rule-a (2), rule-b" for count, the sites fixed by
 * each rule, on out.
 */
void suggest_fixed(FILE *out, const char *path, const size_t count[NR_RULES]);

#endif
