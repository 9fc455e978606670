/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pathjoin: a folder's path and a name in it joined, without printf's
 * parsing of a format: the walk joins one for each of a tree's files, the
 * rules one for each #include they follow; and a path's folder part.
 */
#ifndef MODPORT_PATHJOIN_H
#define MODPORT_PATHJOIN_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/*
 * dir[0..dlen) and name[0..nlen) as one path, a '/' between them unless
 * dir is empty or ends with one; NULL: no memory.
 */
static inline char *path_join(const char *dir, size_t dlen, const char *name,
			      size_t nlen)
{
	size_t slash = dlen && dir[dlen - 1] != '/';
	char *p = malloc(dlen + slash + nlen + 1);

	if (!p)
		return NULL;
	memcpy(p, dir, dlen);
	p[dlen] = '/';
	memcpy(p + dlen + slash, name, nlen);
	p[dlen + slash + nlen] = 0;
	return p;
}

/*
 * path_join() of the strings dir and name into out (size bytes): false
 * where it does not fit.
 */
static inline bool path_join_to(char *out, size_t size, const char *dir,
				 const char *name)
{
	size_t dlen = strlen(dir), nlen = strlen(name);
	size_t slash = dlen && dir[dlen - 1] != '/';

	if (dlen + slash + nlen >= size)
		return false;
	memcpy(out, dir, dlen);
	out[dlen] = '/';
	memcpy(out + dlen + slash, name, nlen + 1);
	return true;
}

/* The length of path's folder part ("a/b/c.c": 3), 0 for none or NULL. */
static inline size_t path_folder_len(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? (size_t)(slash - path) : 0;
}

#endif
