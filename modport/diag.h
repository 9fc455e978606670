/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Diagnostics: GCC's FILE:LINE:COL: SEVERITY: MESSAGE [RULE] for findings,
 * err(3)'s "modport: FILE: MESSAGE" for trouble with a file.
 */
#ifndef MODPORT_DIAG_H
#define MODPORT_DIAG_H

#include <stddef.h>

#define FORMAT_ATTR(n) __attribute__((format(printf, n, n + 1)))

struct diag_pos {
	unsigned int line;	/* 1-based, physical lines */
	unsigned int col;	/* 1-based display column, tabs to 8 */
};

struct diag_pos diag_position(const char *buf, size_t pos);

/* FILE:LINE:COL: SEVERITY: MESSAGE [RULE] on stderr (rule may be NULL). */
void diag_at(const char *path, const char *buf, size_t pos,
	     const char *severity, const char *rule, const char *fmt, ...)
	FORMAT_ATTR(6);

/* The same, on stdout: what check reports. */
void diag_finding(const char *path, struct diag_pos at, const char *rule,
		  const char *msg);

/* modport: FILE: MESSAGE on stderr. */
void file_error(const char *path, const char *fmt, ...) FORMAT_ATTR(2);

#endif
