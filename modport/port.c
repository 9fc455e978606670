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

#include "rewrite.h"
#include "rules.h"
#include "ruletab.h"

/* Room for element nr of the vector *vec: 0 or -ENOMEM. */
static int grow(void **vec, size_t nr, size_t *alloc, size_t size,
		size_t first)
{
	size_t n = *alloc ? 2 * *alloc : first;
	void *v;

	if (nr < *alloc)
		return 0;
	v = realloc(*vec, n * size);
	if (!v)
		return -ENOMEM;
	*vec = v;
	*alloc = n;
	return 0;
}

int port_add_edit(struct port *out, size_t pos, size_t del, const char *text)
{
	struct edit *e;

	if (grow((void **)&out->e, out->nr_e, &out->alloc_e, sizeof(*e), 16))
		return -ENOMEM;
	e = &out->e[out->nr_e];
	e->text = strdup(text);
	if (!e->text)
		return -ENOMEM;
	e->pos = pos;
	e->del = del;
	e->seq = ++out->last_seq;
	e->owner = out->last_id;
	out->nr_e++;
	return 0;
}

int port_add_finding(struct port *out, size_t pos, enum rule_id rule,
		     enum severity sev, bool fixable, const char *fmt,
		     va_list ap)
{
	struct finding *f;
	va_list again;
	int n;

	if (grow((void **)&out->f, out->nr_f, &out->alloc_f, sizeof(*f), 8))
		return -ENOMEM;
	f = &out->f[out->nr_f];
	f->pos = pos;
	f->rule = rule;
	f->severity = sev;
	f->fixable = fixable;
	f->deferred = false;
	f->id = ++out->last_id;
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

int port_take_finding(struct port *out, struct finding *f)
{
	if (grow((void **)&out->f, out->nr_f, &out->alloc_f, sizeof(*f), 8))
		return -ENOMEM;
	out->f[out->nr_f] = *f;
	out->f[out->nr_f++].id = ++out->last_id;
	f->msg = NULL;
	return 0;
}

/* By offset; at one offset, notes after the rest. */
static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return x->severity == SEV_NOTE ? 1 : y->severity == SEV_NOTE ? -1 : 0;
}

void port_sort_findings(struct port *p)
{
	if (p->nr_f > 1)
		qsort(p->f, p->nr_f, sizeof(*p->f), cmp_finding);
}

int port_append(struct port *p, struct port *from)
{
	size_t k;

	for (k = 0; k < from->nr_f; k++) {
		if (grow((void **)&p->f, p->nr_f, &p->alloc_f, sizeof(*p->f), 8))
			return -ENOMEM;
		p->f[p->nr_f] = from->f[k];
		p->f[p->nr_f++].id += p->last_id;
	}
	from->nr_f = 0;
	for (k = 0; k < from->nr_e; k++) {
		if (grow((void **)&p->e, p->nr_e, &p->alloc_e, sizeof(*p->e), 16))
			return -ENOMEM;
		p->e[p->nr_e] = from->e[k];
		p->e[p->nr_e].seq = ++p->last_seq;
		if (from->e[k].owner)
			p->e[p->nr_e].owner += p->last_id;
		p->nr_e++;
	}
	from->nr_e = 0;
	p->last_id += from->last_id;
	return 0;
}

static const struct finding *finding_of(const struct port *out, size_t id)
{
	size_t k;

	for (k = 0; id && k < out->nr_f; k++)
		if (out->f[k].id == id)
			return &out->f[k];
	return NULL;
}

/* Drop the edits of finding id (or the one edit seq, if id is 0). */
static void drop_edits(struct port *out, size_t id, size_t seq)
{
	size_t k, n;

	for (k = n = 0; k < out->nr_e; k++)
		if (id ? out->e[k].owner == id : out->e[k].seq == seq)
			free(out->e[k].text);
		else
			out->e[n++] = out->e[k];
	out->nr_e = n;
}

/* Finding id is left unfixed because of the edit of finding winner. */
static int unfix(struct port *out, size_t id, size_t winner)
{
	const struct finding *w = finding_of(out, winner);
	struct finding *f = (struct finding *)finding_of(out, id);
	char *msg;

	if (!f || !f->fixable)
		return 0;
	f->fixable = false;
	f->deferred = true;
	if (asprintf(&msg, "%s (fixed in a later pass: %s%s%s edits the same text first)",
		     f->msg, w ? "the fix of [" : "another fix",
		     w ? rule_name(w->rule) : "", w ? "]" : "") < 0)
		return -ENOMEM;
	free(f->msg);
	f->msg = msg;
	return 0;
}

/* The first edit (in rewrite's order) that overlaps the one before it. */
static size_t first_overlap(const struct port *out)
{
	size_t k, at = 0;

	for (k = 0; k < out->nr_e; k++) {
		if (k && out->e[k].pos < at)
			return k;
		at = out->e[k].pos + out->e[k].del;
	}
	return 0;
}

int port_settle(struct port *out)
{
	size_t k;

	sort_edits(out->e, out->nr_e);
	while ((k = first_overlap(out))) {
		const struct edit *a = &out->e[k - 1], *b = &out->e[k];
		bool b_later = a->owner != b->owner ? b->owner > a->owner
						    : b->seq > a->seq;
		const struct edit *lose = b_later ? b : a, *win = b_later ? a : b;
		size_t id = lose->owner, winner = win->owner;
		int ret;

		if (id == winner)
			winner = 0;
		ret = unfix(out, id, winner);
		drop_edits(out, id, lose->seq);
		if (ret)
			return ret;
	}
	return 0;
}
