// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hdrcache.h"
#include "hdrindex.h"
#include "atlas.h"
#include "include.h"
#include "pathjoin.h"
#include "scan.h"
#include "source.h"

int decl_parse_code(const char *buf, const struct token_list *tl,
		    struct decl_table *dt)
{
	size_t *idx = malloc(tl->nr * sizeof(*idx)), n = 0, i;
	int ret;

	if (!idx)
		return -ENOMEM;
	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++)
		if (is_code(&tl->tok[i]))
			idx[n++] = i;
	ret = decl_parse(buf, tl, idx, n, dt);
	free(idx);
	return ret;
}

size_t include_name(const char *buf, const struct token_list *tl, size_t i)
{
	size_t d;

	if ((tl->tok[i].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL))
		return SCAN_NONE;
	d = pp_next(tl, i);
	if (d == SCAN_NONE || !match_ident(buf, &tl->tok[d], "include"))
		return SCAN_NONE;
	return pp_next(tl, d);
}

char *include_beside(const char *from, const char *buf, const struct token *t)
{
	const char *slash = strrchr(from, '/');

	return path_join(from, slash ? (size_t)(slash - from + 1) : 0,
			 buf + t->pos + 1, t->len - 2);
}

/* Is the header at path in the set already? */
static bool have(const struct header_set *hs, const char *path)
{
	size_t k;

	for (k = 0; k < hs->nr; k++)
		if (!strcmp(hs->h[k].path, path))
			return true;
	return false;
}

/* h, the next of hs, is the cached header ch, read at depth. */
static void take(struct header_set *hs, struct header *h,
		 const struct cached_header *ch, int depth)
{
	hs->nr++;
	h->depth = depth;
	h->buf = ch->buf;
	h->len = ch->len;
	h->tl = ch->tl;
	h->decls = ch->decls;
	h->idents = ch->idents;
	h->dirs = ch->dirs;
	h->serial = ch->serial;
}

/* One '#include "name"' of the file at from. */
static int add_header(const char *from, const char *buf,
		      const struct token *t, struct header_set *hs, int depth)
{
	const struct cached_header *ch;
	struct header *h;
	char *path;
	int err;

	if (t->len < 3 || buf[t->pos + 1] == '/')	/* absolute: not local */
		return 0;
	if (hs->nr == INCLUDE_MAX_HEADERS) {
		hs->unread++;
		return 0;
	}
	path = include_beside(from, buf, t);
	if (!path)
		return -ENOMEM;
	if (have(hs, path)) {
		free(path);
		return 0;
	}
	h = &hs->h[hs->nr];
	memset(h, 0, sizeof(*h));
	h->path = path;
	ch = hdrcache_get(path, &err);
	if (!ch && !err) {	/* on the build's include path (-I), maybe */
		const char *found = hdrindex_find(from, buf + t->pos + 1,
						  t->len - 2);

		free(path);
		if (found && have(hs, found))
			return 0;
		if (!found) {
			hs->unread++;
			return 0;
		}
		h->path = path = strdup(found);
		if (!path)
			return -ENOMEM;
		ch = hdrcache_get(path, &err);
	}
	if (!ch) {
		free(path);
		if (!err)
			hs->unread++;
		return err;
	}
	take(hs, h, ch, depth);
	return 0;
}

/*
 * One '#include <name>' of the file at from, where name has no folder:
 * the kernel's include path holds only folders (linux/, asm/, net/...),
 * so <drv_types.h> is a header on an include path the module's build
 * adds (ccflags-y += -I$(src)/include) - the project's own, the nearest
 * one of that name - or the C library's, which the project lacks.
 */
static int add_angle(const char *from, const char *buf, const struct token *t,
		     struct header_set *hs, int depth)
{
	const struct cached_header *ch;
	const char *found;
	struct header *h;
	int err;

	const char *slash = t->len < 3 ? NULL :
			    memchr(buf + t->pos + 1, '/', t->len - 2);

	/* <dahdi/kernel.h>: a folder of no kernel header is the project's */
	if (t->len < 3 || (slash && atlas_header_folder(buf + t->pos + 1,
				(size_t)(slash - buf - t->pos - 1))) ||
	    !(found = hdrindex_find(from, buf + t->pos + 1, t->len - 2)) ||
	    have(hs, found))
		return 0;
	if (hs->nr == INCLUDE_MAX_HEADERS) {
		hs->unread++;
		return 0;
	}
	h = &hs->h[hs->nr];
	memset(h, 0, sizeof(*h));
	h->path = strdup(found);
	if (!h->path)
		return -ENOMEM;
	ch = hdrcache_get(h->path, &err);
	if (!ch) {
		free(h->path);
		return err;
	}
	take(hs, h, ch, depth);
	return 0;
}

/* The #include whose name is token name, of the text at path. */
static int read_include(const char *path, const char *buf,
			const struct token_list *tl, size_t name,
			struct header_set *hs, int depth)
{
	if (tl->tok[name].type == TOKEN_STRING && buf[tl->tok[name].pos] == '"')
		return add_header(path, buf, &tl->tok[name], hs, depth);
	if (tl->tok[name].type == TOKEN_HEADER)
		return add_angle(path, buf, &tl->tok[name], hs, depth);
	return 0;
}

static int read_includes(const char *path, const char *buf,
			 const struct token_list *tl, struct header_set *hs,
			 int depth)
{
	size_t h, name;
	int ret = 0;

	for (h = 0; !ret && h < tl->nr_hash; h++) {	/* each directive */
		name = include_name(buf, tl, tl->hash[h]);
		if (name != SCAN_NONE)
			ret = read_include(path, buf, tl, name, hs, depth);
	}
	return ret;
}

/*
 * Breadth first: the file's own includes, then theirs, so that a header
 * the file includes itself is read at depth 1 and its own includes are
 * followed, whatever another header includes it deeper.
 */
int include_read(const char *path, const char *buf,
		 const struct token_list *tl, struct header_set *hs)
{
	size_t k;
	int ret;

	hdrcache_begin();
	ret = read_includes(path, buf, tl, hs, 1);

	for (k = 0; !ret && k < hs->nr; k++) {
		size_t i;

		/* h[k] itself moves when a later header is added: by index */
		for (i = 0; !ret && hs->h[k].depth < INCLUDE_MAX_DEPTH &&
			    i < hs->h[k].dirs->nr_inc; i++) {
			const struct ppdirs *pd = hs->h[k].dirs;
			size_t name = pd->d[pd->inc[i]].name;

			if (name != SCAN_NONE)
				ret = read_include(hs->h[k].path, hs->h[k].buf,
						   &hs->h[k].tl, name, hs,
						   hs->h[k].depth + 1);
		}
	}
	return ret;
}

const struct decl_table *include_decls(const struct header *h)
{
	if (!h->decls->made)
		h->decls->made = decl_parse_code(h->buf, &h->tl,
						 &h->decls->t) ? -ENOMEM : 1;
	return h->decls->made > 0 ? &h->decls->t : NULL;
}

void include_free(struct header_set *hs)
{
	size_t k;

	for (k = 0; k < hs->nr; k++)
		free(hs->h[k].path);	/* the rest is hdrcache's */
	hs->nr = 0;
}
