/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a source file whole (one read), with the checks of the bad-input
 * table: regular file, size limit, no NUL byte, valid UTF-8.
 */
#ifndef MODPORT_SOURCE_H
#define MODPORT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#define SOURCE_MAX_SIZE (64u << 20)	/* 64 MiB */

struct source {
	const char *path;
	char *buf;		/* len bytes and a NUL */
	size_t len;
	size_t alloc;
	struct stat st;
};

enum source_status {
	SOURCE_OK,
	SOURCE_SKIP,		/* nothing to do: an empty file found in a walk */
	SOURCE_ERROR,		/* reported; the file is not processed */
};

/*
 * Read path into src (its buffer is reused from call to call).  named: the
 * file was named on the command line (an empty one is then an error).
 * Reports any trouble itself.
 */
enum source_status source_read(struct source *src, const char *path,
			       bool named);

#define SOURCE_STDIN "<stdin>"	/* the path of standard input */

/* Read standard input whole into src, with the same checks. */
enum source_status source_read_stdin(struct source *src);

/*
 * Another file the port reads (a local header, a sibling .c), quietly:
 * the whole regular file at path, NUL-terminated, in *len bytes; NULL if
 * it cannot be read, is too large, or holds a NUL byte.
 */
char *source_slurp(const char *path, size_t *len);
/* source_slurp(), and the file's fstat() as it was read into *st. */
char *source_slurp_stat(const char *path, size_t *len, struct stat *st);
/*
 * A file read only, as source_slurp() reads it (NULL for the same
 * reasons; NUL-terminated) - a large one mapped, not copied, where its
 * page cache serves: source_slurp() copies every byte of it once more.
 * *mapped says which; source_unslurp() gives it back.  (A mapped file
 * that another process cuts short while it is read ends this one with
 * SIGBUS, as with any reader that maps, ripgrep's --mmap among them:
 * projnames' reading of a tree's headers, which nothing writes then.)
 */
const char *source_slurp_ro(const char *path, size_t *len, bool *mapped);
void source_unslurp(const char *buf, size_t len, bool mapped);
/* The size from which source_slurp_ro() maps a file. */
#define SOURCE_MAP_MIN ((size_t)64 << 10)

/*
 * Are a and b, two stat()s of a path, the same file unchanged (device,
 * inode, size, modification and change times)?  fix --in-place replaces a
 * file by a rename: a new inode, a new change time.
 */
bool source_unchanged(const struct stat *a, const struct stat *b);
/* Is path (NULL: standard input) a header, a name ending in ".h"? */
bool source_is_header(const char *path);
/* Is path (NULL: standard input) a C file, a name ending in ".c"? */
bool source_is_c(const char *path);

/* Offset of the first byte that is not valid UTF-8, or len if none. */
size_t utf8_invalid(const char *buf, size_t len);

void source_free(struct source *src);

#endif
