// SPDX-License-Identifier: GPL-2.0
/*
 * atlas.c: the embedded atlas (atlas.h).  Its lines are sorted by kind,
 * tag and name, so a fact is found by binary search over an index of line
 * starts; a set of name hashes answers the rule engine's "is this a name
 * the atlas knows?" for every identifier of a file in one probe.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atlas.h"
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

static const char **line;	/* the fact lines, in order */
static size_t nr_lines;
/*
 * The lines, hashed by kind, tag and name; each slot keeps the key's hash,
 * so that a probe that is not the key reads no line (most names asked of
 * are none of the atlas's: a driver's own).
 */
struct key_slot {
	uint64_t hash;
	const char *line;
};

static struct key_slot *by_key;
static size_t keys_size;

/*
 * A filter of each kind's keys, 8 bits a key: most questions are for a
 * name the atlas lacks, answered by a bit of a small array instead of a
 * probe of the large table.
 */
struct key_filter {
	uint64_t *bits;
	size_t mask;	/* its bits less one (a power of two less one) */
};

static struct key_filter filter[256];

static inline bool filter_may_have(char kind, uint64_t h)
{
	const struct key_filter *f = &filter[(unsigned char)kind];
	size_t b = (size_t)(h >> 32) & f->mask;

	return f->bits && (f->bits[b / 64] & (1ull << (b % 64)));
}
static uint64_t *names;		/* hashes of the names wants() knows */
static size_t names_size;
static char rel_names[ATLAS_MAX_RELEASES][ATLAS_RELEASE_LEN];
static unsigned int rel_kv[ATLAS_MAX_RELEASES];
static unsigned int nr_rel;
static int loaded;		/* 0 not yet, 1 loaded, -errno failed */

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

static int read_releases(const char *p, const char *eol)
{
	for (p += strlen("releases"); p < eol;) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, " \n");
		if (!n)
			break;
		if (nr_rel == ATLAS_MAX_RELEASES || n >= ATLAS_RELEASE_LEN)
			return -EINVAL;
		memcpy(rel_names[nr_rel], p, n);
		rel_names[nr_rel][n] = 0;
		rel_kv[nr_rel] = (unsigned int)kernel_version(rel_names[nr_rel]);
		nr_rel++;
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

/* The name field of a fact line (the member for '.'), and its length. */
static const char *line_name(const char *l, size_t *len)
{
	const char *p = l + 2;

	if (tagged(l[0]))
		p += strcspn(p, "\t") + 1;
	*len = strcspn(p, "\t\n");
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

/* Index the lines; hash the names an identifier or header can match. */
static int read_blob(void)
{
	const char *p = atlas_blob, *end = atlas_blob_end, *eol;
	size_t n = 0;
	uint64_t h;

	for (eol = p; eol < end; eol++)
		n += *eol == '\n';
	line = malloc((n + 1) * sizeof(*line));
	for (names_size = 1024; names_size < 2 * n; names_size *= 2)
		;
	names = calloc(names_size, sizeof(*names));
	if (!line || !names)
		return -ENOMEM;
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (*p == '#' || p == eol)
			continue;
		if (!strncmp(p, "releases ", 9)) {
			if (read_releases(p, eol))
				return -EINVAL;
			continue;
		}
		if (eol - p < 4 || p[1] != '\t')
			return -EINVAL;
		line[nr_lines++] = p;
		h = line_hash(p);
		if (h)
			names_add(names, names_size, h);
		else if (p[0] == ATLAS_HEADER)
			return -EINVAL;
	}
	return 0;
}

static int index_keys(void);

int atlas_load(void)
{
	if (!loaded)
		loaded = read_blob() || index_keys() ? -EINVAL : 1;
	if (loaded == -EINVAL && !line)
		loaded = -ENOMEM;
	return loaded < 0 ? loaded : 0;
}

unsigned int atlas_nr_releases(void)
{
	return atlas_load() ? 0 : nr_rel;
}

const char *atlas_release_name(unsigned int k)
{
	return k < nr_rel ? rel_names[k] : "?";
}

unsigned int atlas_release_kv(unsigned int k)
{
	return k < nr_rel ? rel_kv[k] : 0;
}

/* strcmp of s[0..n) and t[0..m). */
static int cmp_span(const char *s, size_t n, const char *t, size_t m)
{
	int c = memcmp(s, t, n < m ? n : m);

	return c ? c : (n > m) - (n < m);
}

/* The length of the field at f (up to a tab or the line's end). */
static inline size_t field_len(const char *f)
{
	const char *p = f;

	while (*p != '\t' && *p != '\n' && *p)
		p++;
	return (size_t)(p - f);
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

/* Room for each kind's filter: 8 bits or more a line of the kind. */
static int make_filters(void)
{
	size_t count[256] = { 0 }, i, k, bits;

	for (i = 0; i < nr_lines; i++)
		count[(unsigned char)line[i][0]]++;
	for (k = 0; k < 256; k++) {
		if (!count[k])
			continue;
		for (bits = 64; bits < 8 * count[k]; bits *= 2)
			;
		filter[k].bits = calloc(bits / 64, sizeof(uint64_t));
		if (!filter[k].bits)
			return -ENOMEM;
		filter[k].mask = bits - 1;
	}
	return 0;
}

static void filter_add(char kind, uint64_t h)
{
	size_t b = (size_t)(h >> 32) & filter[(unsigned char)kind].mask;

	filter[(unsigned char)kind].bits[b / 64] |= 1ull << (b % 64);
}

/* Hash every line by its key (once, after the blob is read). */
static int index_keys(void)
{
	size_t i, j, tag_len, len;

	for (keys_size = 1024; keys_size < 2 * nr_lines; keys_size *= 2)
		;
	by_key = calloc(keys_size, sizeof(*by_key));
	if (!by_key || make_filters())
		return -ENOMEM;
	for (i = 0; i < nr_lines; i++) {
		const char *l = line[i], *tag = l + 2;
		const char *name = line_name(l, &len);

		tag_len = tagged(l[0]) ? field_len(tag) : 0;
		uint64_t h = hash_key(l[0], tag, tag_len, name, len);

		for (j = h & (keys_size - 1); by_key[j].line;
		     j = (j + 1) & (keys_size - 1))
			;
		by_key[j] = (struct key_slot){ h, l };
		filter_add(l[0], h);
	}
	return 0;
}

/* The fact line of a key, or NULL. */
static const char *find(char kind, const char *tag, size_t tag_len,
			const char *name, size_t len)
{
	uint64_t h;
	size_t j;

	if (atlas_load())
		return NULL;
	h = hash_key(kind, tag, tag_len, name, len);
	if (!filter_may_have(kind, h))
		return NULL;
	for (j = h & (keys_size - 1); by_key[j].line;
	     j = (j + 1) & (keys_size - 1))
		if (by_key[j].hash == h &&
		    !cmp_line(kind, tag, tag_len, name, len, by_key[j].line))
			return by_key[j].line;
	return NULL;
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

uint32_t atlas_arch(char kind, const char *name, size_t len,
		    const char **arches, size_t *arches_len)
{
	const char *l = find(kind, "", 0, name, len), *end;
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
			const char *p = line[i] + 2;

			if (line[i][0] != ATLAS_HEADER ||
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
 * there (the same number of parameters)?
 */
bool atlas_sig_struct_differs(const struct atlas_sig *a,
			      const struct atlas_sig *b, unsigned int pos)
{
	const char *ta, *tb;
	size_t na, nb;

	if (!a->text || !b->text ||
	    atlas_sig_arity(a->text, a->len) != atlas_sig_arity(b->text, b->len))
		return false;
	na = atlas_sig_struct(a->text, a->len, pos, &ta);
	nb = atlas_sig_struct(b->text, b->len, pos, &tb);
	return na && nb && (na != nb || memcmp(ta, tb, na));
}

/*
 * Does a release of target take another struct at a parameter of F line
 * l than an earlier release did?
 */
static bool struct_changes(const char *l, uint32_t target)
{
	struct atlas_sig sigs[ATLAS_MAX_RELEASES];
	unsigned int t, k, pos, arity[ATLAS_MAX_RELEASES];
	const char *ta, *tb;
	size_t na, nb;

	line_sigs(l, sigs);
	for (t = 0; t < nr_rel; t++)	/* once a release: it walks the text */
		arity[t] = sigs[t].text ?
			   atlas_sig_arity(sigs[t].text, sigs[t].len) : 0;
	for (t = 0; t < nr_rel; t++) {
		if (!(target & (1u << t)) || !sigs[t].text)
			continue;
		for (k = 0; k < t; k++) {
			if (!sigs[k].text || arity[k] != arity[t] ||
			    (sigs[k].len == sigs[t].len &&
			     !memcmp(sigs[k].text, sigs[t].text, sigs[t].len)))
				continue;	/* the same text differs nowhere */
			for (pos = 0; pos < arity[t]; pos++) {
				na = atlas_sig_struct(sigs[t].text, sigs[t].len,
						      pos, &ta);
				nb = atlas_sig_struct(sigs[k].text, sigs[k].len,
						      pos, &tb);
				if (na && nb && (na != nb || memcmp(ta, tb, na)))
					return true;	/* atlas_sig_struct_differs() */
			}
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
	unsigned int t;

	for (t = 0; t < nr_rel; t++)
		if ((target & (1u << t)) && !(mask & (1u << t)) &&
		    (mask & ((1u << t) - 1)))
			return true;
	return false;
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
static unsigned int line_gone(const char *l, uint32_t target)
{
	const char *end;

	switch (l[0]) {
	case ATLAS_IDENT:
		return (has_hole(parse_ranges(line_value(l), &end), target) ?
			1u << ATLAS_USE_NAME : 0) |
		       (has_hole(line_kinds(l, "d"), target) ?
			1u << ATLAS_USE_MEMBER : 0);
	case ATLAS_EXPORT:
	case ATLAS_TAG:
		return has_hole(parse_ranges(line_value(l), &end), target) ?
		       1u << ATLAS_USE_NAME : 0;
	case ATLAS_MEMBER:
		return has_hole(parse_ranges(line_value(l), &end), target) ?
		       1u << ATLAS_USE_MEMBER : 0;
	case ATLAS_NUM_MACRO:	/* the name is its tag: make_gone() */
		return has_hole(parse_ranges(line_value(l), &end), target) ?
		       1u << ATLAS_USE_NAME : 0;
	case ATLAS_HEADER:
		return has_hole(parse_ranges(line_value(l), &end), target) ?
		       1u << ATLAS_USE_HEADER : 0;
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
static uint64_t *gone_bits;
static size_t gone_nr_bits;	/* a power of two */
static uint32_t gone_target;

/*
 * The set's own hash of name s[0..len) as used so.  (A name that shares
 * it with one of the set is a rare extra hit, which the family's lookups,
 * by spelling, dismiss.)
 */
static uint64_t use_hash(const char *s, size_t len, enum atlas_use use)
{
	return (hash_span(s, len) + use * 0x9e3779b97f4a7c15ull) | 1;
}

static size_t bit_of(uint64_t h)
{
	return (size_t)(h >> 32) & (gone_nr_bits - 1);
}

static int make_gone(uint32_t target)
{
	size_t i, len, nr = 0;
	unsigned int uses, u;
	const char *name;
	char hdr[4096];

	unsigned char *of = malloc(nr_lines ? nr_lines : 1);

	free(gone);
	free(gone_bits);
	gone_target = target;
	if (!of)
		return -ENOMEM;
	for (i = 0; i < nr_lines; i++) {	/* each line asked once */
		of[i] = (unsigned char)line_gone(line[i], target);
		nr += of[i] != 0;
	}
	for (gone_size = 1024; gone_size < 2 * nr; gone_size *= 2)
		;
	gone_nr_bits = 8 * gone_size;
	gone = calloc(gone_size, sizeof(*gone));
	gone_bits = calloc(gone_nr_bits / 64, sizeof(*gone_bits));
	if (!gone || !gone_bits) {
		free(of);
		return -ENOMEM;
	}
	for (i = 0; i < nr_lines; i++) {
		uses = of[i];
		if (!uses)
			continue;
		name = line_name(line[i], &len);
		if (line[i][0] == ATLAS_NUM_MACRO) {	/* the macro, its tag */
			name = line[i] + 2;
			len = field_len(name);
		}
		if (line[i][0] == ATLAS_HEADER) {	/* as "<path>" */
			if (len + 3 > sizeof(hdr))
				continue;
			snprintf(hdr, sizeof(hdr), "<%.*s>", (int)len, name);
			name = hdr;
			len += 2;
		}
		for (u = 0; u < NR_ATLAS_USES; u++) {
			uint64_t h = use_hash(name, len, (enum atlas_use)u);

			if (!(uses & (1u << u)))
				continue;
			names_add(gone, gone_size, h);
			gone_bits[bit_of(h) / 64] |= 1ull << (bit_of(h) % 64);
		}
	}
	free(of);
	return 0;
}

bool atlas_may_be_gone(uint32_t target, enum atlas_use use, const char *s,
		       size_t len)
{
	uint64_t h;
	size_t b;

	if (!loaded && atlas_load())
		return false;
	if (loaded < 0 || ((!gone || target != gone_target) && make_gone(target)))
		return false;
	h = use_hash(s, len, use);
	b = bit_of(h);
	return (gone_bits[b / 64] & (1ull << (b % 64))) &&
	       names_in(gone, gone_size, h);
}
