// SPDX-License-Identifier: GPL-2.0
/* The "newc" format: Documentation/driver-api/early-userspace/buffer-format.rst */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpio.h"

static void put(struct cpio *c, const void *data, size_t size)
{
	const char *p = data;
	ssize_t n;

	while (size && !c->error) {
		n = write(c->fd, p, size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			c->error = n < 0 ? errno : EIO;
			return;
		}
		p += n;
		size -= (size_t)n;
	}
}

static void pad4(struct cpio *c, size_t written)
{
	static const char zeros[4];

	if (written % 4)
		put(c, zeros, 4 - written % 4);
}

static void header(struct cpio *c, const char *name, mode_t mode,
		   size_t size, unsigned int nlink)
{
	char h[128];
	size_t namesize = strlen(name) + 1;

	snprintf(h, sizeof(h),
		 "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 c->ino++, (unsigned int)mode, 0u, 0u, nlink, 0u,
		 (unsigned int)size,
		 0u, 0u, 0u, 0u, (unsigned int)namesize, 0u);
	put(c, h, 110);
	put(c, name, namesize);
	pad4(c, 110 + namesize);
}

void cpio_init(struct cpio *c, int fd)
{
	c->fd = fd;
	c->ino = 1;
	c->error = 0;
}

void cpio_add_dir(struct cpio *c, const char *name)
{
	header(c, name, S_IFDIR | 0755, 0, 2);
}

void cpio_add_file(struct cpio *c, const char *name, mode_t mode,
		   const void *data, size_t size)
{
	header(c, name, S_IFREG | mode, size, 1);
	put(c, data, size);
	pad4(c, size);
}

void cpio_add_symlink(struct cpio *c, const char *name, const char *target)
{
	size_t size = strlen(target);

	header(c, name, S_IFLNK | 0777, size, 1);
	put(c, target, size);
	pad4(c, size);
}

int cpio_finish(struct cpio *c)
{
	header(c, "TRAILER!!!", 0, 0, 1);
	return -c->error;
}
