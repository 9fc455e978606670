// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buildfile.h"
#include "diag.h"
#include "pathjoin.h"
#include "walk.h"

struct entry {
	char *name;
	unsigned char type;
};

static int max_status(int a, int b)
{
	return a > b ? a : b;
}

static bool is_source_name(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' &&
	       (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
		      ((const struct entry *)b)->name);
}

/* The directory's entries worth a look, sorted; NULL on error. */
static struct entry *read_entries(const char *path, DIR *dir, size_t *nr)
{
	struct entry *v = NULL, *nv;
	size_t n = 0, alloc = 0;
	struct dirent *de;

	while ((errno = 0, de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			nv = realloc(v, alloc * sizeof(*v));
			if (!nv)
				goto out_free;
			v = nv;
		}
		v[n].name = strdup(de->d_name);
		if (!v[n].name)
			goto out_free;
		v[n++].type = de->d_type;
	}
	if (errno) {
		file_error(path, "cannot read directory: %s", strerror(errno));
		goto out_free;
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_entry);
	*nr = n;
	return v ? v : calloc(1, sizeof(*v));
out_free:
	while (n--)
		free(v[n].name);
	free(v);
	return NULL;
}

static int walk_entry(const char *dir, const struct entry *e, walk_fn fn,
		      void *arg, const struct walk_side *side);

static int walk_dir(const char *path, walk_fn fn, void *arg,
		    const struct walk_side *side)
{
	DIR *dir = opendir(path);
	struct entry *v;
	size_t n = 0, i;
	int status = 0;

	if (!dir) {
		file_error(path, "cannot read directory: %s", strerror(errno));
		return 2;
	}
	v = read_entries(path, dir, &n);
	closedir(dir);
	if (!v)
		return 2;
	for (i = 0; i < n; i++) {
		status = max_status(status,
				    walk_entry(path, &v[i], fn, arg, side));
		free(v[i].name);
	}
	free(v);
	return status;
}

static int walk_entry(const char *dir, const struct entry *e, walk_fn fn,
		      void *arg, const struct walk_side *side)
{
	unsigned char type = e->type;
	struct stat st;
	char *path;
	int status = 0;

	path = path_join(dir, strlen(dir), e->name, strlen(e->name));
	if (!path)
		return 2;
	if (type == DT_UNKNOWN) {
		if (lstat(path, &st)) {
			file_error(path, "cannot read: %s", strerror(errno));
			free(path);
			return 2;
		}
		type = S_ISDIR(st.st_mode) ? DT_DIR :
		       S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
	}
	if (type == DT_DIR)
		status = walk_dir(path, fn, arg, side);
	else if (type == DT_REG && (is_source_name(e->name) ||
				    buildfile_name(e->name)))
		status = fn(path, false, arg);
	if (type == DT_REG && side &&
	    !strncmp(e->name, side->prefix, strlen(side->prefix)))
		status = max_status(status, side->fn(path, false, side->arg));
	free(path);
	return status;
}

int walk_path_side(const char *path, walk_fn fn, void *arg,
		   const struct walk_side *side)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return walk_dir(path, fn, arg, side);
	return fn(path, true, arg);
}

int walk_path(const char *path, walk_fn fn, void *arg)
{
	return walk_path_side(path, fn, arg, NULL);
}
