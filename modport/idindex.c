// SPDX-License-Identifier: GPL-2.0
/*
 * idindex.c: a file's identifiers by spelling (idindex.h).  A name's uses
 * are gathered by one walk over the tokens the first time it is asked
 * for, and kept: rules ask for a few names in most files (the functions
 * of an ops struct, the variables before ->), and comparing a token's
 * length and first byte costs less than hashing every identifier.  A file
 * that asks for more has every identifier indexed at once.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idindex.h"
#include "hashspan.h"
#include "scan.h"

/*
 * Names gathered one walk each before the whole file is indexed (those
 * that idindex_gather() found together aside).
 */
#define IDINDEX_ONE_BY_ONE 1

/*
 * A name's slot holds its spelling and the high half of its hash: a probe
 * reads one place, and compares the text only where the hash agrees.
 */
struct id_slot {
	size_t first;	/* SCAN_NONE: a free slot */
	struct id_use *use;
	size_t nr;
	const char *name;	/* the asker's text, len bytes */
	uint32_t len, tag;	/* tag: hash_span()'s high half */
};

/*
 * The slot of name[0..len): its own, or the free one where it goes, the
 * name's tag in it already (name_slot() gives it the rest).
 */
static struct id_slot *slot_of(const struct id_index *ix, const char *name,
			       size_t len)
{
	uint64_t h = hash_span(name, len);
	uint32_t tag = (uint32_t)(h >> 32);
	size_t j = h & (ix->size - 1);

	for (;; j = (j + 1) & (ix->size - 1)) {
		struct id_slot *s = &ix->slot[j];

		if (s->first == SCAN_NONE) {
			s->tag = tag;	/* a free slot's tag is never read */
			return s;
		}
		if (s->tag == tag && s->len == len && span_eq(s->name, name, len))
			return s;
	}
}

/* A free slot s, as slot_of() gave it for name[0..len), given to it. */
static void name_slot(struct id_slot *s, const char *name, size_t len)
{
	s->name = name;
	s->len = (uint32_t)len;
}

int idindex_build(struct id_index *ix, const char *buf,
		  const struct token_list *tl)
{
	size_t k;

	memset(ix, 0, sizeof(*ix));
	ix->buf = buf;
	ix->tl = tl;
	ix->size = 64;
	ix->slot = malloc(ix->size * sizeof(*ix->slot));
	if (!ix->slot) {
		idindex_free(ix);
		return -ENOMEM;
	}
	for (k = 0; k < ix->size; k++)
		ix->slot[k] = (struct id_slot){ .first = SCAN_NONE };
	return 0;
}

/*
 * Twice the slots, when half are taken.  map (NULL: none wanted), room
 * for the old slots: where each taken one went.
 */
static int grow(struct id_index *ix, size_t *map)
{
	struct id_index big = *ix;
	size_t k;

	big.size = 2 * ix->size;
	big.slot = malloc(big.size * sizeof(*big.slot));
	if (!big.slot)
		return -ENOMEM;
	for (k = 0; k < big.size; k++)
		big.slot[k] = (struct id_slot){ .first = SCAN_NONE };
	for (k = 0; k < ix->size; k++) {
		struct id_slot *s;

		if (ix->slot[k].first == SCAN_NONE)
			continue;
		s = slot_of(&big, ix->slot[k].name, ix->slot[k].len);
		*s = ix->slot[k];
		if (map)
			map[k] = (size_t)(s - big.slot);
	}
	free(ix->slot);
	*ix = big;
	return 0;
}

/*
 * How token t moves the code's brace depth: +1, -1 or 0, from its flags
 * (the tokenizer's), with no test of its type: asked of every token.
 */
static inline int brace_step(const struct token *t)
{
	return (int)((t->flags / TF_LBRACE) & 1) -
	       (int)((t->flags / TF_RBRACE) & 1);
}

/* Append u to s's uses (room for *alloc of them, doubled when full). */
static int add_use(struct id_slot *s, size_t *alloc, struct id_use u)
{
	if (s->nr == *alloc) {
		struct id_use *more;

		*alloc = *alloc ? 2 * *alloc : 16;
		more = realloc(s->use, *alloc * sizeof(*more));
		if (!more)
			return -ENOMEM;
		s->use = more;
	}
	s->use[s->nr++] = u;
	return 0;
}

/* Every identifier token spelt name[0..len), with the depth there. */
static int gather(const struct id_index *ix, const char *name, size_t len,
		  struct id_slot *s)
{
	const struct token *tok = ix->tl->tok, *t;
	const char *buf = ix->buf;
	size_t alloc = 0;
	int depth = 0;

	for (t = tok; t->type != TOKEN_EOF; t++) {
		depth += brace_step(t);
		/* the length first: seldom the same, a branch predicted */
		if (t->len != len || t->type != TOKEN_IDENT ||
		    buf[t->pos] != name[0] || memcmp(buf + t->pos, name, len))
			continue;
		if (add_use(s, &alloc, (struct id_use){ (size_t)(t - tok), depth,
						       is_code(t) }))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Hand the uses gathered one name at a time to the full index, which
 * frees them with itself: a caller may still hold them (idindex.h).
 */
static int retire(struct id_index *ix, struct id_index *all)
{
	size_t k, n = 0;

	all->retired = malloc((ix->used ? ix->used : 1) *
			      sizeof(*all->retired));
	if (!all->retired)
		return -ENOMEM;
	for (k = 0; k < ix->size; k++) {
		if (ix->slot[k].first == SCAN_NONE)
			continue;
		all->retired[n++] = ix->slot[k].use;
		ix->slot[k].use = NULL;
	}
	all->nr_retired = n;
	return 0;
}

/*
 * all doubled, with of[0..n) (the slots of the identifiers so far) moved
 * where their names went.  0 or -ENOMEM.
 */
static int grow_all(struct id_index *all, size_t *of, size_t n)
{
	size_t *map = malloc(all->size * sizeof(*map)), k;

	if (!map || grow(all, map)) {
		free(map);
		return -ENOMEM;
	}
	for (k = 0; k < n; k++)
		of[k] = map[of[k]];
	free(map);
	return 0;
}

/*
 * Index every identifier at once, in two walks (count, then place), for a
 * file that asks for many names: a walk per name would cost more.  The
 * table starts at half the identifiers (a file spells a few names over
 * and over: a fifth of its identifiers are distinct, as a rule) and
 * doubles when half full: a table sized for every identifier would be
 * mostly empty, and too large for the cache.
 */
static int index_all(struct id_index *ix)
{
	const struct token *tok = ix->tl->tok;
	const char *buf = ix->buf;
	struct id_index all = { .buf = buf, .tl = ix->tl, .full = true };
	size_t i, k, n = 0, at = 0, *of;
	int depth = 0;

	for (i = 0; tok[i].type != TOKEN_EOF; i++)
		n += tok[i].type == TOKEN_IDENT;
	for (all.size = 64; all.size < n / 2; all.size *= 2)
		;
	all.slot = malloc(all.size * sizeof(*all.slot));
	all.all = malloc((n ? n : 1) * sizeof(*all.all));
	of = malloc((n ? n : 1) * sizeof(*of));
	if (!all.slot || !all.all || !of) {
		free(of);
		idindex_free(&all);
		return -ENOMEM;
	}
	for (k = 0; k < all.size; k++)
		all.slot[k] = (struct id_slot){ .first = SCAN_NONE };
	for (i = 0, n = 0; tok[i].type != TOKEN_EOF; i++) {
		struct id_slot *s;

		if (tok[i].type != TOKEN_IDENT)
			continue;
		all.spliced |= (tok[i].flags & TF_SPLICE) != 0;
		s = slot_of(&all, buf + tok[i].pos, tok[i].len);
		if (s->first == SCAN_NONE) {
			if (2 * (all.used + 1) > all.size) {
				if (grow_all(&all, of, n)) {
					free(of);
					idindex_free(&all);
					return -ENOMEM;
				}
				s = slot_of(&all, buf + tok[i].pos, tok[i].len);
			}
			s->first = i;
			name_slot(s, buf + tok[i].pos, tok[i].len);
			all.used++;
		}
		s->nr++;
		of[n++] = (size_t)(s - all.slot);
	}
	for (k = 0; k < all.size; k++) {
		all.slot[k].use = all.all + at;
		at += all.slot[k].nr;
		all.slot[k].nr = 0;
	}
	for (i = 0, n = 0; tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tok[i];
		struct id_slot *s;

		depth += brace_step(t);
		if (t->type != TOKEN_IDENT)
			continue;
		s = &all.slot[of[n++]];
		s->use[s->nr++] = (struct id_use){ i, depth, is_code(t) };
	}
	free(of);
	if (retire(ix, &all)) {
		idindex_free(&all);
		return -ENOMEM;
	}
	idindex_free(ix);
	*ix = all;
	return 0;
}

int idindex_build_all(struct id_index *ix, const char *buf,
		      const struct token_list *tl)
{
	int ret = idindex_build(ix, buf, tl);

	if (!ret)
		ret = index_all(ix);
	if (ret)
		idindex_free(ix);
	return ret;
}

size_t idindex_find(struct id_index *ix, const char *name, size_t len,
		    const struct id_use **uses)
{
	struct id_slot *s = slot_of(ix, name, len);

	if (!ix->full && s->first == SCAN_NONE &&
	    ix->walks >= IDINDEX_ONE_BY_ONE && !index_all(ix))
		s = slot_of(ix, name, len);
	if (ix->full) {
		*uses = s->use;
		return s->first == SCAN_NONE ? 0 : s->nr;
	}
	if (s->first == SCAN_NONE) {
		if (2 * (ix->used + 1) > ix->size) {
			if (grow(ix, NULL)) {
				*uses = NULL;
				return 0;
			}
			s = slot_of(ix, name, len);
		}
		s->first = 0;
		name_slot(s, name, len);
		ix->used++;
		ix->walks++;
		if (gather(ix, name, len, s)) {
			free(s->use);
			s->use = NULL;
			s->nr = 0;
		}
	}
	*uses = s->use;
	return s->nr;
}

/*
 * Identifier token i (at depth), if its name is one gather_all() asks
 * for and has not gathered before: a use of it.  0 or -ENOMEM.  Inline:
 * it is asked of every identifier of the walks.
 */
static inline __attribute__((always_inline)) int
gather_use(struct id_index *ix, uint64_t lengths, size_t *alloc, size_t i,
	   int depth)
{
	const struct token *t = &ix->tl->tok[i];
	struct id_slot *s;

	if (!(lengths & (1ull << (t->len < 63 ? t->len : 63))))
		return 0;	/* no name of its length is asked */
	s = slot_of(ix, ix->buf + t->pos, t->len);
	if (s->first != SCAN_NONE - 1)
		return 0;	/* not asked for, or gathered before */
	return add_use(s, &alloc[s - ix->slot],
		       (struct id_use){ i, depth, is_code(t) });
}

/* gather_all()'s walk over every token, the depth counted. */
static int gather_walk(struct id_index *ix, uint64_t lengths, size_t *alloc)
{
	const struct token *tok = ix->tl->tok, *t;
	int depth = 0;

	for (t = tok; t->type != TOKEN_EOF; t++) {
		depth += brace_step(t);
		/* a length asked first: seldom true, a branch predicted */
		if ((lengths & (1ull << (t->len < 63 ? t->len : 63))) &&
		    t->type == TOKEN_IDENT &&
		    gather_use(ix, lengths, alloc, (size_t)(t - tok), depth))
			return -ENOMEM;
	}
	return 0;
}

/*
 * gather_all()'s walk at file scope: the tokens between the token list's
 * bodies (token.h), where the depth is 0 - the bodies are not walked.
 */
static int gather_top(struct id_index *ix, uint64_t lengths, size_t *alloc)
{
	const struct token_list *tl = ix->tl;
	size_t i = 0, b = 0, end;

	for (;;) {
		/* up to the next body, or the EOF sentinel */
		end = b < tl->nr_body ? tl->body[b] : tl->nr - 1;
		for (; i < end; i++) {
			const struct token *t = &tl->tok[i];

			if ((lengths & (1ull << (t->len < 63 ? t->len : 63))) &&
			    t->type == TOKEN_IDENT &&
			    gather_use(ix, lengths, alloc, i, 0))
				return -ENOMEM;
		}
		if (b >= tl->nr_body)
			return 0;
		i = tl->body[b + 1];	/* the brace back at depth 0 */
		b += 2;
	}
}

static int gather_all(struct id_index *ix, const char *const *names,
		      const size_t *lens, size_t n, bool top)
{
	struct id_slot *s;
	size_t k, added = 0, *alloc;
	int ret;
	uint64_t lengths = 0;	/* bit k: a name of k bytes, 63 or more */

	if (ix->full || !n)
		return 0;
	for (k = 0; k < n; k++) {
		s = slot_of(ix, names[k], lens[k]);
		if (s->first != SCAN_NONE)
			continue;	/* gathered already, or twice here */
		lengths |= 1ull << (lens[k] < 63 ? lens[k] : 63);
		if (2 * (ix->used + 1) > ix->size) {
			if (grow(ix, NULL))
				return -ENOMEM;
			s = slot_of(ix, names[k], lens[k]);
		}
		s->first = SCAN_NONE - 1;	/* new: a free slot, zeroed */
		name_slot(s, names[k], lens[k]);
		ix->used++;
		added++;
	}
	if (!added)
		return 0;
	alloc = calloc(ix->size, sizeof(*alloc));
	if (!alloc)
		return -ENOMEM;
	ret = top ? gather_top(ix, lengths, alloc) :
		    gather_walk(ix, lengths, alloc);
	free(alloc);
	for (k = 0; k < ix->size; k++)
		if (ix->slot[k].first == SCAN_NONE - 1)
			ix->slot[k].first = 0;	/* as gather() leaves it */
	return ret;
}

int idindex_gather(struct id_index *ix, const char *const *names,
		   const size_t *lens, size_t n)
{
	return gather_all(ix, names, lens, n, false);
}

int idindex_gather_top(struct id_index *ix, const char *const *names,
		       const size_t *lens, size_t n)
{
	return gather_all(ix, names, lens, n, true);
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
	size_t k;

	for (k = 0; !ix->full && ix->slot && k < ix->size; k++)
		if (ix->slot[k].first != SCAN_NONE)
			free(ix->slot[k].use);
	for (k = 0; k < ix->nr_retired; k++)
		free(ix->retired[k]);
	free(ix->retired);
	free(ix->all);
	free(ix->slot);
	memset(ix, 0, sizeof(*ix));
}
