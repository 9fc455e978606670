// SPDX-License-Identifier: GPL-2.0
/*
 * port: a file's findings and edits as they grow (see rules.h).  The one
 * place that appends to struct port: the engine's services (porter.c), the
 * build files (buildfile.c) and the version conditionals (kversion.c) go
 * through it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

int port_add_edit(struct port *out, size_t pos, size_t del, const char *text)
{
	struct edit *e;

	if (out->nr_e == out->alloc_e) {
		size_t n = out->alloc_e ? 2 * out->alloc_e : 16;

		e = realloc(out->e, n * sizeof(*e));
		if (!e)
			return -ENOMEM;
		out->e = e;
		out->alloc_e = n;
	}
	e = &out->e[out->nr_e];
	e->text = strdup(text);
	if (!e->text)
		return -ENOMEM;
	e->pos = pos;
	e->del = del;
	e->seq = ++out->nr_e;
	return 0;
}

int port_add_finding(struct port *out, size_t pos, enum rule_id rule,
		     enum severity sev, bool fixable, const char *fmt,
		     va_list ap)
{
	struct finding *f;
	va_list again;
	int n;

	if (out->nr_f == out->alloc_f) {
		size_t k = out->alloc_f ? 2 * out->alloc_f : 8;

		f = realloc(out->f, k * sizeof(*f));
		if (!f)
			return -ENOMEM;
		out->f = f;
		out->alloc_f = k;
	}
	f = &out->f[out->nr_f];
	f->pos = pos;
	f->rule = rule;
	f->severity = sev;
	f->fixable = fixable;
	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	f->msg = malloc((size_t)n + 1);
	if (!f->msg)
		return -ENOMEM;
	vsnprintf(f->msg, (size_t)n + 1, fmt, ap);
	out->nr_f++;
	return 0;
}
