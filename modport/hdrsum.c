// SPDX-License-Identifier: GPL-2.0
/* What a local header can name, kept for the run (hdrsum.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hashset.h"
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

bool hdrsum_may_name(const struct header_summary *s, const char *name,
		     size_t len)
{
	return s->any || hashset_has(&s->ids, hashset_key(name, len));
}

static void summary_free(struct header_summary *s)
{
	size_t k;

	hashset_free(&s->ids);
	for (k = 0; k < s->nr_inc; k++)
		free(s->inc[k]);
	free(s->inc);
	memset(s, 0, sizeof(*s));
}

/* The #include "x" names of the text, from its directives pd (ppdirs.h). */
static int add_includes(struct header_summary *s, const char *buf,
			const struct token_list *tl, const struct ppdirs *pd)
{
	size_t k, name;

	if (pd->nr_inc) {
		s->inc = malloc(pd->nr_inc * sizeof(*s->inc));
		if (!s->inc)
			return -ENOMEM;
	}
	for (k = 0; k < pd->nr_inc; k++) {
		const struct token *t;

		name = pd->d[pd->inc[k]].name;
		if (name == SCAN_NONE)
			continue;
		t = &tl->tok[name];
		if (t->type != TOKEN_STRING || buf[t->pos] != '"')
			continue;
		s->inc[s->nr_inc] = strndup(buf + t->pos, t->len);
		if (!s->inc[s->nr_inc++])
			return -ENOMEM;
	}
	return 0;
}

/*
 * The summary of the text buf, its tokens tl and directives pd: the
 * identifiers of its code at file scope, where tl->body has no span (a
 * struct's members, a function's body and the directives declare nothing
 * there).
 */
static int summarize(struct header_summary *s, const char *buf,
		     const struct token_list *tl, const struct ppdirs *pd)
{
	size_t i, b = 0;
	/* a text spells a name four times, as a rule: room for a quarter */
	int ret = hashset_reserve(&s->ids, tl->nr / 8);

	for (i = 0; !ret && i < tl->nr; i++) {
		const struct token *t = &tl->tok[i];

		if (b < tl->nr_body && i == tl->body[b]) {
			i = tl->body[b + 1];	/* to the brace back at 0 */
			b += 2;
			continue;
		}
		if (t->type != TOKEN_IDENT)
			continue;
		if (t->flags & TF_SPLICE)
			s->any = true;	/* in a directive too */
		if (!(t->flags & TF_PP))
			ret = hashset_add(&s->ids,
					  hashset_key(buf + t->pos, t->len));
	}
	return ret ? ret : add_includes(s, buf, tl, pd);
}

/*
 * Read the header at e->path into e, and its stat() as it was read; 0 or
 * -ENOMEM; e->present false where there is no regular file to read.  Its
 * text and tokens are hdrcache's: the rule that asks for a summary often
 * reads the header next (static-redecl, gone).
 */
static int load(struct entry *e)
{
	const struct cached_header *ch;
	int ret;

	e->present = false;
	ch = hdrcache_peek(e->path, &ret);
	if (!ch)
		return ret;	/* no file it can read there, or -ENOMEM */
	e->st = ch->st;
	ret = summarize(&e->s, ch->buf, &ch->tl, ch->dirs);
	if (ret)
		summary_free(&e->s);
	e->present = !ret;
	return ret;
}

/*
 * The slot of path: its entry, or the free slot where it goes.  From the
 * hash's top bits: its low ones vary little among paths of one folder
 * (hashspan.h), and runs of taken slots grew to 34 probes a search.
 */
static struct entry *slot(const char *path, uint64_t hash)
{
	size_t k = (size_t)(hash >> 32) & (size - 1);

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
	/* read before, and a file written since: is it the same? */
	if (e->present && !stat(path, &st) && S_ISREG(st.st_mode) &&
	    source_unchanged(&e->st, &st))
		return &e->s;
	summary_free(&e->s);
	*err = load(e);		/* no file to read: not present */
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
