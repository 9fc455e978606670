// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deps.h"

void deps_name_of(const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	char *dot, *c;

	memmove(buf, base ? base + 1 : path,
		strnlen(base ? base + 1 : path, size - 1) + 1);
	buf[size - 1] = '\0';
	dot = strstr(buf, ".ko");
	if (dot)
		*dot = '\0';
	for (c = buf; *c; c++)
		if (*c == '-')
			*c = '_';
}

static void entry_free(struct deps_entry *e)
{
	size_t i;

	for (i = 0; i < e->nr_deps; i++)
		free(e->deps[i]);
	free(e->deps);
	free(e->name);
	free(e->path);
}

void deps_index_free(struct deps_index *idx)
{
	size_t i;

	for (i = 0; i < idx->nr_entries; i++)
		entry_free(&idx->entries[i]);
	free(idx->entries);
	free(idx->dir);
	memset(idx, 0, sizeof(*idx));
}

/* "kernel/lib/crc8.ko: kernel/a.ko kernel/b.ko" into e. */
static int parse_dep_line(char *line, struct deps_entry *e)
{
	char *colon = strchr(line, ':'), *tok, *save, name[256], **grown;

	memset(e, 0, sizeof(*e));
	if (!colon)
		return -EINVAL;
	*colon = '\0';
	deps_name_of(line, name, sizeof(name));
	e->name = strdup(name);
	e->path = strdup(line);
	if (!e->name || !e->path)
		return -ENOMEM;
	for (tok = strtok_r(colon + 1, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		grown = realloc(e->deps, (e->nr_deps + 1) * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		e->deps = grown;
		e->deps[e->nr_deps] = strdup(tok);
		if (!e->deps[e->nr_deps++])
			return -ENOMEM;
	}
	return 0;
}

int deps_index_load(struct deps_index *idx, const char *dir)
{
	char path[4096], *line = NULL;
	size_t size = 0, cap = 0;
	struct deps_entry *grown;
	FILE *f;
	int ret = 0;

	memset(idx, 0, sizeof(*idx));
	snprintf(path, sizeof(path), "%s/modules.dep", dir);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	idx->dir = strdup(dir);
	while (!ret && idx->dir && getline(&line, &size, f) > 0) {
		if (!strchr(line, ':'))
			continue;
		if (idx->nr_entries == cap) {
			cap = cap ? 2 * cap : 1024;
			grown = realloc(idx->entries, cap * sizeof(*grown));
			if (!grown) {
				ret = -ENOMEM;
				break;
			}
			idx->entries = grown;
		}
		ret = parse_dep_line(line, &idx->entries[idx->nr_entries]);
		idx->nr_entries++;
	}
	if (!idx->dir)
		ret = -ENOMEM;
	free(line);
	fclose(f);
	if (ret)
		deps_index_free(idx);
	return ret;
}

const struct deps_entry *deps_find(const struct deps_index *idx,
				   const char *name)
{
	size_t i;

	for (i = 0; i < idx->nr_entries; i++)
		if (!strcmp(idx->entries[i].name, name))
			return &idx->entries[i];
	return NULL;
}

static const struct deps_entry *find_path(const struct deps_index *idx,
					  const char *path)
{
	size_t i;

	for (i = 0; i < idx->nr_entries; i++)
		if (!strcmp(idx->entries[i].path, path))
			return &idx->entries[i];
	return NULL;
}

static int append(const struct deps_entry *e, const struct deps_entry ***order,
		  size_t *nr)
{
	const struct deps_entry **grown;
	size_t i;

	for (i = 0; i < *nr; i++)
		if ((*order)[i] == e)
			return 0;
	grown = realloc(*order, (*nr + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	*order = grown;
	(*order)[(*nr)++] = e;
	return 0;
}

int deps_resolve(const struct deps_index *idx, const char *depends,
		 int (*skip)(const char *name, void *arg), void *arg,
		 const struct deps_entry ***order, size_t *nr,
		 const char **missing)
{
	static char name[256];
	const struct deps_entry *e, *d;
	const char *p = depends;
	size_t len, i;
	int ret;

	while (*p) {
		len = strcspn(p, ",");
		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		p += len + (p[len] == ',');
		deps_name_of(name, name, sizeof(name));
		if (!name[0] || (skip && skip(name, arg)))
			continue;
		e = deps_find(idx, name);
		if (!e) {
			*missing = name;
			return -ENOENT;
		}
		/* modules.dep lists what e needs, the last one first to load. */
		for (i = e->nr_deps; i > 0; i--) {
			d = find_path(idx, e->deps[i - 1]);
			if (!d) {
				*missing = e->deps[i - 1];
				return -ENOENT;
			}
			ret = append(d, order, nr);
			if (ret)
				return ret;
		}
		ret = append(e, order, nr);
		if (ret)
			return ret;
	}
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

static int read_all(int fd, void **data, size_t *size)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap), *grown;
	ssize_t n;

	while (buf) {
		if (len == cap) {
			grown = realloc(buf, cap *= 2);
			if (!grown)
				break;
			buf = grown;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			return -errno;
		}
		if (n == 0) {
			*data = buf;
			*size = len;
			return 0;
		}
		len += (size_t)n;
	}
	free(buf);
	return -ENOMEM;
}

/* The output of TOOL -dc PATH. */
static int decompress(const char *tool, const char *path, void **data,
		      size_t *size, const char **why)
{
	int fds[2], status, ret;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		execlp(tool, tool, "-dcq", path, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	ret = pid < 0 ? -errno : read_all(fds[0], data, size);
	close(fds[0]);
	if (pid < 0)
		return ret;
	waitpid(pid, &status, 0);
	if (!ret && (!WIFEXITED(status) || WEXITSTATUS(status))) {
		free(*data);
		*why = WIFEXITED(status) && WEXITSTATUS(status) == 127 ?
		       "cannot run the decompressor (Debian: apt-get install xz-utils zstd)" :
		       "the decompressor failed";
		return -EIO;
	}
	return ret;
}

int deps_read_module(const char *path, void **data, size_t *size,
		     const char **why)
{
	int fd, ret;

	*why = NULL;
	if (ends_with(path, ".xz"))
		return decompress("xz", path, data, size, why);
	if (ends_with(path, ".zst"))
		return decompress("zstd", path, data, size, why);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = read_all(fd, data, size);
	close(fd);
	return ret;
}
