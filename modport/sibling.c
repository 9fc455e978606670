// SPDX-License-Identifier: GPL-2.0
/*
 * sibling.c: the other .c files of a file's folder (sibling.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sibling.h"
#include "source.h"

struct asking {
	sibling_fn *fn;
	void *arg;
};

/* Read, tokenize and ask fn about the sibling at path. */
static bool ask(const char *path, void *arg)
{
	const struct asking *a = arg;
	struct token_list tl = { 0 };
	struct sibling s = { .path = path, .tl = &tl };
	size_t len = 0;
	char *buf = source_slurp(path, &len);
	bool yes = false;

	if (buf && !tokenize(buf, len, &tl)) {
		s.buf = buf;
		s.len = len;
		yes = a->fn(&s, a->arg);
	}
	token_list_free(&tl);
	free(buf);
	return yes;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_c(const struct dirent *de)
{
	return source_is_c(de->d_name);
}

bool sibling_path_any(const char *path, sibling_path_fn *fn, void *arg)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char *dir, *sib;
	struct dirent **v = NULL;
	bool yes = false;
	int n, k;

	if (!strcmp(path, SOURCE_STDIN))
		return false;	/* no folder */
	dir = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
	n = dir ? scandir(dir, &v, is_c, by_name) : -1;
	for (k = 0; k < n; k++) {
		if (!yes && strcmp(v[k]->d_name, base) &&
		    asprintf(&sib, "%s/%s", dir, v[k]->d_name) >= 0) {
			yes = fn(sib, arg);
			free(sib);
		}
		free(v[k]);
	}
	free(v);
	free(dir);
	return yes;
}

bool sibling_any(const char *path, sibling_fn *fn, void *arg)
{
	struct asking a = { fn, arg };

	return sibling_path_any(path, ask, &a);
}
