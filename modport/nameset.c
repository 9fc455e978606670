// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nameset.h"

/*
 * Every byte of the name counts: a project's names share long prefixes
 * and suffixes (amdgpu's mmREG__FIELD_MASK by the thousand), which a hash
 * of the ends alone (hash_span) sends to the same slots.
 */
static uint64_t hash_name(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ len, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	if (len) {
		w = 0;
		memcpy(&w, s, len);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
	}
	return h ^ (h >> 29);
}

/* The slot of s[0..len) (hash h): where it is, or the free one it would take. */
static size_t slot(const struct nameset *ns, const char *s, size_t len,
		   uint64_t h)
{
	size_t j = h & (ns->size - 1);
	const struct nameset_entry *e;

	for (; (e = &ns->e[j])->name; j = (j + 1) & (ns->size - 1))
		if (e->hash == h && e->len == len && !memcmp(e->name, s, len))
			break;
	return j;
}

static int grow(struct nameset *ns)
{
	struct nameset big = { .size = ns->size ? 2 * ns->size : 256 };
	size_t i;

	big.e = calloc(big.size, sizeof(*big.e));
	if (!big.e)
		return -ENOMEM;
	for (i = 0; i < ns->size; i++) {
		const struct nameset_entry *e = &ns->e[i];

		if (e->name)
			big.e[slot(&big, e->name, e->len, e->hash)] = *e;
	}
	free(ns->e);
	ns->e = big.e;
	ns->size = big.size;
	return 0;
}

int nameset_add_hashed(struct nameset *ns, const char *s, size_t len,
		       uint64_t h)
{
	size_t j;
	char *copy;

	if (2 * (ns->used + 1) > ns->size && grow(ns))
		return -ENOMEM;
	j = slot(ns, s, len, h);
	if (ns->e[j].name)
		return 0;
	copy = malloc(len + 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, s, len);
	copy[len] = 0;
	ns->e[j] = (struct nameset_entry){ copy, len, h };
	ns->used++;
	return 0;
}

int nameset_add(struct nameset *ns, const char *s)
{
	size_t len = strlen(s);

	return nameset_add_hashed(ns, s, len, hash_name(s, len));
}

bool nameset_has_hashed(const struct nameset *ns, const char *s, size_t len,
			uint64_t h)
{
	return ns->size && ns->e[slot(ns, s, len, h)].name;
}

bool nameset_has(const struct nameset *ns, const char *s, size_t len)
{
	return nameset_has_hashed(ns, s, len, hash_name(s, len));
}

void nameset_free(struct nameset *ns)
{
	size_t i;

	for (i = 0; i < ns->size; i++)
		free(ns->e[i].name);
	free(ns->e);
	memset(ns, 0, sizeof(*ns));
}
