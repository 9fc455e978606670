// SPDX-License-Identifier: GPL-2.0
/* atlasfmt.c: what the atlas's writer and reader share (atlasfmt.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * The parameters of the signature sig[0..len) "RET(P1, P2)": from *s (after
 * the '(') to *end (the closing ')'); false when it has none such.
 */
static bool sig_params(const char *sig, size_t len, const char **s,
		       const char **end)
{
	const char *open = memchr(sig, '(', len);

	if (!open || len < 2 || sig[len - 1] != ')')
		return false;
	*s = open + 1;
	*end = sig + len - 1;
	return true;
}

/* The end of the parameter at s: its ',' (outside parentheses), or end. */
static const char *param_end(const char *s, const char *end)
{
	int depth = 0;

	for (; s < end; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		else if (*s == ',' && !depth)
			break;
	}
	return s;
}

/* The next parameter's start after the ',' at q. */
static const char *next_param(const char *q, const char *end)
{
	for (q++; q < end && *q == ' ';)
		q++;
	return q;
}

/*
 * Parameter pos (0, 1...) of the signature sig[0..len): into *p, *plen;
 * false when it has no such parameter.
 */
static bool sig_param(const char *sig, size_t len, unsigned int pos,
		      const char **p, size_t *plen)
{
	const char *s, *end, *q;
	unsigned int n;

	if (!sig_params(sig, len, &s, &end))
		return false;
	for (n = 0;; n++, s = next_param(q, end)) {
		q = param_end(s, end);
		if (n == pos) {
			*p = s;
			*plen = (size_t)(q - s);
			return *plen > 0;
		}
		if (q >= end)
			return false;
	}
}

size_t atlas_sig_struct(const char *sig, size_t len, unsigned int pos,
			const char **tag)
{
	const char *p, *e;
	size_t n;

	if (!sig_param(sig, len, pos, &p, &n))
		return 0;
	e = p + n;
	if (n > 6 && !memcmp(p, "const ", 6)) {
		p += 6;
		n -= 6;
	}
	if (n > 7 && !memcmp(p, "struct ", 7))
		p += 7;
	else if (n > 6 && !memcmp(p, "union ", 6))
		p += 6;
	else
		return 0;
	*tag = p;
	while (p < e && *p != ' ')
		p++;
	/* exactly one '*': "struct TAG *" */
	if (e - p != 2 || memcmp(p, " *", 2))
		return 0;
	return (size_t)(p - *tag);
}

unsigned int atlas_sig_arity(const char *sig, size_t len)
{
	const char *s, *end, *q;
	unsigned int n;

	/* the parameters up to the first empty one (sig_param()'s), in one walk */
	if (!sig_params(sig, len, &s, &end))
		return 0;
	for (n = 0;; n++, s = next_param(q, end)) {
		q = param_end(s, end);
		if (q == s)
			return n;
		if (q >= end)
			return n + 1;
	}
}
