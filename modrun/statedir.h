/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a kernel's saved VM states live, beside it: KERNEL_DIR/snapshots,
 * one KEY.state (QEMU's migration stream) and KEY.key (what it was made
 * for: written last, it says the state is complete) per machine; and the
 * content hashes of big files (the kernel, QEMU), cached by their stat.
 */
#ifndef MODRUN_STATEDIR_H
#define MODRUN_STATEDIR_H

#include <stddef.h>
#include <stdint.h>

#define STATEDIR_NAME "snapshots"

/* FNV-1a, 64 bits, continued from h (start with STATEDIR_HASH_INIT). */
#define STATEDIR_HASH_INIT 0xcbf29ce484222325ull
uint64_t statedir_hash(const void *data, size_t size, uint64_t h);

/*
 * The content hash of path; the folder dir keeps it ("id.NAME") for as
 * long as path's inode, size and mtime stay.  0 or -errno.
 */
int statedir_file_hash(const char *dir, const char *path, uint64_t *hash);

/* For --list-kernels: "state: 1 (62 MB)", or "no state". */
void statedir_describe(const char *kernel_dir, char *buf, size_t size);

#endif
