/* SPDX-License-Identifier: GPL-2.0 */
/*
 * legacy.h: what legacy.c's report-only rules and the 2.4 rules that
 * grew fixes (clisti.c, checkregion.c) ask of a hit.
 */
#ifndef MODPORT_RULES_LEGACY_H
#define MODPORT_RULES_LEGACY_H

#include "../engine.h"

/*
 * Is hit k of h[0..n) (a family's hits, fewer than 32 words) a call of
 * the kernel's function of its word: the name and '(', not a member, in
 * live code or a #define's body, where the file declares, defines or
 * #defines no function of that name (its own)?
 */
bool legacy_call(struct porter *pt, const struct hit *h, size_t n, size_t k);

#endif
