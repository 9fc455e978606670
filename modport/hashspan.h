/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hashspan: the hash of a name that the atlas, the engine's table of
 * words and idindex share - the length and the first and last 8 bytes,
 * a few instructions a name - and the bitmaps of such hashes in front of
 * their tables.
 */
#ifndef MODPORT_HASHSPAN_H
#define MODPORT_HASHSPAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t hash_span(const char *s, size_t len)
{
	uint64_t a = 0, b = 0;

	if (len >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + len - 8, 8);
	} else {
		memcpy(&a, s, len);
	}
	a = (a ^ (b * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)len << 56)) *
	    0xff51afd7ed558ccdull;
	return a ^ (a >> 29);
}

/*
 * A bitmap of hashes: bit (h >> 32) & mask, mask its bits less one (a
 * power of two less one) - the filters in front of the atlas's tables
 * and the engine's.
 */
static inline bool bitmap_has(const uint64_t *bits, size_t mask, uint64_t h)
{
	size_t b = (size_t)(h >> 32) & mask;

	return bits[b / 64] & (1ull << (b % 64));
}

static inline void bitmap_set(uint64_t *bits, size_t mask, uint64_t h)
{
	size_t b = (size_t)(h >> 32) & mask;

	bits[b / 64] |= 1ull << (b % 64);
}

#endif
