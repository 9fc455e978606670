// SPDX-License-Identifier: GPL-2.0
/* atlasfmt.c: what the atlas's writer and reader share (atlasfmt.h). */
#include <stdlib.h>

#include "atlasfmt.h"
#include "harvest.h"

uint32_t atlas_arity_bit(int arity)
{
	int fixed;

	if (arity == ARITY_UNKNOWN)
		return ATLAS_ARITY_UNKNOWN_BIT;
	if (arity < 0)
		return 0;
	fixed = arity & ~ARITY_VARIADIC;
	if (fixed > ATLAS_ARITY_EXACT_MAX)
		fixed = ATLAS_ARITY_EXACT_MAX;
	if (arity & ARITY_VARIADIC)
		return 1u << (ATLAS_ARITY_VARIADIC_SHIFT + fixed);
	return 1u << fixed;
}

int atlas_arity_fits(uint32_t set, unsigned int n)
{
	unsigned int k;

	if (set & ATLAS_ARITY_UNKNOWN_BIT)
		return 1;
	if (set & (1u << (n < ATLAS_ARITY_EXACT_MAX ? n : ATLAS_ARITY_EXACT_MAX)))
		return 1;
	for (k = 0; k <= n && k <= ATLAS_ARITY_EXACT_MAX; k++)
		if (set & (1u << (ATLAS_ARITY_VARIADIC_SHIFT + k)))
			return 1;
	return 0;
}

int atlas_cmp_release(const void *a, const void *b)
{
	const char *x = a, *y = b;

	while (*x || *y) {
		char *ex, *ey;
		unsigned long nx = strtoul(x, &ex, 10);
		unsigned long ny = strtoul(y, &ey, 10);

		if (nx != ny)
			return nx < ny ? -1 : 1;
		if (ex == x || ey == y)
			return (ex != x) - (ey != y);
		x = *ex == '.' ? ex + 1 : ex;
		y = *ey == '.' ? ey + 1 : ey;
		if (!*ex || !*ey)
			return (*ex != 0) - (*ey != 0);
	}
	return 0;
}
