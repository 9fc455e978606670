// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "diag.h"
#include "source.h"

static int reserve(struct source *src, size_t size)
{
	char *buf;

	if (size + 1 <= src->alloc)
		return 0;
	buf = realloc(src->buf, size + 1);
	if (!buf)
		return -ENOMEM;
	src->buf = buf;
	src->alloc = size + 1;
	return 0;
}

/* Read the whole file; a file that grows while read is cut at st_size. */
static int read_all(struct source *src, int fd)
{
	size_t size = (size_t)src->st.st_size, done = 0;

	if (reserve(src, size))
		return -ENOMEM;
	while (done < size) {
		ssize_t n = read(fd, src->buf + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		done += (size_t)n;
	}
	src->len = done;
	src->buf[done] = 0;
	return 0;
}

/* A file to read, opened so that a FIFO or a terminal does not block. */
static int open_source(const char *path)
{
	return open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
}

static enum source_status open_checked(struct source *src, const char *path,
				       int *fdp)
{
	int fd = open_source(path);

	if (fd < 0) {
		file_error(path, "cannot read: %s", strerror(errno));
		return SOURCE_ERROR;
	}
	if (fstat(fd, &src->st)) {
		file_error(path, "cannot read: %s", strerror(errno));
		goto out_close;
	}
	if (!S_ISREG(src->st.st_mode)) {
		file_error(path, "not a regular file");
		goto out_close;
	}
	if ((uintmax_t)src->st.st_size > SOURCE_MAX_SIZE) {
		file_error(path, "too large (%jd MiB; the limit is %u MiB)",
			   (intmax_t)src->st.st_size >> 20,
			   SOURCE_MAX_SIZE >> 20);
		goto out_close;
	}
	*fdp = fd;
	return SOURCE_OK;
out_close:
	close(fd);
	return SOURCE_ERROR;
}

/* Empty, binary: is the content something modport may handle? */
static enum source_status check_content(struct source *src, bool named)
{
	const char *nul;

	if (!src->len) {
		if (!named)
			return SOURCE_SKIP;
		file_error(src->path, "empty file");
		return SOURCE_ERROR;
	}
	nul = memchr(src->buf, 0, src->len);
	if (nul) {
		file_error(src->path,
			   "binary file (NUL byte at offset %zu), not C source",
			   (size_t)(nul - src->buf));
		return SOURCE_ERROR;
	}
	return SOURCE_OK;
}

enum source_status source_read(struct source *src, const char *path,
			       bool named)
{
	enum source_status status;
	int fd, ret;

	src->path = path;
	src->len = 0;
	status = open_checked(src, path, &fd);
	if (status != SOURCE_OK)
		return status;
	ret = read_all(src, fd);
	close(fd);
	if (ret) {
		file_error(path, "cannot read: %s", strerror(-ret));
		return SOURCE_ERROR;
	}
	return check_content(src, named);
}

enum source_status source_read_stdin(struct source *src)
{
	size_t chunk = 1 << 16;
	ssize_t n;

	src->path = SOURCE_STDIN;
	src->len = 0;
	if (fstat(STDIN_FILENO, &src->st))
		memset(&src->st, 0, sizeof(src->st));
	for (;;) {
		if (reserve(src, src->len + chunk)) {
			file_error(src->path, "cannot read: %s", strerror(ENOMEM));
			return SOURCE_ERROR;
		}
		n = read(STDIN_FILENO, src->buf + src->len, chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			file_error(src->path, "cannot read: %s", strerror(errno));
			return SOURCE_ERROR;
		}
		if (n == 0)
			break;
		src->len += (size_t)n;
		if (src->len > SOURCE_MAX_SIZE) {
			file_error(src->path, "too large (over %u MiB)",
				   SOURCE_MAX_SIZE >> 20);
			return SOURCE_ERROR;
		}
	}
	src->buf[src->len] = 0;
	return check_content(src, true);
}

/* Length of the UTF-8 sequence at p (valid, shortest form), or 0. */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end)
{
	unsigned char c = p[0];
	size_t n, i;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if ((size_t)(end - p) < n)
		return 0;
	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f) ||
	    (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))
		return 0;
	return n;
}

/* Are the 64 bytes at p ASCII? */
static inline bool ascii64(const unsigned char *p)
{
#if defined(__SSE2__)
	__m128i a = _mm_loadu_si128((const __m128i *)p);
	__m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
	__m128i c = _mm_loadu_si128((const __m128i *)(p + 32));
	__m128i d = _mm_loadu_si128((const __m128i *)(p + 48));

	return !_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b),
					       _mm_or_si128(c, d)));
#else
	uint64_t w[8];

	memcpy(w, p, sizeof(w));
	return !((w[0] | w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7]) &
		 0x8080808080808080ull);
#endif
}

size_t utf8_invalid(const char *buf, size_t len)
{
	const unsigned char *p = (const unsigned char *)buf, *end = p + len;

	while (p < end) {
		uint64_t w, x, y, z;
		size_t n;

		if (end - p >= 64 && ascii64(p)) {	/* text: 64 bytes a test */
			p += 64;
			continue;
		}
		if (end - p >= 32) {	/* ASCII runs: 32 bytes a test */
			memcpy(&w, p, 8);
			memcpy(&x, p + 8, 8);
			memcpy(&y, p + 16, 8);
			memcpy(&z, p + 24, 8);
			if (!((w | x | y | z) & 0x8080808080808080ull)) {
				p += 32;
				continue;
			}
		}
		if (end - p >= 8) {
			memcpy(&w, p, 8);
			if (!(w & 0x8080808080808080ull)) {
				p += 8;
				continue;
			}
		}
		if (*p < 0x80) {
			p++;
			continue;
		}
		n = utf8_seq(p, end);
		if (!n)
			return (size_t)(p - (const unsigned char *)buf);
		p += n;
	}
	return len;
}

void source_free(struct source *src)
{
	free(src->buf);
	src->buf = NULL;
	src->alloc = 0;
}

/* Does path (NULL: none) end in ext, a name before it? */
static bool has_ext(const char *path, const char *ext)
{
	size_t n = path ? strlen(path) : 0;

	return n > 2 && !strcmp(path + n - 2, ext);
}

bool source_is_header(const char *path)
{
	return has_ext(path, ".h");
}

bool source_is_c(const char *path)
{
	return has_ext(path, ".c");
}

bool source_unchanged(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

char *source_slurp(const char *path, size_t *len)
{
	struct stat st;

	return source_slurp_stat(path, len, &st);
}

/*
 * The file open at fd (st: its fstat()), mapped: NULL where it cannot be,
 * holds a NUL byte, or fills its last page, which leaves no NUL after it
 * (the bytes of a mapping past the end of its file are 0).
 */
static const char *map_file(int fd, const struct stat *st)
{
	size_t len = (size_t)st->st_size;
	long page = sysconf(_SC_PAGESIZE);
	void *map;

	if (page <= 0 || len % (size_t)page == 0)
		return NULL;
	map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return NULL;
	if (memchr(map, 0, len)) {
		munmap(map, len);
		return NULL;
	}
	return map;
}

/*
 * source_slurp_stat(), and source_slurp_ro() where mapped is not NULL: a
 * large file mapped (*mapped true), else read into a copy.
 */
static char *slurp(const char *path, size_t *len, struct stat *st,
		   bool *mapped)
{
	int fd = open_source(path);
	struct source src = { .path = path };
	char *buf = NULL;

	if (mapped)
		*mapped = false;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &src.st) || !S_ISREG(src.st.st_mode) ||
	    src.st.st_size >= (off_t)SOURCE_MAX_SIZE)
		goto out;
	if (mapped && (size_t)src.st.st_size >= SOURCE_MAP_MIN &&
	    (buf = (char *)map_file(fd, &src.st))) {
		*mapped = true;
		src.len = (size_t)src.st.st_size;
	} else if (!read_all(&src, fd) && !memchr(src.buf, 0, src.len)) {
		buf = src.buf;
	} else {
		free(src.buf);
	}
	if (buf) {
		*len = src.len;
		*st = src.st;
	}
out:
	close(fd);
	return buf;
}

char *source_slurp_stat(const char *path, size_t *len, struct stat *st)
{
	return slurp(path, len, st, NULL);
}

const char *source_slurp_ro(const char *path, size_t *len, bool *mapped)
{
	struct stat st;

	return slurp(path, len, &st, mapped);
}

void source_unslurp(const char *buf, size_t len, bool mapped)
{
	if (mapped)
		munmap((void *)buf, len);
	else
		free((void *)buf);
}
