// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite.h"

/* By offset; insertions before a deletion at one offset; then in order. */
static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	if (!x->del != !y->del)
		return x->del ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void sort_edits(struct edit *e, size_t nr)
{
	if (nr > 1)
		qsort(e, nr, sizeof(*e), cmp_edit);
}

char *rewrite(const char *buf, size_t len, struct edit *e, size_t nr,
	      size_t *out_len)
{
	size_t size = len + 1, at = 0, k, n = 0;
	char *out;

	sort_edits(e, nr);
	for (k = 0; k < nr; k++) {
		if (e[k].pos < at || e[k].pos + e[k].del > len) {
			errno = EINVAL;
			return NULL;
		}
		at = e[k].pos + e[k].del;
		size += strlen(e[k].text);
	}
	out = malloc(size);
	if (!out)
		return NULL;
	for (at = 0, k = 0; k < nr; k++) {
		size_t t = strlen(e[k].text);

		memcpy(out + n, buf + at, e[k].pos - at);
		n += e[k].pos - at;
		memcpy(out + n, e[k].text, t);
		n += t;
		at = e[k].pos + e[k].del;
	}
	memcpy(out + n, buf + at, len - at);
	n += len - at;
	out[n] = 0;
	*out_len = n;
	return out;
}

size_t rewrite_pos(const struct edit *e, size_t nr, size_t pos)
{
	size_t k, shift = 0;

	for (k = 0; k < nr && e[k].pos <= pos; k++) {
		if (e[k].del && pos < e[k].pos + e[k].del)
			return e[k].pos + shift;
		shift += strlen(e[k].text);
		shift -= e[k].del;	/* wraps, and is added back, modulo */
	}
	return pos + shift;
}
