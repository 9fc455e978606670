// SPDX-License-Identifier: GPL-2.0
/* What a local header can name, kept for the run (hdrsum.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hashspan.h"
#include "hdrcache.h"
#include "hdrsum.h"
#include "ppdirs.h"
#include "scan.h"
#include "source.h"
#include "token.h"

struct entry {
	char *path;		/* NULL: a free slot */
	uint64_t hash;		/* of path */
	unsigned long checked;	/* hdrcache_writes() when last looked at */
	struct stat st;
	bool present;		/* a file was read there */
	struct header_summary s;
};

static struct entry *table;
static size_t size, used;	/* size: a power of 2 (or 0) */

/* The identifier's key: its hash, never 0 (an empty slot). */
static uint64_t key_of(const char *s, size_t len)
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

/* Add key, the slots doubled when half are taken: 0 or -ENOMEM. */
static int set_add(struct header_summary *s, uint64_t key)
{
	if (2 * (s->nr + 1) > s->mask + 1) {
		size_t mask = 2 * (s->mask + 1) - 1, k;
		uint64_t *keys = calloc(mask + 1, sizeof(*keys));

		if (!keys)
			return -ENOMEM;
		for (k = 0; k <= s->mask; k++)
			if (s->keys[k])
				put(keys, mask, s->keys[k]);
		free(s->keys);
		s->keys = keys;
		s->mask = mask;
	}
	s->nr += put(s->keys, s->mask, key);
	return 0;
}

bool hdrsum_may_name(const struct header_summary *s, const char *name,
		     size_t len)
{
	uint64_t key = key_of(name, len);
	size_t k = key & s->mask;

	if (s->any)
		return true;
	while (s->keys[k]) {
		if (s->keys[k] == key)
			return true;
		k = (k + 1) & s->mask;
	}
	return false;
}

static void summary_free(struct header_summary *s)
{
	size_t k;

	free(s->keys);
	for (k = 0; k < s->nr_inc; k++)
		free(s->inc[k]);
	free(s->inc);
	memset(s, 0, sizeof(*s));
}

/* The #include "x" names of the text, from its directives (ppdirs.h). */
static int add_includes(struct header_summary *s, const char *buf,
			const struct token_list *tl)
{
	struct ppdirs pd = { 0 };
	size_t k, name;
	int ret = ppdirs_build(&pd, buf, tl);

	if (!ret && pd.nr_inc) {
		s->inc = malloc(pd.nr_inc * sizeof(*s->inc));
		ret = s->inc ? 0 : -ENOMEM;
	}
	for (k = 0; !ret && k < pd.nr_inc; k++) {
		const struct token *t;

		name = pd.d[pd.inc[k]].name;
		if (name == SCAN_NONE)
			continue;
		t = &tl->tok[name];
		if (t->type != TOKEN_STRING || buf[t->pos] != '"')
			continue;
		s->inc[s->nr_inc] = strndup(buf + t->pos, t->len);
		if (!s->inc[s->nr_inc++])
			ret = -ENOMEM;
	}
	ppdirs_free(&pd);
	return ret;
}

/* The summary of the text buf[0, len). */
static int summarize(struct header_summary *s, const char *buf, size_t len)
{
	struct token_list tl = { 0 };
	size_t i;
	int ret = tokenize(buf, len, &tl);

	if (!ret) {
		s->mask = 15;
		s->keys = calloc(s->mask + 1, sizeof(*s->keys));
		ret = s->keys ? 0 : -ENOMEM;
	}
	for (i = 0; !ret && i < tl.nr; i++) {
		const struct token *t = &tl.tok[i];

		if (t->type != TOKEN_IDENT)
			continue;
		if (t->flags & TF_SPLICE)
			s->any = true;
		ret = set_add(s, key_of(buf + t->pos, t->len));
	}
	if (!ret)
		ret = add_includes(s, buf, &tl);
	token_list_free(&tl);
	return ret;
}

/* Read the header at e->path (stat st) into e; 0 or -ENOMEM. */
static int load(struct entry *e, const struct stat *st)
{
	size_t len = 0;
	char *buf = source_slurp(e->path, &len);
	int ret;

	e->st = *st;
	e->present = buf != NULL;
	if (!buf)
		return 0;
	ret = summarize(&e->s, buf, len);
	free(buf);
	if (ret)
		summary_free(&e->s);
	e->present = !ret;
	return ret;
}

/* The slot of path: its entry, or the free slot where it goes. */
static struct entry *slot(const char *path, uint64_t hash)
{
	size_t k = hash & (size - 1);

	while (table[k].path && (table[k].hash != hash ||
				 strcmp(table[k].path, path)))
		k = (k + 1) & (size - 1);
	return &table[k];
}

static int grow(void)
{
	struct entry *old = table;
	size_t n = size, k;

	size = size ? 2 * size : 1024;
	table = calloc(size, sizeof(*table));
	if (!table) {
		table = old;
		size = n;
		return -ENOMEM;
	}
	for (k = 0; k < n; k++)
		if (old[k].path)
			*slot(old[k].path, old[k].hash) = old[k];
	free(old);
	return 0;
}

const struct header_summary *hdrsum_get(const char *path, int *err)
{
	uint64_t hash = hash_span(path, strlen(path));
	struct entry *e;
	struct stat st;

	*err = 0;
	if (2 * (used + 1) > size && (*err = grow()))
		return NULL;
	e = slot(path, hash);
	if (e->path && e->checked == hdrcache_writes())
		return e->present ? &e->s : NULL;
	if (!e->path) {		/* a file or not, it is looked at once */
		e->path = strdup(path);
		if (!e->path) {
			*err = -ENOMEM;
			return NULL;
		}
		e->hash = hash;
		used++;
	}
	e->checked = hdrcache_writes();
	if (stat(path, &st) || !S_ISREG(st.st_mode)) {
		summary_free(&e->s);
		e->present = false;
		return NULL;
	}
	if (e->present && source_unchanged(&e->st, &st))
		return &e->s;
	summary_free(&e->s);
	*err = load(e, &st);
	return e->present ? &e->s : NULL;
}

void hdrsum_free(void)
{
	size_t k;

	for (k = 0; k < size; k++) {
		if (!table[k].path)
			continue;
		free(table[k].path);
		summary_free(&table[k].s);
	}
	free(table);
	table = NULL;
	size = used = 0;
}
