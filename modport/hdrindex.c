// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hdrindex.h"
#include "source.h"

/* How deep the index walks below a root (a kernel tree needs about 8). */
#define HDRINDEX_MAX_DEPTH 16

struct hdr_path {
	const char *base;	/* the file name, inside path */
	char *path;
};

static struct {
	char **roots;
	size_t nr_roots;
	struct hdr_path *v;
	size_t n, alloc;
	bool built;
} ix;

int hdrindex_add_root(const char *dir)
{
	char **nr = realloc(ix.roots, (ix.nr_roots + 1) * sizeof(*nr));

	if (!nr)
		return -ENOMEM;
	ix.roots = nr;
	ix.roots[ix.nr_roots] = strdup(dir);
	if (!ix.roots[ix.nr_roots])
		return -ENOMEM;
	ix.nr_roots++;
	ix.built = false;
	return 0;
}

static int add(char *path)
{
	if (ix.n == ix.alloc) {
		size_t alloc = ix.alloc ? 2 * ix.alloc : 256;
		struct hdr_path *nv = realloc(ix.v, alloc * sizeof(*nv));

		if (!nv)
			return -ENOMEM;
		ix.v = nv;
		ix.alloc = alloc;
	}
	ix.v[ix.n].path = path;
	ix.v[ix.n++].base = strrchr(path, '/') + 1;
	return 0;
}


static int walk(const char *dir, int depth)
{
	DIR *d = depth < HDRINDEX_MAX_DEPTH ? opendir(dir) : NULL;
	struct dirent *de;
	struct stat st;
	int ret = 0;

	if (!d)
		return 0;
	while (!ret && (de = readdir(d))) {
		unsigned char type = de->d_type;
		char *path;

		if (de->d_name[0] == '.')
			continue;
		if (asprintf(&path, "%s%s%s", dir,
			     dir[strlen(dir) - 1] == '/' ? "" : "/",
			     de->d_name) < 0) {
			ret = -ENOMEM;
			break;
		}
		if (type == DT_UNKNOWN && !lstat(path, &st))
			type = S_ISDIR(st.st_mode) ? DT_DIR :
			       S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		if (type == DT_DIR) {
			ret = walk(path, depth + 1);
		} else if (type == DT_REG && source_is_header(de->d_name)) {
			ret = add(path);
			if (!ret)
				continue;	/* the index keeps it */
		}
		free(path);
	}
	closedir(d);
	return ret;
}

static int cmp_base(const void *a, const void *b)
{
	const struct hdr_path *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	return c ? c : strcmp(x->path, y->path);
}

static void drop_paths(void)
{
	size_t k;

	for (k = 0; k < ix.n; k++)
		free(ix.v[k].path);
	ix.n = 0;
}

static void sort(void)
{
	ix.built = true;
	if (ix.n > 1)
		qsort(ix.v, ix.n, sizeof(*ix.v), cmp_base);
}

static void build(void)
{
	size_t k;

	drop_paths();
	for (k = 0; k < ix.nr_roots; k++)
		if (walk(ix.roots[k], 0))
			break;	/* out of memory: what is indexed serves */
	sort();
}

int hdrindex_walked_file(const char *root, const char *path)
{
	size_t len = strlen(root), depth = 0;
	const char *p, *base = strrchr(path, '/');
	char *copy;

	if (ix.built)
		drop_paths();	/* a walk of the caller's, from its start */
	ix.built = false;
	if (!base || !source_is_header(base + 1) ||
	    strncmp(path, root, len))
		return 0;
	for (p = path + len + (len && root[len - 1] != '/'); *p; p++)
		depth += *p == '/';
	if (depth >= HDRINDEX_MAX_DEPTH)
		return 0;	/* below where walk() opens folders */
	copy = strdup(path);
	if (!copy || add(copy)) {
		free(copy);
		return -ENOMEM;
	}
	return 1;
}

void hdrindex_walked(void)
{
	sort();
}

/* The length of the folder part that a and b share. */
static size_t common_dir(const char *a, const char *b)
{
	size_t k, dir = 0;

	for (k = 0; a[k] && a[k] == b[k]; k++)
		if (a[k] == '/')
			dir = k + 1;
	return dir;
}

/* Does path end in "/name" (name may hold folders: "sub/x.h")? */
static bool ends_with(const char *path, const char *name, size_t len)
{
	size_t n = strlen(path);

	return n > len && path[n - len - 1] == '/' &&
	       !memcmp(path + n - len, name, len);
}

const char *hdrindex_find(const char *from, const char *name, size_t len)
{
	const char *base = name, *best = NULL;
	size_t k, lo = 0, hi = ix.n, best_dir = 0;
	char want[256];

	if (!ix.built)
		build();
	for (k = 0; k < len; k++)
		if (name[k] == '/')
			base = name + k + 1;
	k = len - (size_t)(base - name);
	if (!k || k >= sizeof(want))
		return NULL;
	memcpy(want, base, k);
	want[k] = 0;
	for (hi = ix.n; lo < hi;) {	/* the first with this base name */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(ix.v[mid].base, want) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < ix.n && !strcmp(ix.v[k].base, want); k++) {
		size_t dir = common_dir(from, ix.v[k].path);

		if (ends_with(ix.v[k].path, name, len) &&
		    (!best || dir > best_dir)) {
			best = ix.v[k].path;
			best_dir = dir;
		}
	}
	return best;
}

size_t hdrindex_nr_roots(void)
{
	return ix.nr_roots;
}

const char *hdrindex_root(size_t k)
{
	return k < ix.nr_roots ? ix.roots[k] : NULL;
}

size_t hdrindex_count(void)
{
	if (!ix.built)
		build();
	return ix.n;
}

const char *hdrindex_path(size_t k)
{
	return k < ix.n ? ix.v[k].path : NULL;
}

void hdrindex_free(void)
{
	size_t k;

	for (k = 0; k < ix.n; k++)
		free(ix.v[k].path);
	free(ix.v);
	for (k = 0; k < ix.nr_roots; k++)
		free(ix.roots[k]);
	free(ix.roots);
	memset(&ix, 0, sizeof(ix));
}
