// SPDX-License-Identifier: GPL-2.0
/*
 * hdrcache.c: headers read once while unchanged (hdrcache.h).  A fixed
 * number of slots; a miss takes the slot used least recently by a file
 * before the current one.
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

/* More than a file can hold (INCLUDE_MAX_HEADERS), a folder's worth. */
#define SLOTS 256

struct slot {
	char *path;
	uint64_t hash;		/* of path: the search compares it first */
	unsigned long checked;	/* the writes (hdrcache_written()) it saw */
	struct stat st;
	struct cached_header h;
	unsigned long used;	/* the file that used it last */
};

static struct slot slots[SLOTS];
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

static void slot_free(struct slot *s)
{
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
	memset(s, 0, sizeof(*s));
}

/* Read the header at path into the free slot s. */
static int load(struct slot *s, const char *path, const struct stat *st)
{
	size_t len = 0;
	char *buf = source_slurp(path, &len);

	if (!buf)
		return 0;
	s->path = strdup(path);
	s->hash = hash_span(path, strlen(path));
	s->checked = writes;
	s->st = *st;
	s->h.buf = buf;
	s->h.len = len;
	s->h.serial = ++serials;
	s->used = file_nr;
	s->h.idents = calloc(1, sizeof(*s->h.idents));
	s->h.dirs = calloc(1, sizeof(*s->h.dirs));
	s->h.decls = calloc(1, sizeof(*s->h.decls));
	if (!s->path || !s->h.idents || !s->h.dirs || !s->h.decls ||
	    tokenize(buf, len, &s->h.tl) ||
	    ppdirs_build(s->h.dirs, buf, &s->h.tl)) {
		slot_free(s);
		return -ENOMEM;
	}
	return 1;
}

/* The slot that holds path (its hash), or NULL. */
static struct slot *slot_of_path(const char *path, uint64_t hash)
{
	size_t k;

	for (k = 0; k < SLOTS; k++)
		if (slots[k].path && slots[k].hash == hash &&
		    !strcmp(slots[k].path, path))
			return &slots[k];
	return NULL;
}

/* hdrcache_get(); keep false: a slot loaded now is not the file's. */
static const struct cached_header *get(const char *path, int *err, bool keep)
{
	struct slot *s = slot_of_path(path, hash_span(path, strlen(path)));
	struct slot *out = NULL;
	struct stat st;
	size_t k;

	*err = 0;
	if (s && s->checked == writes) {	/* no file written since */
		if (keep)
			s->used = file_nr;
		return &s->h;
	}
	if (stat(path, &st))
		return NULL;
	if (s && source_unchanged(&s->st, &st)) {
		if (keep)
			s->used = file_nr;
		s->checked = writes;
		return &s->h;
	}
	if (s && s->used != file_nr) {
		slot_free(s);
	} else if (s) {		/* changed under this file: kept for it */
		free(s->path);
		s->path = NULL;
	}
	for (k = 0; k < SLOTS; k++)
		if (slots[k].used != file_nr &&
		    (!out || slots[k].used < out->used))
			out = &slots[k];	/* free (0), or the oldest */
	if (!out)
		return NULL;
	slot_free(out);
	*err = load(out, path, &st);
	if (*err <= 0)
		return NULL;
	*err = 0;
	if (!keep)
		out->used = file_nr - 1;	/* as the last file's: free to go */
	return &out->h;
}

const struct cached_header *hdrcache_get(const char *path, int *err)
{
	return get(path, err, true);
}

const struct cached_header *hdrcache_peek(const char *path, int *err)
{
	return get(path, err, false);
}
