/* SPDX-License-Identifier: GPL-2.0 */
/* An initramfs in the kernel's "newc" cpio format, written to a file descriptor. */
#ifndef MODRUN_CPIO_H
#define MODRUN_CPIO_H

#include <stddef.h>
#include <sys/types.h>

struct cpio {
	int fd;
	unsigned int ino;
	int error;	/* first errno seen, 0 if none */
};

void cpio_init(struct cpio *c, int fd);
void cpio_add_dir(struct cpio *c, const char *name);
void cpio_add_file(struct cpio *c, const char *name, mode_t mode,
		   const void *data, size_t size);
void cpio_add_symlink(struct cpio *c, const char *name, const char *target);
/* Write the trailer; returns 0 or -errno of the first failed write. */
int cpio_finish(struct cpio *c);

#endif
