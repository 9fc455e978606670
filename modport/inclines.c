// SPDX-License-Identifier: GPL-2.0
/*
 * inclines.c: the include lines of a folder's .c files (inclines.h).  A
 * few folders are kept, each with its .c files in name order and, read on
 * first use, each file's lines that start with '#' and have "include".
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hdrcache.h"
#include "inclines.h"
#include "source.h"

/* fgets(line, LINE_MAX_READ + 1, f): at most this many bytes a line. */
#define LINE_MAX_READ 1023
#define FOLDERS 8

struct c_file {
	char *name;
	char *lines;		/* the lines kept, each NUL-terminated */
	size_t len;		/* bytes of lines */
	bool read;
};

struct folder {
	char *path;
	struct stat st;		/* as it was when listed */
	unsigned long checked;	/* hdrcache_writes() when last looked at */
	struct c_file *file;
	size_t nr;
};

static struct folder folders[FOLDERS];
static unsigned int next_out;	/* the folder to replace next */

static void folder_free(struct folder *f)
{
	size_t k;

	for (k = 0; k < f->nr; k++) {
		free(f->file[k].name);
		free(f->file[k].lines);
	}
	free(f->file);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_c(const struct dirent *de)
{
	return source_is_c(de->d_name);
}

/* List the .c files of the folder at dir into f; false: no folder. */
static bool list(struct folder *f, const char *dir, const struct stat *st)
{
	struct dirent **v = NULL;
	int n = scandir(dir, &v, is_c, by_name), k;

	if (n < 0)
		return false;
	f->path = strdup(dir);
	f->file = calloc(n ? (size_t)n : 1, sizeof(*f->file));
	f->st = *st;
	for (k = 0; k < n; k++) {
		if (f->path && f->file &&
		    (f->file[f->nr].name = strdup(v[k]->d_name)))
			f->nr++;
		free(v[k]);
	}
	free(v);
	if (!f->path || !f->file || f->nr != (size_t)n) {
		folder_free(f);
		return false;
	}
	return true;
}

/*
 * The folder at dir, listed as it is now; NULL if it cannot be.  A folder
 * listed since the last write the run made (hdrcache_writes()) is taken
 * as it is, as hdrcache takes a header: only a write of the run's own
 * (fix --in-place) changes it.
 */
static struct folder *folder_of(const char *dir)
{
	struct folder *f = NULL;
	struct stat st;
	unsigned int k;

	for (k = 0; k < FOLDERS && !f; k++)
		if (folders[k].path && !strcmp(folders[k].path, dir))
			f = &folders[k];
	if (f && f->checked == hdrcache_writes())
		return f;
	if (stat(dir, &st))
		return NULL;
	if (!f || !source_unchanged(&f->st, &st)) {
		if (!f) {
			f = &folders[next_out];
			next_out = (next_out + 1) % FOLDERS;
		}
		folder_free(f);
		if (!list(f, dir, &st))
			return NULL;
	}
	f->checked = hdrcache_writes();
	return f;
}

/* Keep line[0..str) after the lines kept, NUL-terminated.  0 or -1. */
static int keep(struct c_file *cf, size_t *alloc, const char *line,
		size_t str)
{
	if (cf->len + str + 1 > *alloc) {
		char *more;

		*alloc = 2 * (cf->len + str + 1);
		more = realloc(cf->lines, *alloc);
		if (!more)
			return -1;
		cf->lines = more;
	}
	memcpy(cf->lines + cf->len, line, str);
	cf->lines[cf->len + str] = 0;
	cf->len += str + 1;
	return 0;
}

/*
 * Keep the lines of buf[0..len) that the question can say yes to: as
 * fgets() reads them (a line longer than LINE_MAX_READ bytes is pieces of
 * that many), each as a string (up to a NUL), whose first byte that is
 * not a blank is '#' and that has "include" after it.  Only a '#' can
 * start one: the scan goes from '#' to '#' (memchr()), and reads the
 * piece around each.
 */
static int keep_lines(struct c_file *cf, const char *buf, size_t len)
{
	const char *end = buf + len, *from = buf, *start = buf;
	const char *hash, *nl, *line, *p;
	size_t alloc = 0, n, str;

	while (from < end && (hash = memchr(from, '#', (size_t)(end - from)))) {
		nl = memrchr(from, '\n', (size_t)(hash - from));
		if (nl)
			start = nl + 1;		/* the line of hash */
		line = start + (size_t)(hash - start) / LINE_MAX_READ *
				       LINE_MAX_READ;	/* its piece */
		n = (size_t)(end - line) < LINE_MAX_READ ?
		    (size_t)(end - line) : LINE_MAX_READ;
		nl = memchr(line, '\n', n);
		if (nl)
			n = (size_t)(nl - line) + 1;
		from = line + n;
		if (nl)
			start = from;		/* the next line's */
		for (p = line; p < hash && (*p == ' ' || *p == '\t'); p++)
			;
		if (p != hash)
			continue;	/* a byte before it: not the first */
		str = strnlen(line, n);		/* as a string: up to a NUL */
		if (memmem(hash, str - (size_t)(hash - line), "include", 7) &&
		    keep(cf, &alloc, line, str))
			return -1;
	}
	return 0;
}

/* Read the lines of the file at path into cf (none if unreadable). */
static void read_lines(struct c_file *cf, const char *path)
{
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	cf->read = true;
	if (fd < 0)
		return;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) &&
	    (buf = malloc((size_t)st.st_size + 1)))
		while (got < (size_t)st.st_size &&
		       (n = read(fd, buf + got, (size_t)st.st_size - got)) > 0)
			got += (size_t)n;
	close(fd);
	if (buf && keep_lines(cf, buf, got)) {
		free(cf->lines);
		cf->lines = NULL;
		cf->len = 0;
	}
	free(buf);
}

static bool has_line(const struct c_file *cf, const char *want)
{
	size_t k;

	for (k = 0; k < cf->len; k += strlen(cf->lines + k) + 1) {
		const char *line = cf->lines + k;

		if (strstr(line + strspn(line, " \t"), want))
			return true;
	}
	return false;
}

bool inclines_sibling_has(const char *path, const char *want)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	struct folder *f;
	char *dir, *sib;
	size_t k;
	bool yes = false;

	if (!strcmp(path, SOURCE_STDIN))
		return false;	/* no folder */
	dir = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
	f = dir ? folder_of(dir) : NULL;
	for (k = 0; f && !yes && k < f->nr; k++) {
		struct c_file *cf = &f->file[k];

		if (!strcmp(cf->name, base))
			continue;
		if (!cf->read) {
			if (asprintf(&sib, "%s/%s", dir, cf->name) < 0)
				continue;
			read_lines(cf, sib);
			free(sib);
		}
		yes = has_line(cf, want);
	}
	free(dir);
	return yes;
}
