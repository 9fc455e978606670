// SPDX-License-Identifier: GPL-2.0
/*
 * hdrcache.c: headers read once while unchanged (hdrcache.h).  Found by
 * a hash of their path; kept in the order of their use, and the least
 * recently used let go - none the current file uses - while what they
 * weigh passes the budget.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hashspan.h"
#include "hdrcache.h"
#include "include.h"
#include "scan.h"
#include "source.h"

struct slot {
	char *path;		/* NULL: changed on disk, kept for its file */
	uint64_t hash;		/* of path: the search compares it first */
	unsigned long checked;	/* the writes (hdrcache_written()) it saw */
	struct cached_header h;
	unsigned long used;	/* the file that used it last */
	size_t bytes;		/* its text and tokens, against the budget */
	struct slot *next;	/* in its bucket */
	struct slot *older, *newer;	/* in the order of use */
};

static struct slot **bucket;	/* nr_buckets, a power of two */
static size_t nr_buckets, nr_slots, held_bytes;
static size_t budget = HDRCACHE_BUDGET;
static struct slot *oldest, *newest;
static struct slot *pinned;	/* the file being ported, if a header */
static unsigned long file_nr = 1, serials, writes;

void hdrcache_begin(void)
{
	file_nr++;
}

void hdrcache_written(void)
{
	writes++;
}

unsigned long hdrcache_writes(void)
{
	return writes;
}

void hdrcache_set_budget(size_t bytes)
{
	budget = bytes;
}

size_t hdrcache_held(void)
{
	return nr_slots;
}

/* The bucket of hash among n (a power of two). */
static size_t bucket_index(uint64_t hash, size_t n)
{
	return (size_t)(hash >> 32) & (n - 1);
}

static struct slot **bucket_of(uint64_t hash)
{
	return &bucket[bucket_index(hash, nr_buckets)];
}

/* Out of its bucket (a slot whose path changed is in none). */
static void unhash(struct slot *s)
{
	struct slot **at;

	if (!s->path)
		return;
	for (at = bucket_of(s->hash); *at; at = &(*at)->next)
		if (*at == s) {
			*at = s->next;
			break;
		}
	s->next = NULL;
}

/* Into its bucket, the table doubled when it holds more than buckets. */
static int rehash(void)
{
	size_t n = nr_buckets ? 2 * nr_buckets : 1024, k;
	struct slot **old = bucket, **b = calloc(n, sizeof(*b)), *s, *next;

	if (!b)
		return -ENOMEM;
	bucket = b;
	for (k = 0; k < nr_buckets; k++)
		for (s = old[k]; s; s = next) {
			next = s->next;
			s->next = b[bucket_index(s->hash, n)];
			b[bucket_index(s->hash, n)] = s;
		}
	nr_buckets = n;
	free(old);
	return 0;
}

static bool in_use_order(const struct slot *s)
{
	return s->older || oldest == s;
}

static void unlink_use(struct slot *s)
{
	if (!in_use_order(s))
		return;
	if (s->older)
		s->older->newer = s->newer;
	else
		oldest = s->newer;
	if (s->newer)
		s->newer->older = s->older;
	else
		newest = s->older;
	s->older = s->newer = NULL;
}

/* The newest in the order of use. */
static void touch(struct slot *s)
{
	if (s == newest)
		return;
	unlink_use(s);
	s->older = newest;
	if (newest)
		newest->newer = s;
	else
		oldest = s;
	newest = s;
}

static void slot_free(struct slot *s)
{
	unhash(s);
	unlink_use(s);
	held_bytes -= s->bytes;
	nr_slots--;
	free(s->path);
	free((char *)s->h.buf);
	token_list_free(&s->h.tl);
	if (s->h.decls)
		decl_free(&s->h.decls->t);
	free(s->h.decls);
	if (s->h.dirs)
		ppdirs_free(s->h.dirs);
	free(s->h.dirs);
	if (s->h.idents)
		idindex_free(s->h.idents);
	free(s->h.idents);
	free(s);
}

/*
 * Let the least recently used headers go while the cache holds more than
 * its budget: none of the current file's, nor the pinned one, nor keep.
 */
static void trim(const struct slot *keep)
{
	struct slot *s = oldest, *newer;

	for (; s && held_bytes > budget; s = newer) {
		newer = s->newer;
		if (s->used != file_nr && s != pinned && s != keep)
			slot_free(s);
	}
}

/* Read the header at path into the new slot s (its stat() with it). */
static int load(struct slot *s, const char *path)
{
	size_t len = 0;
	char *buf = source_slurp_stat(path, &len, &s->h.st);

	if (!buf)
		return 0;
	s->path = strdup(path);
	s->hash = hash_span(path, strlen(path));
	s->checked = writes;
	s->h.buf = buf;
	s->h.len = len;
	s->h.serial = ++serials;
	s->used = file_nr;
	s->h.idents = calloc(1, sizeof(*s->h.idents));
	s->h.dirs = calloc(1, sizeof(*s->h.dirs));
	s->h.decls = calloc(1, sizeof(*s->h.decls));
	if (!s->path || !s->h.idents || !s->h.dirs || !s->h.decls ||
	    tokenize(buf, len, &s->h.tl) ||
	    ppdirs_build(s->h.dirs, buf, &s->h.tl))
		return -ENOMEM;
	s->bytes = len + s->h.tl.alloc * sizeof(*s->h.tl.tok) +
		   s->h.tl.alloc_hash * sizeof(*s->h.tl.hash);
	return 1;
}

/* The slot that holds path (its hash), or NULL. */
static struct slot *slot_of_path(const char *path, uint64_t hash)
{
	struct slot *s;

	for (s = nr_buckets ? *bucket_of(hash) : NULL; s; s = s->next)
		if (s->hash == hash && !strcmp(s->path, path))
			return s;
	return NULL;
}

/* A new slot for path, read and in the cache; NULL, *err 0 or -ENOMEM. */
static struct slot *add(const char *path, int *err)
{
	struct slot *s = calloc(1, sizeof(*s));

	if (!s || (nr_slots >= nr_buckets && rehash())) {
		free(s);
		*err = -ENOMEM;
		return NULL;
	}
	nr_slots++;
	touch(s);
	*err = load(s, path);
	if (*err <= 0) {
		slot_free(s);
		return NULL;
	}
	*err = 0;
	held_bytes += s->bytes;
	s->next = *bucket_of(s->hash);
	*bucket_of(s->hash) = s;
	trim(s);
	return s;
}

/* hdrcache_get(); keep false: a slot loaded now is not the file's. */
static struct slot *get(const char *path, int *err, bool keep)
{
	struct slot *s = slot_of_path(path, hash_span(path, strlen(path)));
	struct stat st;

	*err = 0;
	if (s && s->checked == writes) {	/* no file written since */
		if (keep)
			s->used = file_nr;
		touch(s);
		return s;
	}
	if (s && stat(path, &st))
		return NULL;	/* a new one: the read says */
	if (s && source_unchanged(&s->h.st, &st)) {
		if (keep)
			s->used = file_nr;
		s->checked = writes;
		touch(s);
		return s;
	}
	if (s && s->used != file_nr && s != pinned) {
		slot_free(s);
	} else if (s) {		/* changed under this file: kept for it */
		unhash(s);
		free(s->path);
		s->path = NULL;
	}
	s = add(path, err);
	if (s && !keep)
		s->used = file_nr - 1;	/* as the last file's: free to go */
	return s;
}

const struct cached_header *hdrcache_get(const char *path, int *err)
{
	struct slot *s = get(path, err, true);

	return s ? &s->h : NULL;
}

const struct cached_header *hdrcache_peek(const char *path, int *err)
{
	struct slot *s = get(path, err, false);

	return s ? &s->h : NULL;
}

const struct cached_header *hdrcache_hold(const char *path)
{
	struct slot *s = slot_of_path(path, hash_span(path, strlen(path)));

	if (s && s->checked != writes)
		s = NULL;	/* a file was written: read it as it is */
	if (s) {
		s->used = file_nr;
		touch(s);
	}
	pinned = s;
	return s ? &s->h : NULL;
}

void hdrcache_release(void)
{
	pinned = NULL;
	trim(NULL);
}
