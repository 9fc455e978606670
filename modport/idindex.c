// SPDX-License-Identifier: GPL-2.0
/*
 * idindex.c: a file's identifiers by spelling (idindex.h).  Two passes:
 * the first counts each name's uses in an open-addressing table, the
 * second puts every use at its name's place in one array.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idindex.h"
#include "scan.h"

struct id_slot {
	size_t first;	/* a token that spells the name; SCAN_NONE: free */
	size_t start;	/* its uses: use[start, start + nr) */
	size_t nr;
};

/* A hash of the length and the first and last 8 bytes (or all of them). */
static size_t hash_span(const char *s, size_t len)
{
	uint64_t a = 0, b = 0;

	if (len >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + len - 8, 8);
	} else {
		memcpy(&a, s, len);
	}
	a = (a ^ (b * 0x9e3779b97f4a7c15ull) ^ len) * 0xff51afd7ed558ccdull;
	return (size_t)(a ^ (a >> 32));
}

/* The slot of name[0..len): its own, or the free one where it goes. */
static struct id_slot *slot_of(const struct id_index *ix, const char *name,
			       size_t len)
{
	size_t j = hash_span(name, len) & (ix->size - 1);

	for (;; j = (j + 1) & (ix->size - 1)) {
		struct id_slot *s = &ix->slot[j];
		const struct token *t;

		if (s->first == SCAN_NONE)
			return s;
		t = &ix->tok[s->first];
		if (t->len == len && !memcmp(ix->buf + t->pos, name, len))
			return s;
	}
}

int idindex_build(struct id_index *ix, const char *buf,
		  const struct token_list *tl)
{
	const struct token *tok = tl->tok;
	size_t i, n = 0, k, at = 0, *of = NULL;
	int depth = 0;

	memset(ix, 0, sizeof(*ix));
	ix->buf = buf;
	ix->tok = tok;
	for (i = 0; tok[i].type != TOKEN_EOF; i++)
		n += tok[i].type == TOKEN_IDENT;
	for (ix->size = 16; ix->size < 2 * n; ix->size *= 2)
		;
	ix->slot = malloc(ix->size * sizeof(*ix->slot));
	ix->use = malloc((n ? n : 1) * sizeof(*ix->use));
	of = malloc((n ? n : 1) * sizeof(*of));	/* each use's slot */
	if (!ix->slot || !ix->use || !of) {
		free(of);
		idindex_free(ix);
		return -ENOMEM;
	}
	for (k = 0; k < ix->size; k++)
		ix->slot[k] = (struct id_slot){ .first = SCAN_NONE };
	for (i = 0, n = 0; tok[i].type != TOKEN_EOF; i++) {
		struct id_slot *s;

		if (tok[i].type != TOKEN_IDENT)
			continue;
		s = slot_of(ix, buf + tok[i].pos, tok[i].len);
		if (s->first == SCAN_NONE)
			s->first = i;
		s->nr++;
		of[n++] = (size_t)(s - ix->slot);
	}
	for (k = 0; k < ix->size; k++) {
		ix->slot[k].start = at;
		at += ix->slot[k].nr;
		ix->slot[k].nr = 0;
	}
	for (i = 0, n = 0; tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tok[i];
		struct id_slot *s;

		if (t->type == TOKEN_SPECIAL && t->len == 1 && is_code(t) &&
		    (buf[t->pos] == '{' || buf[t->pos] == '}'))
			depth += buf[t->pos] == '{' ? 1 : -1;
		if (t->type != TOKEN_IDENT)
			continue;
		s = &ix->slot[of[n++]];
		ix->use[s->start + s->nr++] =
			(struct id_use){ i, depth, is_code(t) };
	}
	free(of);
	return 0;
}

size_t idindex_find(const struct id_index *ix, const char *name, size_t len,
		    const struct id_use **uses)
{
	const struct id_slot *s = slot_of(ix, name, len);

	*uses = ix->use + s->start;
	return s->first == SCAN_NONE ? 0 : s->nr;
}

size_t idindex_before(const struct id_use *uses, size_t nr, size_t tok)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (uses[mid].tok < tok)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void idindex_free(struct id_index *ix)
{
	free(ix->slot);
	free(ix->use);
	memset(ix, 0, sizeof(*ix));
}
