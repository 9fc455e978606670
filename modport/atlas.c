// SPDX-License-Identifier: GPL-2.0
/*
 * atlas.c: the embedded atlas (atlas.h).  A fact is found by a hash of
 * its kind, tag and name; a set of name hashes answers the rule engine's
 * "is this a name the atlas knows?" for every identifier of a file in one
 * probe.  The tables are made once, at build time, and carried in the
 * binary beside the text (build_index()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atlas.h"
#include "hashset.h"
#include "hashspan.h"
#include "ruletab.h"

#ifndef ATLAS_PATH
#error "ATLAS_PATH must name the atlas, modport/atlas.txt.xz decompressed"
#endif

extern const char atlas_blob[];
extern const char atlas_blob_end[];

__asm__(".section .rodata\n"
	".globl atlas_blob\n"
	"atlas_blob:\n"
	".incbin \"" ATLAS_PATH "\"\n"
	".globl atlas_blob_end\n"
	"atlas_blob_end:\n"
	".byte 0\n"
	".previous\n");

#ifdef ATLAS_INDEX_PATH
/* The index of the same text, made at build time (atlas/atlasidx.c). */
extern const char atlas_index_blob[];
extern const char atlas_index_blob_end[];

__asm__(".section .rodata\n"
	".balign 64\n"
	".globl atlas_index_blob\n"
	"atlas_index_blob:\n"
	".incbin \"" ATLAS_INDEX_PATH "\"\n"
	".globl atlas_index_blob_end\n"
	"atlas_index_blob_end:\n"
	".previous\n");
#endif

/*
 * The index: one block that holds every table the questions read, made
 * from the text by build_index() - at build time into the binary, where
 * atlas_load() only points into it, else (the fuzz harness, an index
 * that does not fit the text) at the first question.  Offsets, not
 * pointers, so that the block is the same bytes wherever it is.
 */
#define INDEX_MAGIC "mpatlas\001"
#define INDEX_SAMPLE 65536	/* the text's bytes hashed at each end */

struct index_head {
	char magic[8];
	uint64_t size;		/* the whole block */
	uint64_t text_len;	/* the text it indexes, */
	uint64_t text_hash;	/* and its first and last INDEX_SAMPLE bytes */
	uint64_t nr_lines, names_size, keys_size, nr_rel;
	/* the sections: each an offset into the block */
	uint64_t line_off;	/* uint32_t: each fact line's offset in the text */
	uint64_t mask_off;	/* uint32_t: each line's releases (line_value()) */
	uint64_t dmask_off;	/* uint32_t: an i line's releases as a 'd' */
	uint64_t gone_off;	/* uint64_t: the hash_span() of its gone name */
	uint64_t names_off;	/* uint64_t[names_size]: names_add() */
	uint64_t keys_off;	/* struct key_slot[keys_size] */
	uint64_t filter_off[256], filter_bits[256];	/* 0: no line of the kind */
	uint32_t rel_kv[ATLAS_MAX_RELEASES];
	char rel_names[ATLAS_MAX_RELEASES][ATLAS_RELEASE_LEN];
};

/*
 * The lines, hashed by kind, tag and name: the hash's high half and the
 * line's offset (0: a free slot; the text starts with a comment), so that
 * a probe that is not the key mostly reads no line (most names asked of
 * are none of the atlas's: a driver's own).
 */
struct key_slot {
	uint32_t tag;
	uint32_t off;
};

static const struct index_head *ix;
static char *index_made;	/* build_index()'s block, when it is used */
static const uint32_t *line_off, *line_mask, *line_dmask;
static const uint64_t *line_gone_hash;
static size_t nr_lines;
static const struct key_slot *by_key;
static size_t keys_size;

/*
 * A filter of each kind's keys, 8 bits a key: most questions are for a
 * name the atlas lacks, answered by a bit of a small array instead of a
 * probe of the large table.
 */
struct key_filter {
	const uint64_t *bits;
	size_t mask;	/* its bits less one (a power of two less one) */
};

static struct key_filter filter[256];

static inline bool filter_may_have(char kind, uint64_t h)
{
	const struct key_filter *f = &filter[(unsigned char)kind];

	return f->bits && bitmap_has(f->bits, f->mask, h);
}
static const uint64_t *names;	/* hashes of the names wants() knows */
static size_t names_size;
static unsigned int nr_rel;
static int loaded;		/* 0 not yet, 1 loaded, -errno failed */

/* Fact line i of the text. */
static inline const char *line_at(size_t i)
{
	return atlas_blob + line_off[i];
}

static uint64_t hash_name(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h | 1;	/* 0 marks a free slot */
}

/* A set of name hashes: open addressing, size a power of two. */
static void names_add(uint64_t *set, size_t size, uint64_t h)
{
	size_t j = h & (size - 1);

	while (set[j] && set[j] != h)
		j = (j + 1) & (size - 1);
	set[j] = h;
}

static bool names_in(const uint64_t *set, size_t size, uint64_t h)
{
	size_t j = h & (size - 1);

	for (; set[j]; j = (j + 1) & (size - 1))
		if (set[j] == h)
			return true;
	return false;
}

static bool names_has(uint64_t h)
{
	return names_in(names, names_size, h);
}

static int read_releases(struct index_head *h, const char *p, const char *eol)
{
	for (p += strlen("releases"); p < eol;) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, " \n");
		if (!n)
			break;
		if (h->nr_rel == ATLAS_MAX_RELEASES || n >= ATLAS_RELEASE_LEN)
			return -EINVAL;
		memcpy(h->rel_names[h->nr_rel], p, n);
		h->rel_names[h->nr_rel][n] = 0;
		h->rel_kv[h->nr_rel] =
			(uint32_t)kernel_version(h->rel_names[h->nr_rel]);
		h->nr_rel++;
		p += n;
	}
	return 0;
}

/* Has a line of kind k a tag before its name (a struct's, a macro's)? */
static bool tagged(char k)
{
	return k == ATLAS_MEMBER || k == ATLAS_METHOD || k == ATLAS_NUM_MACRO ||
	       k == ATLAS_DROPPED;
}

/* The length of the field at f (up to a tab or the line's end). */
static inline size_t field_len(const char *f)
{
	const char *p = f;

	while (*p != '\t' && *p != '\n' && *p)
		p++;
	return (size_t)(p - f);
}

/* The name field of a fact line (the member for '.'), and its length. */
static const char *line_name(const char *l, size_t *len)
{
	const char *p = l + 2;

	if (tagged(l[0])) {	/* past the tag and its tab */
		while (*p != '\t' && *p)
			p++;
		p++;
	}
	*len = field_len(p);
	return p;
}

/*
 * The hash by which the names set knows fact line l: its name, a header
 * as "<path>"; 0 for the kinds no identifier is looked up by (an export
 * alone, a return type, a method's signature, a number macro of a
 * header), or a header too long.
 */
static uint64_t line_hash(const char *l)
{
	size_t len;
	const char *s;
	char hdr[4096];

	if (l[0] == ATLAS_EXPORT || l[0] == ATLAS_RET || l[0] == ATLAS_METHOD ||
	    l[0] == ATLAS_FUNC_SIG ||
	    l[0] == ATLAS_NUM_MACRO ||	/* gone.c's num_macro() asks it */
	    l[0] == ATLAS_DROPPED || l[0] == ATLAS_ARCH_HEADER ||
	    l[0] == ATLAS_ARCH_FUNC || l[0] == ATLAS_X86_32)
		return 0;
	s = line_name(l, &len);
	if (l[0] != ATLAS_HEADER)
		return hash_name(s, len);
	if (len + 3 > sizeof(hdr))
		return 0;
	snprintf(hdr, sizeof(hdr), "<%.*s>", (int)len, s);
	return hash_name(hdr, len + 2);
}

/* strcmp of s[0..n) and t[0..m). */
static int cmp_span(const char *s, size_t n, const char *t, size_t m)
{
	int c = memcmp(s, t, n < m ? n : m);

	return c ? c : (n > m) - (n < m);
}

/* How a key compares with fact line l (as mkatlas sorted them). */
static int cmp_line(char kind, const char *tag, size_t tag_len,
		    const char *name, size_t len, const char *l)
{
	const char *f = l + 2;
	size_t n;
	int c;

	if (kind != l[0])
		return (unsigned char)kind - (unsigned char)l[0];
	if (tagged(kind)) {
		n = field_len(f);
		c = cmp_span(tag, tag_len, f, n);
		if (c)
			return c;
		f += n + 1;
	}
	return cmp_span(name, len, f, field_len(f));
}


static uint64_t hash_key(char kind, const char *tag, size_t tag_len,
			 const char *name, size_t len)
{
	return hash_span(tag, tag_len) * 31 + hash_span(name, len) * 7 +
	       (unsigned char)kind;
}

static uint32_t parse_ranges(const char *p, const char **end);
static const char *line_value(const char *l);
static uint32_t line_kinds(const char *l, const char *want);

/*
 * The name by which make_gone() knows fact line l, hashed (hash_span()):
 * a number macro's tag, a header as "<path>", else its name.
 */
static uint64_t gone_name_hash(const char *l)
{
	size_t len;
	const char *name = line_name(l, &len);
	char hdr[4096];

	if (l[0] == ATLAS_NUM_MACRO) {	/* the macro, its tag */
		name = l + 2;
		len = field_len(name);
	}
	if (l[0] == ATLAS_HEADER) {	/* as "<path>" (line_hash(): fits) */
		snprintf(hdr, sizeof(hdr), "<%.*s>", (int)len, name);
		name = hdr;
		len += 2;
	}
	return hash_span(name, len);
}

/* The text's length and the hash of its two ends, as the head keeps them. */
static uint64_t text_hash(size_t len)
{
	size_t n = len < INDEX_SAMPLE ? len : INDEX_SAMPLE;

	return hash_name(atlas_blob, n) ^
	       hash_name(atlas_blob + len - n, n) * 0x9e3779b97f4a7c15ull;
}

static size_t pow2_at_least(size_t min, size_t n)
{
	size_t size = min;

	while (size < n)
		size *= 2;
	return size;
}

/* Where a fact line starts, or -EINVAL (the text is not an atlas). */
static int check_line(const char *p, const char *eol)
{
	return eol - p < 4 || p[1] != '\t' ? -EINVAL : 0;
}

/*
 * The block's size and its sections' places, from the count of lines
 * (of each kind) and the releases read into h.
 */
/* A section of bytes at *at, 64-byte aligned: its offset. */
static uint64_t section(size_t *at, size_t bytes)
{
	size_t off = (*at + 63) & ~(size_t)63;

	*at = off + bytes;
	return off;
}

static size_t lay_out(struct index_head *h, const size_t count[256])
{
	size_t at = sizeof(*h), k, bits, n = h->nr_lines;

	h->line_off = section(&at, n * sizeof(uint32_t));
	h->mask_off = section(&at, n * sizeof(uint32_t));
	h->dmask_off = section(&at, n * sizeof(uint32_t));
	h->gone_off = section(&at, n * sizeof(uint64_t));
	h->names_off = section(&at, h->names_size * sizeof(uint64_t));
	h->keys_off = section(&at, h->keys_size * sizeof(struct key_slot));
	for (k = 0; k < 256; k++) {
		if (!count[k])
			continue;
		bits = pow2_at_least(64, 8 * count[k]);
		h->filter_off[k] = section(&at, bits / 8);
		h->filter_bits[k] = bits;
	}
	return at;
}

/* Each fact line into the block: its offset, releases, name and key. */
static void index_line(char *block, struct index_head *h, size_t i,
		       const char *l)
{
	uint32_t *off = (uint32_t *)(block + h->line_off);
	uint32_t *mask = (uint32_t *)(block + h->mask_off);
	uint32_t *dmask = (uint32_t *)(block + h->dmask_off);
	uint64_t *gone_hash = (uint64_t *)(block + h->gone_off);
	uint64_t *set = (uint64_t *)(block + h->names_off);
	struct key_slot *keys = (struct key_slot *)(block + h->keys_off);
	uint64_t *bits = (uint64_t *)(block + h->filter_off[(unsigned char)l[0]]);
	const char *tag = l + 2, *end;
	size_t len, tag_len, j, b;
	const char *name = line_name(l, &len);
	uint64_t hash = line_hash(l);

	off[i] = (uint32_t)(l - atlas_blob);
	mask[i] = parse_ranges(line_value(l), &end);
	dmask[i] = l[0] == ATLAS_IDENT ? line_kinds(l, "d") : 0;
	gone_hash[i] = gone_name_hash(l);
	if (hash)
		names_add(set, h->names_size, hash);
	tag_len = tagged(l[0]) ? field_len(tag) : 0;
	hash = hash_key(l[0], tag, tag_len, name, len);
	for (j = hash & (h->keys_size - 1); keys[j].off;
	     j = (j + 1) & (h->keys_size - 1))
		;
	keys[j] = (struct key_slot){ (uint32_t)(hash >> 32), off[i] };
	b = (size_t)(hash >> 32) & (h->filter_bits[(unsigned char)l[0]] - 1);
	bits[b / 64] |= 1ull << (b % 64);
}

/*
 * Make the index of the text: *block (malloc'd) and its size, or -EINVAL
 * (not an atlas) or -ENOMEM.  Two walks: count, then fill.
 */
static int build_index(char **block, size_t *size)
{
	const char *text = atlas_blob, *end = atlas_blob_end, *p, *eol;
	size_t count[256] = { 0 }, len = (size_t)(end - text), i = 0;
	struct index_head h = { .magic = INDEX_MAGIC };
	char *b;

	if (len >= UINT32_MAX)
		return -EINVAL;
	for (p = text; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (*p == '#' || p == eol)
			continue;
		if (!strncmp(p, "releases ", 9)) {
			if (read_releases(&h, p, eol))
				return -EINVAL;
			continue;
		}
		if (check_line(p, eol) ||
		    (p[0] == ATLAS_HEADER && !line_hash(p)))
			return -EINVAL;
		count[(unsigned char)p[0]]++;
		h.nr_lines++;
	}
	h.names_size = pow2_at_least(1024, 2 * h.nr_lines);
	h.keys_size = pow2_at_least(1024, 2 * h.nr_lines);
	h.text_len = len;
	h.text_hash = text_hash(len);
	h.size = lay_out(&h, count);
	b = calloc(1, h.size);
	if (!b)
		return -ENOMEM;
	memcpy(b, &h, sizeof(h));
	for (p = text; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (*p != '#' && p != eol && strncmp(p, "releases ", 9))
			index_line(b, (struct index_head *)b, i++, p);
	}
	*block = b;
	*size = h.size;
	return 0;
}

#ifdef ATLAS_INDEX_PATH
/* Does block (size bytes) index this binary's text? */
static bool index_fits(const char *block, size_t size)
{
	const struct index_head *h = (const struct index_head *)block;
	size_t len = (size_t)(atlas_blob_end - atlas_blob);

	return size >= sizeof(*h) && !memcmp(h->magic, INDEX_MAGIC, 8) &&
	       h->size == size && h->text_len == len &&
	       h->text_hash == text_hash(len) &&
	       h->nr_rel <= ATLAS_MAX_RELEASES;
}
#endif

static void use_index(const char *block)
{
	size_t k;

	ix = (const struct index_head *)block;
	nr_lines = ix->nr_lines;
	nr_rel = (unsigned int)ix->nr_rel;
	line_off = (const uint32_t *)(block + ix->line_off);
	line_mask = (const uint32_t *)(block + ix->mask_off);
	line_dmask = (const uint32_t *)(block + ix->dmask_off);
	line_gone_hash = (const uint64_t *)(block + ix->gone_off);
	names = (const uint64_t *)(block + ix->names_off);
	names_size = ix->names_size;
	by_key = (const struct key_slot *)(block + ix->keys_off);
	keys_size = ix->keys_size;
	for (k = 0; k < 256; k++)
		if (ix->filter_off[k])
			filter[k] = (struct key_filter){
				(const uint64_t *)(block + ix->filter_off[k]),
				ix->filter_bits[k] - 1 };
}

/* The build's index when it fits the text, else one made now. */
static int open_index(void)
{
	size_t size;
	int err;

#ifdef ATLAS_INDEX_PATH
	size = (size_t)(atlas_index_blob_end - atlas_index_blob);
	if (index_fits(atlas_index_blob, size)) {
		use_index(atlas_index_blob);
		return 1;
	}
#endif
	err = build_index(&index_made, &size);
	if (err)
		return err;
	use_index(index_made);
	return 1;
}

int atlas_load(void)
{
	if (!loaded)
		loaded = open_index();
	return loaded < 0 ? loaded : 0;
}

int atlas_index_write(FILE *out)
{
	char *block;
	size_t size;
	int err = build_index(&block, &size);

	if (err)
		return err;
	if (fwrite(block, 1, size, out) != size)
		err = -EIO;
	free(block);
	return err;
}

int atlas_index_compare(const void *index, size_t size)
{
	char *block;
	size_t n;
	int err = build_index(&block, &n);

	if (err)
		return err;
	err = n == size && !memcmp(block, index, n) ? 0 : 1;
	free(block);
	return err;
}

int atlas_index_verify(void)
{
#ifdef ATLAS_INDEX_PATH
	return atlas_index_compare(atlas_index_blob,
				   (size_t)(atlas_index_blob_end -
					    atlas_index_blob));
#else
	return -ENOENT;
#endif
}

unsigned int atlas_nr_releases(void)
{
	return atlas_load() ? 0 : nr_rel;
}

uint32_t atlas_releases_in(unsigned int lo, unsigned int hi)
{
	uint32_t mask = 0;
	unsigned int k;

	for (k = 0; k < atlas_nr_releases(); k++)
		if (atlas_release_kv(k) >= lo && atlas_release_kv(k) <= hi)
			mask |= 1u << k;
	return mask;
}

const char *atlas_release_name(unsigned int k)
{
	return k < nr_rel ? ix->rel_names[k] : "?";
}

unsigned int atlas_release_kv(unsigned int k)
{
	return k < nr_rel ? ix->rel_kv[k] : 0;
}

/* find() of the key h (hash_key()) that the caller has. */
static const char *find_key(char kind, const char *tag, size_t tag_len,
			    const char *name, size_t len, uint64_t h)
{
	size_t j;

	if (!filter_may_have(kind, h))
		return NULL;
	for (j = h & (keys_size - 1); by_key[j].off;
	     j = (j + 1) & (keys_size - 1))
		if (by_key[j].tag == (uint32_t)(h >> 32) &&
		    !cmp_line(kind, tag, tag_len, name, len,
			      atlas_blob + by_key[j].off))
			return atlas_blob + by_key[j].off;
	return NULL;
}

/* The fact line of a key, or NULL. */
static const char *find(char kind, const char *tag, size_t tag_len,
			const char *name, size_t len)
{
	if (atlas_load())
		return NULL;
	return find_key(kind, tag, tag_len, name, len,
			hash_key(kind, tag, tag_len, name, len));
}

/* "a-e,g" as a mask; the end of the ranges in *end. */
static uint32_t parse_ranges(const char *p, const char **end)
{
	uint32_t mask = 0;

	while (*p >= 'a' && *p <= 'z') {
		int lo = *p - 'a', hi = lo, k;

		p++;
		if (*p == '-' && p[1] >= 'a' && p[1] <= 'z') {
			hi = p[1] - 'a';
			p += 2;
		}
		for (k = lo; k <= hi; k++)
			mask |= 1u << k;
		if (*p != ',')
			break;
		p++;
	}
	*end = p;
	return mask;
}

/* The value field of a fact line. */
static const char *line_value(const char *l)
{
	size_t len;
	const char *name = line_name(l, &len);

	return name + len + 1;
}

uint32_t atlas_mask(char kind, const char *tag, size_t tag_len,
		    const char *name, size_t len)
{
	const char *l = find(kind, tag ? tag : "", tag ? tag_len : 0, name,
			     len);

	return l ? parse_ranges(line_value(l), &l) : 0;
}

/* atlas_arch() of the line l (or NULL). */
static uint32_t arch_of(const char *l, const char **arches,
			size_t *arches_len)
{
	const char *end;
	uint32_t mask;

	if (!l)
		return 0;
	mask = parse_ranges(line_value(l), &end);
	if (*end != '\t')
		return 0;
	*arches = end + 1;
	*arches_len = strcspn(end + 1, "\n");
	return mask;
}

uint32_t atlas_arch(char kind, const char *name, size_t len,
		    const char **arches, size_t *arches_len)
{
	return arch_of(find(kind, "", 0, name, len), arches, arches_len);
}

uint32_t atlas_arch_span(char kind, const char *name, size_t len,
			 uint64_t span, const char **arches,
			 size_t *arches_len)
{
	/* hash_key() with no tag: hash_span() of no bytes is 0 */
	if (loaded != 1 && atlas_load())
		return 0;
	return arch_of(find_key(kind, "", 0, name, len,
				span * 7 + (unsigned char)kind),
		       arches, arches_len);
}

#define ATLAS_FOLDERS 64

bool atlas_header_folder(const char *dir, size_t len)
{
	static struct { const char *s; size_t len; } folder[ATLAS_FOLDERS];
	static size_t nr_folders;
	static bool made;
	size_t i, k, n;

	if (!made) {	/* the first folder of every h line, once */
		made = true;
		for (i = 0; !atlas_load() && i < nr_lines; i++) {
			const char *p = line_at(i) + 2;

			if (line_at(i)[0] != ATLAS_HEADER ||
			    (n = strcspn(p, "/\t\n")) == field_len(p))
				continue;
			for (k = 0; k < nr_folders; k++)
				if (folder[k].len == n && !memcmp(folder[k].s, p, n))
					break;
			if (k == nr_folders && nr_folders < ATLAS_FOLDERS) {
				folder[nr_folders].s = p;
				folder[nr_folders++].len = n;
			}
		}
		if (nr_folders == ATLAS_FOLDERS)
			nr_folders = 0;	/* more than kept: say yes to all */
	}
	if (!nr_folders)
		return true;
	for (k = 0; k < nr_folders; k++)
		if (folder[k].len == len && !memcmp(folder[k].s, dir, len))
			return true;
	return false;
}

bool atlas_has(char kind, const char *name, size_t len)
{
	return find(kind, "", 0, name, len) != NULL;
}

bool atlas_drops(const char *macro, size_t len, unsigned int arg,
		 uint32_t target)
{
	char n[16];
	unsigned int k;
	uint32_t m;

	if (!target)
		return false;
	snprintf(n, sizeof(n), "%u", arg);
	m = atlas_mask(ATLAS_DROPPED, macro, len, n, strlen(n));
	for (k = arg + 1; (m & target) != target && k-- > 0;) {
		snprintf(n, sizeof(n), "%u+", k);	/* the variadic one */
		m = atlas_mask(ATLAS_DROPPED, macro, len, n, strlen(n));
		if (m)
			break;
	}
	return (m & target) == target;
}

/* The releases that have the i line l's name as one of the kinds of want. */
static uint32_t line_kinds(const char *l, const char *want)
{
	const char *p;
	uint32_t all, mask = 0;

	all = parse_ranges(line_value(l), &p);
	while (*p == '\t' || *p == ' ') {
		char kind = *++p;
		uint32_t m = all;

		p++;
		if (*p == ':')
			m = parse_ranges(p + 1, &p);
		if (kind && strchr(want, kind))
			mask |= m;
	}
	return mask;
}

uint32_t atlas_ident_kinds(const char *name, size_t len, const char *want)
{
	const char *l = find(ATLAS_IDENT, "", 0, name, len);

	return l ? line_kinds(l, want) : 0;
}

/* "2,3+,?" as an arity set. */
static uint32_t parse_arity(const char *p, const char **end)
{
	uint32_t set = 0;

	for (;;) {
		if (*p == '?') {
			set |= ATLAS_ARITY_UNKNOWN_BIT;
			p++;
		} else if (*p >= '0' && *p <= '9') {
			char *e;
			unsigned long n = strtoul(p, &e, 10);

			p = e;
			if (n > ATLAS_ARITY_EXACT_MAX)
				n = ATLAS_ARITY_EXACT_MAX;
			if (*p == '+') {
				set |= 1u << (ATLAS_ARITY_VARIADIC_SHIFT + n);
				p++;
			} else {
				set |= 1u << n;
			}
		}
		if (*p != ',')
			break;
		p++;
	}
	*end = p;
	return set;
}

/* The arity sets per release of the value of an A line. */
static void line_arity(const char *p, uint32_t sets[ATLAS_MAX_RELEASES])
{
	unsigned int k;

	memset(sets, 0, ATLAS_MAX_RELEASES * sizeof(*sets));
	while (*p && *p != '\n') {
		uint32_t set = parse_arity(p, &p), mask;

		if (*p++ != ':')
			break;
		mask = parse_ranges(p, &p);
		for (k = 0; k < ATLAS_MAX_RELEASES; k++)
			if (mask & (1u << k))
				sets[k] = set;
		if (*p != ' ')
			break;
		p++;
	}
}

bool atlas_arity(const char *name, size_t len,
		 uint32_t sets[ATLAS_MAX_RELEASES])
{
	const char *p = find(ATLAS_ARITY, "", 0, name, len);

	if (!p)
		return false;
	line_arity(line_value(p), sets);
	return true;
}

bool atlas_knows(const char *s, size_t len)
{
	if (!loaded && atlas_load())
		return false;
	return loaded > 0 && names_has(hash_name(s, len));
}

/* The signatures of an S or F line, per release. */
static void line_sigs(const char *p, struct atlas_sig sigs[ATLAS_MAX_RELEASES])
{
	const char *colon, *end;
	unsigned int k;

	memset(sigs, 0, ATLAS_MAX_RELEASES * sizeof(*sigs));
	for (p = line_value(p); *p && *p != '\n';) {
		size_t n = strcspn(p, ";\n");
		uint32_t mask;

		for (colon = p + n; colon > p && *colon != ':'; colon--)
			;
		if (colon == p)
			break;
		mask = parse_ranges(colon + 1, &end);
		for (k = 0; k < ATLAS_MAX_RELEASES; k++)
			if (mask & (1u << k)) {
				sigs[k].text = p;
				sigs[k].len = (size_t)(colon - p);
			}
		p += n;
		if (*p != ';')
			break;
		p++;
	}
}

bool atlas_method(const char *tag, size_t tag_len, const char *name,
		  size_t len, struct atlas_sig sigs[ATLAS_MAX_RELEASES])
{
	const char *p = find(ATLAS_METHOD, tag, tag_len, name, len);

	if (!p)
		return false;
	if (sigs)
		line_sigs(p, sigs);
	return true;
}

bool atlas_func_sig(const char *name, size_t len,
		    struct atlas_sig sigs[ATLAS_MAX_RELEASES])
{
	const char *p = find(ATLAS_FUNC_SIG, "", 0, name, len);

	if (!p)
		return false;
	line_sigs(p, sigs);
	return true;
}

/*
 * Does parameter pos of signature a take a struct, and b another one
 * there?
 */
static bool struct_differs_at(const char *a, size_t alen, const char *b,
			      size_t blen, unsigned int pos)
{
	const char *ta, *tb;
	size_t na = atlas_sig_struct(a, alen, pos, &ta);
	size_t nb = atlas_sig_struct(b, blen, pos, &tb);

	return na && nb && (na != nb || memcmp(ta, tb, na));
}

/* struct_differs_at() of two signatures with the same number of parameters */
bool atlas_sig_struct_differs(const struct atlas_sig *a,
			      const struct atlas_sig *b, unsigned int pos)
{
	return a->text && b->text &&
	       atlas_sig_arity(a->text, a->len) ==
	       atlas_sig_arity(b->text, b->len) &&
	       struct_differs_at(a->text, a->len, b->text, b->len, pos);
}

/* One signature of an F line and the releases that have it. */
struct sig_seg {
	const char *text;
	size_t len;
	uint32_t mask;
	unsigned int arity;
};

/* The signatures of F line l, each once (line_sigs() per release). */
static unsigned int line_segs(const char *l, struct sig_seg *seg)
{
	struct atlas_sig sigs[ATLAS_MAX_RELEASES];
	unsigned int t, n = 0;

	line_sigs(l, sigs);
	for (t = 0; t < nr_rel; t++) {
		if (!sigs[t].text)
			continue;
		if (n && seg[n - 1].text == sigs[t].text) {
			seg[n - 1].mask |= 1u << t;
			continue;
		}
		seg[n] = (struct sig_seg){ sigs[t].text, sigs[t].len, 1u << t,
				atlas_sig_arity(sigs[t].text, sigs[t].len) };
		n++;
	}
	return n;
}

/*
 * Does a release of target take another struct at a parameter of F line
 * l than an earlier release did?  Asked of each pair of its signatures
 * once: a release t of target with signature b, an earlier k with a.
 */
static bool struct_changes(const char *l, uint32_t target)
{
	struct sig_seg seg[ATLAS_MAX_RELEASES];
	unsigned int nr = line_segs(l, seg), a, b, pos, top;

	for (b = 0; b < nr; b++) {
		uint32_t in = seg[b].mask & target;

		if (!in)
			continue;
		for (top = 31; !(in & (1u << top)); top--)
			;
		for (a = 0; a < nr; a++) {
			if (a == b || !(seg[a].mask & ((1u << top) - 1)) ||
			    seg[a].arity != seg[b].arity ||
			    (seg[a].len == seg[b].len &&
			     !memcmp(seg[a].text, seg[b].text, seg[b].len)))
				continue;	/* the same text differs nowhere */
			for (pos = 0; pos < seg[b].arity; pos++)
				if (struct_differs_at(seg[b].text, seg[b].len,
						      seg[a].text, seg[a].len,
						      pos))
					return true;
		}
	}
	return false;
}

/*
 * Some release of target lacks what mask has, after an earlier release
 * had it.
 */
static bool has_hole(uint32_t mask, uint32_t target)
{
	uint32_t first = mask & -mask;	/* the first release that had it */

	/* a release of target after it, without it */
	return mask && (target & ~mask & ~(first | (first - 1)));
}

/* Some release of target takes another arity set than an earlier one. */
static bool arity_changes(const char *l, uint32_t target)
{
	uint32_t sets[ATLAS_MAX_RELEASES];
	unsigned int t, k;

	line_arity(line_value(l), sets);
	for (t = 0; t < nr_rel; t++)
		for (k = 0; (target & (1u << t)) && sets[t] && k < t; k++)
			if (sets[k] && sets[k] != sets[t])
				return true;
	return false;
}

/*
 * The uses for which fact line l can make a finding of the gone family
 * within target (bit u: enum atlas_use u): where the releases it has
 * have a hole in the target, or its arity changes there.
 */
static unsigned int line_gone(size_t i, uint32_t target)
{
	const char *l = line_at(i);
	uint32_t mask = line_mask[i];	/* parse_ranges(line_value(l)) */

	switch (l[0]) {
	case ATLAS_IDENT:
		return (has_hole(mask, target) ? 1u << ATLAS_USE_NAME : 0) |
		       (has_hole(line_dmask[i], target) ?
			1u << ATLAS_USE_MEMBER | 1u << ATLAS_USE_ANY_MEMBER : 0);
	case ATLAS_EXPORT:
	case ATLAS_TAG:
		return has_hole(mask, target) ? 1u << ATLAS_USE_NAME : 0;
	case ATLAS_MEMBER:
		return has_hole(mask, target) ? 1u << ATLAS_USE_MEMBER : 0;
	case ATLAS_ANY_MEMBER:
		return has_hole(mask, target) ? 1u << ATLAS_USE_ANY_MEMBER : 0;
	case ATLAS_NUM_MACRO:	/* the name is its tag: make_gone() */
		return has_hole(mask, target) ? 1u << ATLAS_USE_NAME : 0;
	case ATLAS_HEADER:
		return has_hole(mask, target) ? 1u << ATLAS_USE_HEADER : 0;
	case ATLAS_ARITY:
		return arity_changes(l, target) ? 1u << ATLAS_USE_NAME : 0;
	case ATLAS_FUNC_SIG:
		return struct_changes(l, target) ? 1u << ATLAS_USE_NAME : 0;
	default:
		return 0;
	}
}

/*
 * The names of line_gone()'s lines for one target, made on first use:
 * each name's hash with its use, in a table and, in front of it, a bitmap
 * (16 bits a name) that answers most names - those of no such line - at
 * once.  A name of the atlas only: the engine asks for every identifier.
 */
static uint64_t *gone;
static size_t gone_size;
static struct atlas_gone_set gone_set;	/* the two, as atlas.h reads them */
/* Its '.' lines, by their tag's hash (atlas_gone_members()). */
static struct atlas_gone_member *gone_pairs;
static size_t nr_gone_pairs;
static uint64_t *gone_bits;
static size_t gone_nr_bits;	/* a power of two */
/*
 * The gone set's filters of names (atlas.h): [ATLAS_SPANS_ANY],
 * [ATLAS_SPANS_NAME], [ATLAS_SPANS_MEMBER] and [ATLAS_SPANS_ANY_MEMBER],
 * each its own size (a power of two of words).
 */
static uint64_t *span_bits[NR_ATLAS_SPANS];
static size_t span_nr_words[NR_ATLAS_SPANS];

/*
 * The set's own hash of name s[0..len) as used so.  (A name that shares
 * it with one of the set is a rare extra hit, which the family's lookups,
 * by spelling, dismiss.)
 */

static int cmp_pair(const void *a, const void *b)
{
	const struct atlas_gone_member *x = a, *y = b;

	if (x->tag != y->tag)
		return x->tag < y->tag ? -1 : 1;
	return (x->member > y->member) - (x->member < y->member);
}

/* The '.' lines of of[] (line_gone()'s answers), sorted by tag. */
static int make_pairs(const unsigned char *of)
{
	size_t i, n = 0;

	for (i = 0; i < nr_lines; i++)
		n += line_at(i)[0] == ATLAS_MEMBER &&
		     (of[i] & (1u << ATLAS_USE_MEMBER));
	free(gone_pairs);
	nr_gone_pairs = 0;
	gone_pairs = malloc((n ? n : 1) * sizeof(*gone_pairs));
	if (!gone_pairs)
		return -ENOMEM;
	for (i = 0; i < nr_lines; i++) {
		const char *l = line_at(i), *name;
		size_t len;

		if (l[0] != ATLAS_MEMBER || !(of[i] & (1u << ATLAS_USE_MEMBER)))
			continue;
		name = line_name(l, &len);
		gone_pairs[nr_gone_pairs++] = (struct atlas_gone_member){
			.tag = hashset_key(l + 2, field_len(l + 2)),
			.member = hashset_key(name, len),
		};
	}
	qsort(gone_pairs, nr_gone_pairs, sizeof(*gone_pairs), cmp_pair);
	return 0;
}

/*
 * The filters (bit f: span_bits[f]) that a name gone within the target
 * in uses (bit u: enum atlas_use u) goes in.
 */
static unsigned int spans_of_uses(unsigned int uses)
{
	return (uses != 0) << ATLAS_SPANS_ANY |
	       ((uses >> ATLAS_USE_NAME) & 1) << ATLAS_SPANS_NAME |
	       ((uses >> ATLAS_USE_MEMBER) & 1) << ATLAS_SPANS_MEMBER |
	       ((uses >> ATLAS_USE_ANY_MEMBER) & 1) << ATLAS_SPANS_ANY_MEMBER;
}

/* The filters of a function only other arches declare: the first three. */
#define ARCH_FUNC_SPANS						\
	(1u << ATLAS_SPANS_ANY | 1u << ATLAS_SPANS_NAME |	\
	 1u << ATLAS_SPANS_MEMBER)

/*
 * The filters line i, gone so (spans_of_uses()), puts a name in: a
 * function only other arches declare (an o line) in all, whatever its
 * uses.
 */
static unsigned int spans_of_line(size_t i, unsigned int uses)
{
	if (line_at(i)[0] == ATLAS_ARCH_FUNC)
		return ARCH_FUNC_SPANS;
	return spans_of_uses(uses);
}

static int make_gone(uint32_t target)
{
	size_t i, nr = 0, len;
	unsigned int uses, u;
	unsigned char *of = malloc(nr_lines ? nr_lines : 1);
	size_t in[NR_ATLAS_SPANS] = { 0 };
	unsigned int f, fs;

	free(gone);
	free(gone_bits);
	gone = gone_bits = NULL;
	for (f = 0; f < NR_ATLAS_SPANS; f++) {
		free(span_bits[f]);
		span_bits[f] = NULL;
	}
	gone_set = (struct atlas_gone_set){ .target = target };
	if (!of)
		return -ENOMEM;
	for (i = 0; i < nr_lines; i++) {	/* each line asked once */
		of[i] = (unsigned char)line_gone(i, target);
		nr += of[i] != 0;
		for (f = 0; f < NR_ATLAS_SPANS; f++)
			in[f] += (spans_of_line(i, of[i]) >> f) & 1;
	}
	for (gone_size = 1024; gone_size < 2 * nr; gone_size *= 2)
		;
	gone_nr_bits = 8 * gone_size;
	gone = calloc(gone_size, sizeof(*gone));
	gone_bits = calloc(gone_nr_bits / 64, sizeof(*gone_bits));
	/* 8 to 16 bits a name, two set: one wrong answer in 20 to 70. */
	for (f = 0; f < NR_ATLAS_SPANS; f++) {
		for (span_nr_words[f] = 64; 64 * span_nr_words[f] < 8 * in[f];)
			span_nr_words[f] *= 2;
		span_bits[f] = calloc(span_nr_words[f], sizeof(*span_bits[f]));
	}
	for (f = 0; f < NR_ATLAS_SPANS; f++)
		if (!span_bits[f])
			break;
	if (!gone || !gone_bits || f < NR_ATLAS_SPANS) {
		free(of);
		return -ENOMEM;
	}
	if (make_pairs(of)) {
		free(of);
		return -ENOMEM;
	}
	for (i = 0; i < nr_lines; i++) {
		uses = of[i];
		for (u = 0; uses && u < NR_ATLAS_USES; u++) {
			uint64_t h = atlas_use_hash(line_gone_hash[i],
						   (enum atlas_use)u);

			if (!(uses & (1u << u)))
				continue;
			names_add(gone, gone_size, h);
			bitmap_set(gone_bits, gone_nr_bits - 1, h);
		}
		fs = spans_of_uses(of[i]);
		for (f = 0; f < NR_ATLAS_SPANS; f++)
			if ((fs >> f) & 1)
				span_bloom_set(span_bits[f], span_nr_words[f] - 1,
					       line_gone_hash[i]);
		if (line_at(i)[0] == ATLAS_ARCH_FUNC) {
			const char *name = line_name(line_at(i), &len);
			uint64_t h = hash_span(name, len);

			for (f = 0; f < NR_ATLAS_SPANS; f++)
				if ((ARCH_FUNC_SPANS >> f) & 1)
					span_bloom_set(span_bits[f],
						       span_nr_words[f] - 1, h);
		}
	}
	free(of);
	gone_set = (struct atlas_gone_set){
		.target = target,
		.bits = gone_bits, .bits_mask = gone_nr_bits - 1,
		.names = gone, .names_mask = gone_size - 1,
	};
	for (f = 0; f < NR_ATLAS_SPANS; f++) {
		gone_set.spans[f] = span_bits[f];
		gone_set.spans_mask[f] = span_nr_words[f] - 1;
	}
	return 0;
}

/* The atlas read and the gone set made for target: false if they cannot be. */
static bool gone_ready(uint32_t target)
{
	if (!loaded && atlas_load())
		return false;
	return loaded >= 0 &&
	       ((gone_set.names && gone_set.target == target) ||
		!make_gone(target));
}

bool atlas_may_be_gone(uint32_t target, enum atlas_use use, const char *s,
		       size_t len)
{
	return gone_ready(target) &&
	       atlas_gone_set_has(&gone_set, use, hash_span(s, len));
}

const struct atlas_gone_set *atlas_gone_set(uint32_t target)
{
	return gone_ready(target) ? &gone_set : NULL;
}

/*
 * The first pair of tag hash h in gone_pairs, sorted by tag (its place
 * when none has it).
 */
static size_t first_pair(uint64_t h)
{
	size_t lo = 0, hi = nr_gone_pairs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (gone_pairs[mid].tag < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t atlas_gone_members(uint32_t target, const char *tag, size_t len,
			  const struct atlas_gone_member **first)
{
	uint64_t h = hashset_key(tag, len);
	size_t k, n;

	*first = NULL;
	if (!gone_ready(target))
		return 0;
	k = first_pair(h);
	for (n = 0; k + n < nr_gone_pairs && gone_pairs[k + n].tag == h; n++)
		;
	*first = gone_pairs + k;
	return n;
}
