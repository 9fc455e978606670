// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

#define CONTEXT 3
#define TRACE_MAX (64u << 20)	/* ints kept for backtracking */

struct line {
	const char *s;
	size_t len;		/* terminator included */
};

struct lines {
	struct line *l;
	size_t nr;
};

enum { OP_EQ, OP_DEL, OP_INS };

struct op {
	int type;
	size_t a, b;		/* line indexes at this op */
};

struct ops {
	struct op *o;
	size_t nr;
};

static int split_lines(const char *s, size_t len, struct lines *ls)
{
	const char *p = s, *end = s + len, *nl;
	size_t n = 0;

	for (nl = p; nl < end && (nl = memchr(nl, '\n', end - nl)); nl++)
		n++;
	ls->l = malloc((n + 1) * sizeof(*ls->l));
	if (!ls->l)
		return -ENOMEM;
	ls->nr = 0;
	while (p < end) {
		nl = memchr(p, '\n', end - p);
		nl = nl ? nl + 1 : end;
		ls->l[ls->nr].s = p;
		ls->l[ls->nr++].len = (size_t)(nl - p);
		p = nl;
	}
	return 0;
}

static bool same(const struct line *x, const struct line *y)
{
	return x->len == y->len && !memcmp(x->s, y->s, x->len);
}

static void push_op(struct ops *ops, int type, size_t a, size_t b)
{
	ops->o[ops->nr++] = (struct op){ type, a, b };
}

struct myers {
	const struct line *a, *b;
	long n, m, max;
	long *trace;		/* row d: v[-(d + 1) .. d + 1] before step d */
	size_t alloc;		/* longs allocated in trace */
	long depth;		/* rows filled */
};

/* Where row d of the trace starts: the rows before are 3, 5, 7, ... long. */
static inline size_t row_start(long d)
{
	return (size_t)(d * d + 2 * d);
}

/* Room for rows 0..d; doubles, so the copies stay linear. */
static int trace_reserve(struct myers *my, long d)
{
	size_t need = row_start(d + 1), n = my->alloc ? my->alloc : 1024;
	long *t;

	if (need <= my->alloc)
		return 0;
	if (need > TRACE_MAX)
		return -ENOMEM;
	while (n < need)
		n *= 2;
	t = realloc(my->trace, n * sizeof(*t));
	if (!t)
		return -ENOMEM;
	my->trace = t;
	my->alloc = n;
	return 0;
}

/* Forward pass; returns 0, or -ENOMEM (trace too large or no memory). */
static int myers_forward(struct myers *my)
{
	long w = 2 * my->max + 2, d, k, x, y;
	long *base = calloc((size_t)w + 2, sizeof(*base)), *v = base + 1;

	if (!base)
		return -ENOMEM;
	for (d = 0; d <= my->max; d++) {
		if (trace_reserve(my, d))
			goto out_nomem;
		memcpy(my->trace + row_start(d), v + my->max - d - 1,
		       (size_t)(2 * d + 3) * sizeof(long));
		my->depth = d + 1;
		for (k = -d; k <= d; k += 2) {
			long *vk = v + my->max + k;

			x = (k == -d || (k != d && vk[-1] < vk[1])) ?
			    vk[1] : vk[-1] + 1;
			for (y = x - k; x < my->n && y < my->m &&
			     same(&my->a[x], &my->b[y]); x++, y++)
				;
			*vk = x;
			if (x >= my->n && y >= my->m)
				goto out_done;
		}
	}
out_done:
	free(base);
	return 0;
out_nomem:
	free(base);
	return -ENOMEM;
}

/* Backtrack into ops (reversed), offsets added back. */
static void myers_backtrack(struct myers *my, struct ops *ops, size_t off)
{
	long d, x = my->n, y = my->m;
	size_t start = ops->nr, i, j;

	for (d = my->depth - 1; d >= 0; d--) {
		long *v = my->trace + row_start(d) + d + 1, k = x - y, pk, px, py;

		pk = (k == -d || (k != d && v[k - 1] < v[k + 1])) ?
		     k + 1 : k - 1;
		px = v[pk];
		py = px - pk;
		for (; x > px && y > py; x--, y--)
			push_op(ops, OP_EQ, off + x - 1, off + y - 1);
		if (d > 0 && x == px)
			push_op(ops, OP_INS, off + x, off + py);
		else if (d > 0)
			push_op(ops, OP_DEL, off + px, off + y);
		x = px;
		y = py;
	}
	for (i = start, j = ops->nr - 1; i < j; i++, j--) {
		struct op t = ops->o[i];

		ops->o[i] = ops->o[j];
		ops->o[j] = t;
	}
}

/* Too many differences to trace: all of a out, all of b in. */
static void replace_all(struct myers *my, struct ops *ops, size_t off)
{
	long i;

	for (i = 0; i < my->n; i++)
		push_op(ops, OP_DEL, off + i, off);
	for (i = 0; i < my->m; i++)
		push_op(ops, OP_INS, off + my->n, off + i);
}

static int diff_lines(const struct lines *a, const struct lines *b,
		      struct ops *ops)
{
	size_t p = 0, s = 0, i;
	struct myers my = { 0 };

	ops->o = malloc((a->nr + b->nr + 1) * sizeof(*ops->o));
	if (!ops->o)
		return -ENOMEM;
	ops->nr = 0;
	while (p < a->nr && p < b->nr && same(&a->l[p], &b->l[p]))
		push_op(ops, OP_EQ, p, p), p++;
	while (s < a->nr - p && s < b->nr - p &&
	       same(&a->l[a->nr - 1 - s], &b->l[b->nr - 1 - s]))
		s++;
	my = (struct myers){ .a = a->l + p, .b = b->l + p,
			     .n = (long)(a->nr - p - s),
			     .m = (long)(b->nr - p - s) };
	my.max = my.n + my.m;
	if (myers_forward(&my))
		replace_all(&my, ops, p);
	else
		myers_backtrack(&my, ops, p);
	free(my.trace);
	for (i = 0; i < s; i++)
		push_op(ops, OP_EQ, a->nr - s + i, b->nr - s + i);
	return 0;
}

static void print_line(FILE *out, char mark, const struct line *l)
{
	fputc(mark, out);
	fwrite(l->s, 1, l->len, out);
	if (!l->len || l->s[l->len - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

/* One hunk: ops [from, to). */
static void print_hunk(FILE *out, const struct ops *ops, size_t from,
		       size_t to, const struct lines *a, const struct lines *b)
{
	size_t na = 0, nb = 0, i;
	const struct op *o;

	for (i = from; i < to; i++) {
		na += ops->o[i].type != OP_INS;
		nb += ops->o[i].type != OP_DEL;
	}
	o = &ops->o[from];
	fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", o->a + (na != 0), na,
		o->b + (nb != 0), nb);
	for (i = from; i < to; i++) {
		o = &ops->o[i];
		if (o->type == OP_EQ)
			print_line(out, ' ', &a->l[o->a]);
		else if (o->type == OP_DEL)
			print_line(out, '-', &a->l[o->a]);
		else
			print_line(out, '+', &b->l[o->b]);
	}
}

/* Hunks: changes with CONTEXT lines around, merged when close. */
static void print_hunks(FILE *out, const struct ops *ops,
			const struct lines *a, const struct lines *b)
{
	size_t i = 0, from, to, last;

	for (;;) {
		while (i < ops->nr && ops->o[i].type == OP_EQ)
			i++;
		if (i == ops->nr)
			return;
		from = i > CONTEXT ? i - CONTEXT : 0;
		last = i;
		for (; i < ops->nr && i <= last + 2 * CONTEXT + 1; i++)
			if (ops->o[i].type != OP_EQ)
				last = i;
		to = last + 1 + CONTEXT < ops->nr ? last + 1 + CONTEXT :
		     ops->nr;
		print_hunk(out, ops, from, to, a, b);
		i = to;
	}
}

/* a/PATH with any leading ./ and / dropped. */
static const char *diff_name(const char *path)
{
	for (;;) {
		if (path[0] == '.' && path[1] == '/')
			path += 2;
		else if (path[0] == '/')
			path++;
		else
			return path;
	}
}

int diff_print(FILE *out, const char *path, const char *a, size_t alen,
	       const char *b, size_t blen)
{
	struct lines la = { 0 }, lb = { 0 };
	struct ops ops = { 0 };
	int ret = -ENOMEM;

	if (split_lines(a, alen, &la) || split_lines(b, blen, &lb) ||
	    diff_lines(&la, &lb, &ops))
		goto out_free;
	fprintf(out, "--- a/%s\n+++ b/%s\n", diff_name(path), diff_name(path));
	print_hunks(out, &ops, &la, &lb);
	ret = 0;
out_free:
	free(ops.o);
	free(la.l);
	free(lb.l);
	return ret;
}
