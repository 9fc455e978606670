// SPDX-License-Identifier: GPL-2.0
/* brings.c: the table of brings.def (brings.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brings.h"
#include "ruletab.h"

struct brings_row {
	const char *rel, *hdr, *by;
};

static const char all_old[] =
#define BRINGS_ALL(list) list;
#define BRINGS(rel, hdr, list)
#include "brings.def"
#undef BRINGS
#undef BRINGS_ALL
;

static const struct brings_row rows[] = {
#define BRINGS_ALL(list)
#define BRINGS(rel, hdr, list) { rel, hdr, list },
#include "brings.def"
#undef BRINGS
#undef BRINGS_ALL
};

#define NR_ROWS (sizeof(rows) / sizeof(rows[0]))

/*
 * The words of the lists (all_old: list 0, row i's: list i + 1), hashed
 * once with their list, so that a question costs one probe and not a walk
 * over a list of hundreds of headers.
 */
struct word {
	const char *s;		/* NULL: a free slot */
	size_t len;
	size_t list;
};

static struct word *words;
static size_t words_size;

static size_t word_hash(size_t list, const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull ^ list;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return (size_t)(h ^ (h >> 29));
}

static struct word *word_slot(size_t list, const char *s, size_t len)
{
	size_t j = word_hash(list, s, len) & (words_size - 1);

	while (words[j].s && (words[j].list != list || words[j].len != len ||
			      memcmp(words[j].s, s, len)))
		j = (j + 1) & (words_size - 1);
	return &words[j];
}

static const char *list_of(size_t list)
{
	return list ? rows[list - 1].by : all_old;
}

/* Hash every word of every list; false: no memory (then walk the lists). */
static bool hash_words(void)
{
	size_t list, n = 0;
	const char *p, *end;

	for (list = 0; list <= NR_ROWS; list++)
		for (p = list_of(list); *p; p++)
			n += *p == ' ';
	for (words_size = 1024; words_size < 2 * (n + NR_ROWS + 1);)
		words_size *= 2;
	words = calloc(words_size, sizeof(*words));
	if (!words)
		return false;
	for (list = 0; list <= NR_ROWS; list++)
		for (p = list_of(list); *p; p = *end ? end + 1 : end) {
			struct word *w;

			end = strchr(p, ' ');
			if (!end)
				end = p + strlen(p);
			if (end == p)
				continue;
			w = word_slot(list, p, (size_t)(end - p));
			*w = (struct word){ p, (size_t)(end - p), list };
		}
	return true;
}

/* Is name[0..len) a word of the space-separated list? */
static bool in_list(size_t list, const char *name, size_t len)
{
	static int hashed;	/* 0 not yet, 1 yes, -1 no memory */
	const char *p, *end;

	if (!hashed)
		hashed = hash_words() ? 1 : -1;
	if (!len)
		return false;
	if (hashed > 0)
		return word_slot(list, name, len)->s != NULL;
	for (p = list_of(list); *p; p = *end ? end + 1 : end) {
		end = strchr(p, ' ');
		if (!end)
			end = p + strlen(p);
		if ((size_t)(end - p) == len && !memcmp(p, name, len))
			return true;
	}
	return false;
}

bool brings_old_header(const char *name, size_t len)
{
	return in_list(0, name, len);
}

bool brings_release(size_t k, kv_code *kv, const char **name)
{
	size_t i, n = 0;

	for (i = 0; i < NR_ROWS; i++) {
		if (i && !strcmp(rows[i].rel, rows[i - 1].rel))
			continue;
		if (n++ != k)
			continue;
		*name = rows[i].rel;
		*kv = (kv_code)kernel_version(rows[i].rel);
		return true;
	}
	return false;
}

bool brings(const char *rel, const char *hdr, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		if (!strcmp(rows[i].rel, rel) && !strcmp(rows[i].hdr, hdr))
			return in_list(i + 1, name, len);
	return false;
}

bool brings_known(const char *hdr)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		if (!strcmp(rows[i].hdr, hdr))
			return true;
	return false;
}
