// SPDX-License-Identifier: GPL-2.0
/* A set of 64-bit name hashes (hashset.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hashset.h"
#include "hashspan.h"

uint64_t hashset_key(const char *s, size_t len)
{
	uint64_t h = hash_span(s, len);

	return h ? h : 1;
}

/* Put key into the slots keys[0..mask] (a free one, or its own). */
static bool put(uint64_t *keys, size_t mask, uint64_t key)
{
	size_t k = key & mask;

	while (keys[k] && keys[k] != key)
		k = (k + 1) & mask;
	if (keys[k])
		return false;
	keys[k] = key;
	return true;
}

int hashset_add(struct hash_set *set, uint64_t key)
{
	if (!set->keys || 2 * (set->nr + 1) > set->mask + 1) {
		size_t mask = set->keys ? 2 * (set->mask + 1) - 1 : 15, k;
		uint64_t *keys = calloc(mask + 1, sizeof(*keys));

		if (!keys)
			return -ENOMEM;
		for (k = 0; set->keys && k <= set->mask; k++)
			if (set->keys[k])
				put(keys, mask, set->keys[k]);
		free(set->keys);
		set->keys = keys;
		set->mask = mask;
	}
	set->nr += put(set->keys, set->mask, key);
	return 0;
}

size_t hashset_slots(size_t n)
{
	size_t slots = 16;

	while (slots < 2 * n + 2)
		slots *= 2;
	return slots;
}

void hashset_copy(struct hash_set *to, uint64_t *keys, size_t slots,
		  const struct hash_set *from)
{
	size_t k;

	to->keys = keys;
	to->mask = slots - 1;
	to->nr = 0;
	for (k = 0; from->keys && k <= from->mask; k++)
		if (from->keys[k])
			to->nr += put(keys, to->mask, from->keys[k]);
}

int hashset_reserve(struct hash_set *set, size_t n)
{
	size_t slots = hashset_slots(n);

	if (set->keys)
		return 0;
	set->keys = calloc(slots, sizeof(*set->keys));
	if (!set->keys)
		return -ENOMEM;
	set->mask = slots - 1;
	return 0;
}

bool hashset_has(const struct hash_set *set, uint64_t key)
{
	size_t k = key & set->mask;

	if (!set->keys)
		return false;
	while (set->keys[k]) {
		if (set->keys[k] == key)
			return true;
		k = (k + 1) & set->mask;
	}
	return false;
}

void hashset_free(struct hash_set *set)
{
	free(set->keys);
	memset(set, 0, sizeof(*set));
}
