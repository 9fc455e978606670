// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "include.h"
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

/* The whole regular file, NUL-terminated, or NULL. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL;

	if (!f)
		return NULL;
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) &&
	    st.st_size < (off_t)SOURCE_MAX_SIZE) {
		buf = malloc((size_t)st.st_size + 1);
		if (buf) {
			*len = fread(buf, 1, (size_t)st.st_size, f);
			buf[*len] = 0;
			if (memchr(buf, 0, *len)) {
				free(buf);
				buf = NULL;
			}
		}
	}
	fclose(f);
	return buf;
}

static bool have(const struct header_set *hs, const char *path)
{
	size_t k;

	for (k = 0; k < hs->nr; k++)
		if (!strcmp(hs->h[k].path, path))
			return true;
	return false;
}

static int read_includes(const char *path, const char *buf,
			 const struct token_list *tl, struct header_set *hs,
			 int depth);

/* One '#include "name"' of the file at from. */
static int add_header(const char *from, const char *buf,
		      const struct token *t, struct header_set *hs, int depth)
{
	const char *slash = strrchr(from, '/');
	int dir = slash ? (int)(slash - from + 1) : 0;
	struct header *h;
	char *path;

	if (hs->nr == INCLUDE_MAX_HEADERS || t->len < 3 ||
	    buf[t->pos + 1] == '/')	/* an absolute path: not local */
		return 0;
	if (asprintf(&path, "%.*s%.*s", dir, from, (int)t->len - 2,
		     buf + t->pos + 1) < 0)
		return -ENOMEM;
	if (have(hs, path)) {
		free(path);
		return 0;
	}
	h = &hs->h[hs->nr];
	memset(h, 0, sizeof(*h));
	h->path = path;
	h->buf = read_file(path, &h->len);
	if (!h->buf) {
		free(path);
		return 0;
	}
	hs->nr++;
	if (tokenize(h->buf, h->len, &h->tl) ||
	    decl_parse_code(h->buf, &h->tl, &h->decls))
		return -ENOMEM;
	return depth < INCLUDE_MAX_DEPTH ?
	       read_includes(h->path, h->buf, &h->tl, hs, depth + 1) : 0;
}

static int read_includes(const char *path, const char *buf,
			 const struct token_list *tl, struct header_set *hs,
			 int depth)
{
	size_t i, d, name;
	int ret = 0;

	for (i = 0; !ret && tl->tok[i].type != TOKEN_EOF; i++) {
		if ((tl->tok[i].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL))
			continue;
		d = pp_next(tl, i);
		if (d == SCAN_NONE || !match_ident(buf, &tl->tok[d], "include"))
			continue;
		name = pp_next(tl, d);
		if (name != SCAN_NONE && tl->tok[name].type == TOKEN_STRING &&
		    buf[tl->tok[name].pos] == '"')
			ret = add_header(path, buf, &tl->tok[name], hs, depth);
	}
	return ret;
}

int include_read(const char *path, const char *buf,
		 const struct token_list *tl, struct header_set *hs)
{
	return read_includes(path, buf, tl, hs, 1);
}

void include_free(struct header_set *hs)
{
	size_t k;

	for (k = 0; k < hs->nr; k++) {
		free(hs->h[k].path);
		free(hs->h[k].buf);
		token_list_free(&hs->h[k].tl);
		decl_free(&hs->h[k].decls);
	}
	hs->nr = 0;
}
