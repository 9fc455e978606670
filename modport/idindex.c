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

static size_t hash_span(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return (size_t)(h ^ (h >> 29));
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

static bool code_ident(const struct token *t)
{
	return t->type == TOKEN_IDENT && is_code(t);
}

int idindex_build(struct id_index *ix, const char *buf,
		  const struct token_list *tl)
{
	const struct token *tok = tl->tok;
	size_t i, n = 0, k, at = 0;
	int depth = 0;

	memset(ix, 0, sizeof(*ix));
	ix->buf = buf;
	ix->tok = tok;
	for (i = 0; tok[i].type != TOKEN_EOF; i++)
		n += code_ident(&tok[i]);
	for (ix->size = 16; ix->size < 2 * n; ix->size *= 2)
		;
	ix->slot = malloc(ix->size * sizeof(*ix->slot));
	ix->use = malloc((n ? n : 1) * sizeof(*ix->use));
	if (!ix->slot || !ix->use) {
		idindex_free(ix);
		return -ENOMEM;
	}
	for (k = 0; k < ix->size; k++)
		ix->slot[k] = (struct id_slot){ .first = SCAN_NONE };
	for (i = 0; tok[i].type != TOKEN_EOF; i++) {
		struct id_slot *s;

		if (!code_ident(&tok[i]))
			continue;
		s = slot_of(ix, buf + tok[i].pos, tok[i].len);
		if (s->first == SCAN_NONE)
			s->first = i;
		s->nr++;
	}
	for (k = 0; k < ix->size; k++) {
		ix->slot[k].start = at;
		at += ix->slot[k].nr;
		ix->slot[k].nr = 0;
	}
	for (i = 0; tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tok[i];
		struct id_slot *s;

		if (!is_code(t))
			continue;
		if (t->type == TOKEN_SPECIAL && t->len == 1 &&
		    (buf[t->pos] == '{' || buf[t->pos] == '}'))
			depth += buf[t->pos] == '{' ? 1 : -1;
		if (t->type != TOKEN_IDENT)
			continue;
		s = slot_of(ix, buf + t->pos, t->len);
		ix->use[s->start + s->nr++] = (struct id_use){ i, depth };
	}
	return 0;
}

size_t idindex_find(const struct id_index *ix, const char *name, size_t len,
		    const struct id_use **uses)
{
	const struct id_slot *s = slot_of(ix, name, len);

	*uses = ix->use + s->start;
	return s->first == SCAN_NONE ? 0 : s->nr;
}

void idindex_free(struct id_index *ix)
{
	free(ix->slot);
	free(ix->use);
	memset(ix, 0, sizeof(*ix));
}
