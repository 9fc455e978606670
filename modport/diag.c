// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

struct diag_pos diag_position(const char *buf, size_t pos)
{
	struct diag_pos at = { 1, 0 };
	const char *line = buf, *p, *end = buf + pos;

	for (p = memchr(buf, '\n', pos); p; p = memchr(p, '\n', end - p)) {
		at.line++;
		line = ++p;
	}
	for (p = line; p < end; p++) {
		if (*p == '\t')
			at.col += 8 - at.col % 8;
		else if (((unsigned char)*p & 0xc0) != 0x80)
			at.col++;
	}
	at.col++;
	return at;
}

void diag_at(const char *path, const char *buf, size_t pos,
	     const char *severity, const char *rule, const char *fmt, ...)
{
	struct diag_pos at = diag_position(buf, pos);
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s:%u:%u: %s: ", path, at.line, at.col, severity);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (rule)
		fprintf(stderr, " [%s]", rule);
	fputc('\n', stderr);
}

void diag_finding(const char *path, struct diag_pos at, const char *rule,
		  const char *msg)
{
	printf("%s:%u:%u: warning: %s [%s]\n", path, at.line, at.col, msg,
	       rule);
}

void file_error(const char *path, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: %s: ", program_invocation_short_name, path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
