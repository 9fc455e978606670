/* SPDX-License-Identifier: GPL-2.0 */
/*
 * atlas: which kernel releases have each interface - header, identifier,
 * struct tag and member, arity - as mined from the kernel's own trees by
 * atlas/mkatlas and carried inside modport (modport/atlas.txt.xz, decompressed and embedded at
 * build time: no file to find at run time).  Only what went away at some
 * release is in it (and the names of the table of changes): a name it does
 * not know is one every release has, or one no release had.
 */
#ifndef MODPORT_ATLAS_H
#define MODPORT_ATLAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "atlasfmt.h"
#include "hashspan.h"

/*
 * Read the embedded atlas (once): point into the index made at build
 * time, or make one when the binary has none that fits its text.
 * Returns 0 or -ENOMEM / -EINVAL.
 */
int atlas_load(void);

/* Write the index of the embedded text to out (atlas/atlasidx.c). */
int atlas_index_write(FILE *out);
/* Is index (size bytes) the one the text makes?  0 yes, 1 no, or -errno. */
int atlas_index_compare(const void *index, size_t size);
/*
 * Is the index built in the one that the text makes now?  0 yes, 1 no,
 * -ENOENT when none is built in, or -ENOMEM / -EINVAL.
 */
int atlas_index_verify(void);

unsigned int atlas_nr_releases(void);
/* The releases (bit k: release k) whose KV() is within [lo, hi]. */
uint32_t atlas_releases_in(unsigned int lo, unsigned int hi);
const char *atlas_release_name(unsigned int k);
unsigned int atlas_release_kv(unsigned int k);	/* KV() */

/*
 * The releases (bit k: release k) that have name[0..len) as kind (enum
 * atlas_kind; tag for ATLAS_MEMBER, else NULL), or 0: not in the atlas.
 */
uint32_t atlas_mask(char kind, const char *tag, size_t tag_len,
		    const char *name, size_t len);

/*
 * Has the atlas a header in the folder dir[0..len) (linux, asm, net...)?
 * One it has none in is no folder of the kernel's include path.
 */
bool atlas_header_folder(const char *dir, size_t len);

/*
 * The releases whose trees have name[0..len) for other architectures
 * only: kind ATLAS_ARCH_HEADER, an <asm/...> header x86 never had (the
 * atlas's a line), ATLAS_ARCH_FUNC, a function only their asm headers
 * declare (o); in *arches those architectures: their folders' names (sh,
 * ppc, powerpc), space-separated, *arches_len bytes.  0 when the atlas
 * has no such line.
 */
uint32_t atlas_arch(char kind, const char *name, size_t len,
		    const char **arches, size_t *arches_len);

/*
 * atlas_arch() of a name whose hash_span() (hashspan.h) the caller has
 * made already: the engine's filter, which asks of every call.
 */
uint32_t atlas_arch_span(char kind, const char *name, size_t len,
			 uint64_t span, const char **arches,
			 size_t *arches_len);

/* Has the atlas a line of kind for name (even one of no release)? */
bool atlas_has(char kind, const char *name, size_t len);

/*
 * The releases that have identifier name[0..len) as one of the kinds
 * (atlas_kind letters) of want; 0 when it is not in the atlas.
 */
uint32_t atlas_ident_kinds(const char *name, size_t len, const char *want);

/*
 * The arity sets of name per release (atlasfmt.h), into sets[0..nr
 * releases); false when its arity never changed.
 */
bool atlas_arity(const char *name, size_t len,
		 uint32_t sets[ATLAS_MAX_RELEASES]);

/*
 * Does every release of target (a mask of releases) have the kernel's
 * macro[0..len) never compile its argument arg (0, 1, ...: the atlas's Z
 * lines)?
 */
bool atlas_drops(const char *macro, size_t len, unsigned int arg,
		 uint32_t target);

/* A method's signature in one release: "int(struct device *, char *)". */
struct atlas_sig {
	const char *text;	/* NULL: the release lacks the member */
	size_t len;
};

/*
 * The signatures of method member name[0..len) of struct or union
 * tag[0..tag_len) per release, into sigs[0..nr releases) (sigs NULL:
 * not read); false when it never changed (or is not a method).
 */
bool atlas_method(const char *tag, size_t tag_len, const char *name,
		  size_t len, struct atlas_sig sigs[ATLAS_MAX_RELEASES]);

/*
 * The signatures of function name[0..len) per release, into sigs[0..nr
 * releases); false when no parameter of it ever took another struct
 * (the atlas's F lines).
 */
bool atlas_func_sig(const char *name, size_t len,
		    struct atlas_sig sigs[ATLAS_MAX_RELEASES]);

/*
 * Does parameter pos (0, 1...) of signature a take a "struct TAG *", and
 * b, of as many parameters, a pointer to another struct there?
 */
bool atlas_sig_struct_differs(const struct atlas_sig *a,
			      const struct atlas_sig *b, unsigned int pos);

/*
 * Is s[0..len) a name the atlas can say something of - an identifier,
 * member, tag or arity, or a header as "<path>"?  (A hash probe: a rare
 * false yes is sorted out by the lookups.)
 */
bool atlas_knows(const char *s, size_t len);

/* How a name is used, for atlas_may_be_gone(). */
enum atlas_use {
	ATLAS_USE_NAME,		/* an identifier: a function, type, tag... */
	ATLAS_USE_MEMBER,	/* after '.' or '->' */
	ATLAS_USE_ANY_MEMBER,	/* so, of a struct not known */
	ATLAS_USE_HEADER,	/* "<path>" */
	NR_ATLAS_USES
};

/*
 * Can s[0..len), a name atlas_knows() used so, have gone away within
 * target (a mask of releases, bit k: release k)?  Some release of the
 * target lacks it after an earlier release had it: as a name, an
 * identifier, export or struct tag, or takes another number of arguments
 * than before; as a member, a member of some struct, or a macro that
 * spells one; a header.  No: no kernel of the target misses it, and it is
 * no use of a gone interface.  (Mostly one bit of a small bitmap, else
 * one hash probe; the set is made on the first use of a target.)  As a
 * member of a struct not known: a member of every struct (M line), or a
 * macro that spells one, missing from a release of the target.
 */
bool atlas_may_be_gone(uint32_t target, enum atlas_use use, const char *s,
		       size_t len);

/*
 * The gone set's filters of names (spans[]): all, by where a name is, and
 * the members of a struct not known.
 */
enum {
	ATLAS_SPANS_ANY, ATLAS_SPANS_NAME, ATLAS_SPANS_MEMBER,
	ATLAS_SPANS_ANY_MEMBER, NR_ATLAS_SPANS
};

/*
 * The set atlas_may_be_gone() reads, for a caller that asks of every
 * identifier and has its hash_span() already (the engine's filter): a
 * bitmap in front of a table of the names' hashes, each with its use.
 */
struct atlas_gone_set {
	uint32_t target;	/* the releases it answers for */
	const uint64_t *bits;
	size_t bits_mask;	/* its bits, less one (a power of two) */
	const uint64_t *names;	/* atlas_use_hash()es, open addressing */
	size_t names_mask;	/* its slots, less one (a power of two) */
	/*
	 * Filters (span_bloom_has(), hashspan.h) of the names' hash_span()s:
	 * spans[ATLAS_SPANS_ANY] has each name of the set, whatever its use
	 * (one load that turns most names away); by where a name is,
	 * spans[ATLAS_SPANS_NAME] each the set has as ATLAS_USE_NAME,
	 * spans[ATLAS_SPANS_MEMBER] (a name after '.' or '->') each it has
	 * as ATLAS_USE_MEMBER; all three each function only other arches
	 * declare (atlas_arch(ATLAS_ARCH_FUNC)).  A name that the filter of
	 * its place lacks is neither.  spans[ATLAS_SPANS_ANY_MEMBER] has
	 * those it has as ATLAS_USE_ANY_MEMBER, a few thousand: a small
	 * filter, for those who watch every identifier for one (projnames).
	 */
	const uint64_t *spans[NR_ATLAS_SPANS];
	size_t spans_mask[NR_ATLAS_SPANS];	/* words, less one (powers of two) */
};

/*
 * May the name whose hash_span() is span, after '.' or '->' (member) or
 * not, be in the set so, or an o line's?
 */
static inline bool atlas_gone_set_may(const struct atlas_gone_set *g,
				      bool member, uint64_t span)
{
	unsigned int f = member ? ATLAS_SPANS_MEMBER : ATLAS_SPANS_NAME;

	return span_bloom_has(g->spans[ATLAS_SPANS_ANY],
			      g->spans_mask[ATLAS_SPANS_ANY], span) &&
	       span_bloom_has(g->spans[f], g->spans_mask[f], span);
}

/*
 * The set of target, made if need be (it then replaces the set of another
 * target: ask again when the target changes); NULL where the atlas
 * cannot be read.
 */
const struct atlas_gone_set *atlas_gone_set(uint32_t target);

/*
 * The set's hash of a name whose hash_span() is span, used so.  (A name
 * that shares it with one of the set is a rare extra hit, which the
 * family's lookups, by spelling, dismiss.)
 */
static inline uint64_t atlas_use_hash(uint64_t span, enum atlas_use use)
{
	return (span + use * 0x9e3779b97f4a7c15ull) | 1;
}

/* atlas_may_be_gone() of the name whose hash_span() is span. */
static inline bool atlas_gone_set_has(const struct atlas_gone_set *g,
				      enum atlas_use use, uint64_t span)
{
	uint64_t h = atlas_use_hash(span, use);
	size_t j;

	if (!bitmap_has(g->bits, g->bits_mask, h))
		return false;
	for (j = h & g->names_mask; g->names[j]; j = (j + 1) & g->names_mask)
		if (g->names[j] == h)
			return true;
	return false;
}

/* A member that went away from a struct, as hashset_key()s of the names. */
struct atlas_gone_member {
	uint64_t tag, member;
};

/*
 * The members that struct or union tag[0..len) lost within target (its
 * '.' lines of atlas_may_be_gone()): *first and how many follow it.  A
 * member used of a struct of that tag may be gone only if it is one of
 * these.  (A tag that shares the 64-bit hash brings its members too.)
 */
size_t atlas_gone_members(uint32_t target, const char *tag, size_t len,
			  const struct atlas_gone_member **first);

#endif
