// SPDX-License-Identifier: GPL-2.0
/* projexports.c: the symbols the project's .c files export (projexports.h). */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "hdrindex.h"
#include "projexports.h"
#include "source.h"
#include "token.h"

/* How deep the index walks below a root (as hdrindex). */
#define PROJEXPORTS_MAX_DEPTH 16

struct pexp {
	char *name;
	const char *path;	/* one of px.paths */
};

static struct {
	struct pexp *v;
	size_t n, alloc;
	char **paths;		/* the exporting files */
	size_t np, ap;
	char **done;		/* the folders walked (parents: no roots) */
	size_t nd, ad;
	bool roots_done;
} px;

static int push_str(char ***v, size_t *n, size_t *alloc, char *s)
{
	if (*n == *alloc) {
		size_t a = *alloc ? 2 * *alloc : 16;
		char **nv = realloc(*v, a * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		*v = nv;
		*alloc = a;
	}
	(*v)[(*n)++] = s;
	return 0;
}

static int add(const char *path, const char *name, size_t len)
{
	if (!px.np || strcmp(px.paths[px.np - 1], path)) {
		char *p = strdup(path);

		if (!p || push_str(&px.paths, &px.np, &px.ap, p)) {
			free(p);
			return -ENOMEM;
		}
	}
	if (px.n == px.alloc) {
		size_t a = px.alloc ? 2 * px.alloc : 64;
		struct pexp *nv = realloc(px.v, a * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		px.v = nv;
		px.alloc = a;
	}
	px.v[px.n].name = strndup(name, len);
	if (!px.v[px.n].name)
		return -ENOMEM;
	px.v[px.n++].path = px.paths[px.np - 1];
	return 0;
}

/* Is buf[pos] on a line that a #define opens (the macro EXPORT_SYMBOL)? */
static bool in_define(const char *buf, size_t pos)
{
	size_t l = pos;

	while (l && buf[l - 1] != '\n')
		l--;
	while (buf[l] == ' ' || buf[l] == '\t')
		l++;
	if (buf[l++] != '#')
		return false;
	while (buf[l] == ' ' || buf[l] == '\t')
		l++;
	return !strncmp(buf + l, "define", 6);
}

/* The EXPORT_SYMBOL*(name...) of the .c file at path. */
static int scan_file(const char *path)
{
	static const char word[] = "EXPORT_SYMBOL";
	size_t len, n;
	char *buf = source_slurp(path, &len);
	const char *p, *q;
	int ret = 0;

	if (!buf)
		return 0;
	for (p = buf; !ret && (p = strstr(p, word)); p = q) {
		q = p + sizeof(word) - 1;
		if ((p > buf && ident_byte(p[-1])) || in_define(buf, (size_t)(p - buf)))
			continue;
		while ((*q >= 'A' && *q <= 'Z') || *q == '_')
			q++;	/* _GPL, _NS, _NS_GPL */
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		for (n = 0; ident_byte(q[n]); n++)
			;
		if (!n || (q[0] >= '0' && q[0] <= '9'))
			continue;
		ret = add(path, q, n);
		q += n;
	}
	free(buf);
	return ret;
}

static int strcmp_ptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk(const char *dir, int depth, int max)
{
	DIR *d = depth < max ? opendir(dir) : NULL;
	struct dirent *de;
	struct stat st;
	char **names = NULL;
	size_t nn = 0, an = 0, k;
	int ret = 0;

	if (!d)
		return 0;
	while (!ret && (de = readdir(d))) {
		char *name;

		if (de->d_name[0] == '.')
			continue;
		name = strdup(de->d_name);
		if (!name || push_str(&names, &nn, &an, name)) {
			free(name);
			ret = -ENOMEM;
		}
	}
	closedir(d);
	if (nn > 1)	/* name order: the index's paths come sorted */
		qsort(names, nn, sizeof(*names),
		      strcmp_ptr);
	for (k = 0; k < nn; k++) {
		char *path = NULL;

		if (!ret && asprintf(&path, "%s%s%s", dir,
				     dir[strlen(dir) - 1] == '/' ? "" : "/",
				     names[k]) < 0) {
			path = NULL;
			ret = -ENOMEM;
		}
		if (!ret && !lstat(path, &st)) {
			if (S_ISDIR(st.st_mode))
				ret = walk(path, depth + 1, max);
			else if (S_ISREG(st.st_mode) && source_is_c(names[k]))
				ret = scan_file(path);
		}
		free(path);
		free(names[k]);
	}
	free(names);
	return ret;
}

static int cmp_exp(const void *a, const void *b)
{
	const struct pexp *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->path, y->path);
}

/*
 * The parent of the folder of from ("a/b/x.c": "a"; "b/x.c": "."), into
 * buf; false when from names no folder ("x.c": its parent would be the
 * folder above the user's).
 */
static bool parent_of(const char *from, char *buf, size_t size)
{
	const char *slash = strrchr(from, '/'), *p;
	size_t n;

	if (!slash || slash == from)
		return false;
	for (p = slash - 1; p > from && *p != '/'; p--)
		;
	if (*p != '/') {
		snprintf(buf, size, ".");
		return true;
	}
	n = p == from ? 1 : (size_t)(p - from);
	if (n >= size)
		return false;
	memcpy(buf, from, n);
	buf[n] = 0;
	return true;
}

/*
 * Is the folder dir a project's top, with a build of its own (a Makefile,
 * Kbuild or dkms.conf)?  The folder above a lone module's is often just
 * where its owner keeps projects (~/src, /tmp), whose others are no part
 * of it.
 */
static bool project_top(const char *dir)
{
	static const char *const builds[] = {
		"Makefile", "GNUmakefile", "makefile", "Kbuild", "dkms.conf",
	};
	char path[4096];
	size_t k;

	for (k = 0; k < sizeof(builds) / sizeof(builds[0]); k++)
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
				     builds[k]) < sizeof(path) &&
		    !access(path, F_OK))
			return true;
	return false;
}

/* Walk what the project of from is, once: 0 or -ENOMEM. */
static int build(const char *from)
{
	size_t k, n0 = px.n;
	char parent[4096], *d;
	int ret = 0;

	if (hdrindex_nr_roots()) {
		if (px.roots_done)
			return 0;
		px.roots_done = true;
		for (k = 0; !ret && k < hdrindex_nr_roots(); k++)
			ret = walk(hdrindex_root(k), 0, PROJEXPORTS_MAX_DEPTH);
	} else {
		if (!from || !parent_of(from, parent, sizeof(parent)))
			return 0;
		for (k = 0; k < px.nd; k++)
			if (!strcmp(px.done[k], parent))
				return 0;
		d = strdup(parent);
		if (!d || push_str(&px.done, &px.nd, &px.ad, d)) {
			free(d);
			return -ENOMEM;
		}
		if (project_top(parent))
			ret = walk(parent, 0, 2);	/* its folders' .c files */
	}
	if (px.n > n0)
		qsort(px.v, px.n, sizeof(*px.v), cmp_exp);
	return ret;
}

size_t projexports_find(const char *from, const char *name, size_t len,
			const char **paths, size_t max)
{
	size_t lo = 0, hi, k, nr = 0;

	build(from);	/* out of memory: what is indexed serves */
	for (hi = px.n; lo < hi;) {	/* the first with this prefix */
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(px.v[mid].name, name, len);

		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < px.n; k++) {
		if (strncmp(px.v[k].name, name, len))
			break;
		if (px.v[k].name[len])
			continue;	/* a longer name */
		if (nr < max && (!nr || paths[nr - 1] != px.v[k].path))
			paths[nr++] = px.v[k].path;
	}
	return nr;
}

void projexports_free(void)
{
	size_t k;

	for (k = 0; k < px.n; k++)
		free(px.v[k].name);
	free(px.v);
	for (k = 0; k < px.np; k++)
		free(px.paths[k]);
	free(px.paths);
	for (k = 0; k < px.nd; k++)
		free(px.done[k]);
	free(px.done);
	memset(&px, 0, sizeof(px));
}
