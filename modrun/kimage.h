/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kimage: is a kernel image whole?  A truncated or corrupted vmlinux (ELF)
 * or vmlinuz (bzImage) is named before QEMU boots it, instead of a guest
 * that never reports.
 */
#ifndef MODRUN_KIMAGE_H
#define MODRUN_KIMAGE_H

#include <stddef.h>

/*
 * Check the image in buf (size bytes, the whole file or at least its
 * headers; file_size is the file's size).  Returns 0 when whole, -EINVAL
 * with a reason in why when not.
 */
int kimage_check(const unsigned char *buf, size_t size, size_t file_size,
		 char *why, size_t wsize);

/* kimage_check on a file; -errno when it cannot be read. */
int kimage_check_file(const char *path, char *why, size_t wsize);

#endif
