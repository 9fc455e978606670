/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Atomic in-place write: a mkstemp file in the same directory, mode and
 * owner copied, written, fsync'ed, then renamed over the original.  On any
 * error the temporary file is removed and the original is untouched.
 */
#ifndef MODPORT_INPLACE_H
#define MODPORT_INPLACE_H

#include <stddef.h>
#include <sys/stat.h>

/* Returns 0, or -1 after reporting why. */
int write_in_place(const char *path, const struct stat *st, const char *buf,
		   size_t len);

/* May path be rewritten?  Reports and returns -1 when not. */
int check_writable(const char *path, const struct stat *st);

#endif
