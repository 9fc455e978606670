/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hashset: a set of 64-bit name hashes (hash_span()), open addressing,
 * its slots doubled when half are taken.  A hash stands for its name: two
 * names of one hash are one member, a rare false yes that the callers'
 * lookups by spelling sort out.
 */
#ifndef MODPORT_HASHSET_H
#define MODPORT_HASHSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hash_set {
	uint64_t *keys;		/* 0: a free slot */
	size_t mask;		/* the slots - 1: a power of 2, - 1 (or 0) */
	size_t nr;		/* the slots taken, at most half */
};

/* The key of the name s[0..len): its hash_span(), never 0. */
uint64_t hashset_key(const char *s, size_t len);

/* Add key (hashset_key()): 0 or -ENOMEM. */
int hashset_add(struct hash_set *set, uint64_t key);

/*
 * Room for n keys in an empty set, its slots made at once, not doubled
 * on the way: 0 or -ENOMEM.
 */
int hashset_reserve(struct hash_set *set, size_t n);

bool hashset_has(const struct hash_set *set, uint64_t key);

/* The slots that hashset_reserve() makes for n keys: a power of 2. */
size_t hashset_slots(size_t n);

/*
 * from's keys into to, made on keys[0..slots): zeroed slots, at least
 * hashset_slots(from->nr) of them.  to's keys are the caller's to free.
 */
void hashset_copy(struct hash_set *to, uint64_t *keys, size_t slots,
		  const struct hash_set *from);

void hashset_free(struct hash_set *set);

#endif
