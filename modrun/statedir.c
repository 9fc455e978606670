// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "statedir.h"

uint64_t statedir_hash(const void *data, size_t size, uint64_t h)
{
	const unsigned char *p = data;
	uint64_t w;
	size_t i;

	/* a word at a time: a kernel image is tens of MB */
	for (i = 0; i + 8 <= size; i += 8) {
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 0x100000001b3ull;
	}
	for (; i < size; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static int hash_whole_file(const char *path, uint64_t *hash)
{
	static char buf[1 << 16];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint64_t h = STATEDIR_HASH_INIT;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		h = statedir_hash(buf, (size_t)n, h);
	if (n < 0) {
		n = -errno;
		close(fd);
		return (int)n;
	}
	close(fd);
	*hash = h;
	return 0;
}

/* What identifies a file's version without reading it. */
static void stat_text(const struct stat *st, char *buf, size_t size)
{
	snprintf(buf, size, "%llu %lld %lld.%09ld",
		 (unsigned long long)st->st_ino, (long long)st->st_size,
		 (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec);
}

/* Keep the hash in dir/id.NAME: written aside, then renamed. */
static void save_id(const char *id, const char *stat_line, uint64_t hash)
{
	char tmp[4200];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.%d", id, (int)getpid());
	f = fopen(tmp, "we");
	if (!f)
		return;
	fprintf(f, "%s %016" PRIx64 "\n", stat_line, hash);
	if (fclose(f) || rename(tmp, id))
		unlink(tmp);
}

int statedir_file_hash(const char *dir, const char *path, uint64_t *hash)
{
	char id[4096], line[256], want[200];
	const char *base = strrchr(path, '/');
	struct stat st;
	size_t n;
	FILE *f;
	int ret;

	if (stat(path, &st))
		return -errno;
	stat_text(&st, want, sizeof(want));
	snprintf(id, sizeof(id), "%s/id.%s", dir, base ? base + 1 : path);
	f = fopen(id, "re");
	if (f) {
		n = strlen(want);
		if (fgets(line, sizeof(line), f) && !strncmp(line, want, n) &&
		    line[n] == ' ' &&
		    sscanf(line + n + 1, "%" SCNx64, hash) == 1) {
			fclose(f);
			return 0;
		}
		fclose(f);
	}
	ret = hash_whole_file(path, hash);
	if (!ret)
		save_id(id, want, *hash);
	return ret;
}

void statedir_describe(const char *kernel_dir, char *buf, size_t size)
{
	char dir[4096], path[4400];
	struct dirent *e;
	struct stat st;
	long long bytes = 0;
	size_t len;
	int n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/%s", kernel_dir, STATEDIR_NAME);
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".key"))
			continue;
		snprintf(path, sizeof(path), "%s/%.*s.state", dir,
			 (int)(len - 4), e->d_name);
		if (stat(path, &st))
			continue;
		n++;
		bytes += st.st_size;
		snprintf(path, sizeof(path), "%s/%.*s.ram", dir,
			 (int)(len - 4), e->d_name);
		if (!stat(path, &st))
			bytes += (long long)st.st_blocks * 512;
	}
	if (d)
		closedir(d);
	if (n)
		snprintf(buf, size, "state: %d (%lld MB)", n, bytes >> 20);
	else
		snprintf(buf, size, "no state");
}
