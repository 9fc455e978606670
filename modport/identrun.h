/* SPDX-License-Identifier: GPL-2.0 */
/*
 * identrun: the end of a run of identifier bytes, or of blanks, sixteen
 * bytes at a time (SSE2), for the tokenizer and projnames' scan of a
 * project's headers.
 */
#ifndef MODPORT_IDENTRUN_H
#define MODPORT_IDENTRUN_H

#include <stdbool.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * From p, sixteen bytes at a time while sixteen are left before end: the
 * first byte that is no ASCII letter, digit or '_' (nor '$' nor a byte of
 * 0x80 or more where wide: the tokenizer's identifiers), or where fewer
 * than sixteen are left - the caller reads the rest byte by byte.  Where
 * SSE2 is missing, p.
 */
static inline __attribute__((always_inline)) const char *
ident_run16(const char *p, const char *end, bool wide)
{
#if defined(__SSE2__)
	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		__m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
		__m128i digit = _mm_and_si128(
			_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
			_mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
		/* A-Z or a-z: with bit 5 set, a-z; no other byte becomes one */
		__m128i letter = _mm_and_si128(
			_mm_cmpgt_epi8(folded, _mm_set1_epi8('a' - 1)),
			_mm_cmplt_epi8(folded, _mm_set1_epi8('z' + 1)));
		__m128i other = _mm_cmpeq_epi8(v, _mm_set1_epi8('_'));
		unsigned int in;

		if (wide)
			other = _mm_or_si128(
				_mm_or_si128(other, _mm_cmpeq_epi8(
					v, _mm_set1_epi8('$'))),
				_mm_cmplt_epi8(v, _mm_setzero_si128()));
		in = (unsigned int)_mm_movemask_epi8(
			_mm_or_si128(_mm_or_si128(digit, letter), other));
		if (in != 0xffff)
			return p + __builtin_ctz(~in);
		p += 16;
	}
#else
	(void)end;
	(void)wide;
#endif
	return p;
}

/*
 * From p, sixteen bytes at a time while sixteen are left before end: the
 * first byte that is neither a space nor a tab, or where fewer than
 * sixteen are left (the caller reads the rest).  The long runs that align
 * a register header's values (a third of amdgpu's 390 MB) cost a load
 * and a compare sixteen bytes, not each.  Where SSE2 is missing, p.
 */
static inline __attribute__((always_inline)) const char *
blank_run16(const char *p, const char *end)
{
#if defined(__SSE2__)
	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		unsigned int in = (unsigned int)_mm_movemask_epi8(_mm_or_si128(
			_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
			_mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));

		if (in != 0xffff)
			return p + __builtin_ctz(~in);
		p += 16;
	}
#else
	(void)end;
#endif
	return p;
}

#endif
