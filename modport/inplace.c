// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "inplace.h"

int check_writable(const char *path, const struct stat *st)
{
	struct stat now;

	if (lstat(path, &now) == 0 && S_ISLNK(now.st_mode)) {
		file_error(path, "cannot fix in place: a symbolic link");
		return -1;
	}
	if (!(st->st_mode & 0222) || access(path, W_OK)) {
		file_error(path, "cannot fix in place: %s",
			   !(st->st_mode & 0222) ? "the file is read-only" :
			   strerror(errno));
		return -1;
	}
	return 0;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

static char *temp_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *tmp;
	int dir = slash ? (int)(slash - path + 1) : 0;

	if (asprintf(&tmp, "%.*s.modport.XXXXXX", dir, path) < 0)
		return NULL;
	return tmp;
}

int write_in_place(const char *path, const struct stat *st, const char *buf,
		   size_t len)
{
	char *tmp = temp_name(path);
	const char *what = "cannot create a temporary file";
	int fd;

	if (!tmp)
		goto out_fail;
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out_fail;
	what = "cannot write";
	if (fchmod(fd, st->st_mode & 07777) ||
	    (fchown(fd, st->st_uid, st->st_gid) && errno != EPERM) ||
	    write_all(fd, buf, len) || fsync(fd)) {
		int e = errno;

		close(fd);
		errno = e;
		goto out_unlink;
	}
	if (close(fd))
		goto out_unlink;
	what = "cannot replace the file";
	if (rename(tmp, path))
		goto out_unlink;
	free(tmp);
	return 0;
out_unlink:
	errno = errno ? errno : EIO;
	file_error(path, "%s: %s", what, strerror(errno));
	unlink(tmp);
	free(tmp);
	return -1;
out_fail:
	file_error(path, "%s: %s", what, strerror(errno));
	free(tmp);
	return -1;
}
