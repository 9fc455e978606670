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

/*
 * The len (< 8) bytes at s as one number, as memcpy() into a zeroed
 * uint64_t makes it, without a call (a copy of a length not known is
 * one): two overlapping loads of 4 bytes, or the bytes of 1 to 3.
 */
static inline uint64_t short_span(const char *s, size_t len)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t lo, hi;

	if (len >= 4) {
		memcpy(&lo, s, 4);
		memcpy(&hi, s + len - 4, 4);
		return (uint64_t)lo | (uint64_t)hi << (8 * (len - 4));
	}
	if (!len)
		return 0;
	return (uint64_t)(unsigned char)s[0] |
	       (uint64_t)(unsigned char)s[len / 2] << (8 * (len / 2)) |
	       (uint64_t)(unsigned char)s[len - 1] << (8 * (len - 1));
#else
	uint64_t a = 0;

	memcpy(&a, s, len);
	return a;
#endif
}

/*
 * Are the len bytes at a and at b the same?  Inline up to 16 bytes (two
 * overlapping loads of 8, or short_span()), memcmp() past that: no byte
 * is read outside either span.
 */
static inline bool span_eq(const char *a, const char *b, size_t len)
{
	uint64_t x, y, u, v;

	if (len > 16)
		return !memcmp(a, b, len);
	if (len < 8)
		return short_span(a, len) == short_span(b, len);
	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	memcpy(&u, a + len - 8, 8);
	memcpy(&v, b + len - 8, 8);
	return !((x ^ y) | (u ^ v));
}

static inline uint64_t hash_span(const char *s, size_t len)
{
	uint64_t a, b = 0;

	if (len >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + len - 8, 8);
	} else {
		a = short_span(s, len);
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

/*
 * A filter of hashes that costs one load of a word and, at 16 bits a
 * hash, answers wrongly (yes for a hash not set) half as often as a
 * bitmap of twice its size: each hash sets two bits of word
 * (h >> 32) & mask, mask its words less one (a power of two less one),
 * the bits by the hash's top twelve bits.
 * (Not its low bits: those of hash_span() do not depend on a long name's
 * last bytes.)
 */
static inline uint64_t span_bloom_bits(uint64_t h)
{
	return (1ull << ((h >> 52) & 63)) | (1ull << (h >> 58));
}

static inline bool span_bloom_has(const uint64_t *words, size_t mask,
				  uint64_t h)
{
	uint64_t b = span_bloom_bits(h);

	return (words[(size_t)(h >> 32) & mask] & b) == b;
}

static inline void span_bloom_set(uint64_t *words, size_t mask, uint64_t h)
{
	words[(size_t)(h >> 32) & mask] |= span_bloom_bits(h);
}

#endif
