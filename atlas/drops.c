// SPDX-License-Identifier: GPL-2.0
/*
 * drops.c: the arguments a kernel macro never compiles (drops.h), read
 * from the bodies of its definitions in one release's headers.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../modport/token.h"
#include "drops.h"

#define MAX_PARAMS 32
#define MAX_DEPTH 64

struct call {
	uint32_t name;		/* an enclosing call in the body */
	unsigned int arg;	/* the argument the parameter is in */
};

struct occ {
	unsigned int param;
	size_t first, n;	/* its enclosing calls, innermost first */
};

struct def {
	uint32_t name;
	unsigned int nparams;
	bool variadic;
	uint32_t compiled;	/* parameters the body compiles itself */
	size_t first, n;	/* its occurrences inside calls */
	size_t next;		/* the next definition of the name, + 1 */
};

static char **names;		/* interned */
static size_t *first_def;	/* per name: its first definition, + 1 */
static uint32_t *dropped;	/* per name: the parameters it drops */
static size_t nr_names, alloc_names;
static uint32_t *by_name;	/* open addressing: name id + 1 */
static size_t by_size;

static struct def *defs;
static size_t nr_defs, alloc_defs;
static struct occ *occs;
static size_t nr_occs, alloc_occs;
static struct call *calls;
static size_t nr_calls, alloc_calls;

static void die_nomem(void)
{
	fprintf(stderr, "mkatlas: %s\n", strerror(ENOMEM));
	exit(2);
}

static void *grow(void *p, size_t *alloc, size_t need, size_t size)
{
	if (need <= *alloc)
		return p;
	*alloc = *alloc ? 2 * *alloc : 1024;
	if (*alloc < need)
		*alloc = need;
	p = realloc(p, *alloc * size);
	if (!p)
		die_nomem();
	return p;
}

static uint64_t hash(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

static uint32_t intern(const char *s, size_t len)
{
	size_t j, k;

	if (2 * (nr_names + 1) > by_size) {
		free(by_name);
		by_size = by_size ? 2 * by_size : 1 << 16;
		by_name = calloc(by_size, sizeof(*by_name));
		if (!by_name)
			die_nomem();
		for (k = 0; k < nr_names; k++) {
			for (j = hash(names[k], strlen(names[k])) & (by_size - 1);
			     by_name[j]; j = (j + 1) & (by_size - 1))
				;
			by_name[j] = (uint32_t)k + 1;
		}
	}
	for (j = hash(s, len) & (by_size - 1); by_name[j];
	     j = (j + 1) & (by_size - 1))
		if (!strncmp(names[by_name[j] - 1], s, len) &&
		    !names[by_name[j] - 1][len])
			return by_name[j] - 1;
	names = grow(names, &alloc_names, nr_names + 1, sizeof(*names));
	first_def = realloc(first_def, alloc_names * sizeof(*first_def));
	dropped = realloc(dropped, alloc_names * sizeof(*dropped));
	if (!first_def || !dropped || !(names[nr_names] = strndup(s, len)))
		die_nomem();
	first_def[nr_names] = 0;
	dropped[nr_names] = 0;
	by_name[j] = (uint32_t)nr_names + 1;
	return (uint32_t)nr_names++;
}

static bool op(const char *buf, const struct token *t, const char *s)
{
	return t->type == TOKEN_SPECIAL && t->len == strlen(s) &&
	       !memcmp(buf + t->pos, s, t->len);
}

static bool same(const char *buf, const struct token *a, const char *s,
		 size_t len)
{
	return a->type == TOKEN_IDENT && a->len == len &&
	       !memcmp(buf + a->pos, s, len);
}

/* One "#define NAME(params) body" whose '#' is token k. */
static void one_define(const char *buf, const struct token *t, size_t k)
{
	struct { bool call; uint32_t name; unsigned int arg; } st[MAX_DEPTH];
	size_t param_tok[MAX_PARAMS], name, b, prev = 0, depth = 0, i;
	unsigned int np = 0;
	bool variadic = false;
	struct def d;

	for (k++; t[k].type == TOKEN_COMMENT; k++)
		;
	if (!same(buf, &t[k], "define", 6) || t[k + 1].type != TOKEN_IDENT ||
	    !op(buf, &t[k + 2], "(") ||
	    t[k + 2].pos != t[k + 1].pos + t[k + 1].len)
		return;		/* not a function-like macro */
	name = k + 1;
	for (b = k + 3; t[b].type != TOKEN_EOF && (t[b].flags & TF_PP) &&
	     !(t[b].flags & TF_BOL) && !op(buf, &t[b], ")"); b++) {
		if (t[b].type == TOKEN_IDENT && !variadic) {
			if (np == MAX_PARAMS)
				return;
			param_tok[np++] = b;
		} else if (op(buf, &t[b], "...")) {
			if (np == MAX_PARAMS)
				return;
			variadic = true;
			if (!(b > 0 && t[b - 1].type == TOKEN_IDENT &&
			      np && param_tok[np - 1] == b - 1))
				param_tok[np++] = b;	/* __VA_ARGS__ */
		}
	}
	if (!op(buf, &t[b], ")") || !np)
		return;
	d = (struct def){ .name = intern(buf + t[name].pos, t[name].len),
			  .nparams = np, .variadic = variadic,
			  .first = nr_occs };
	for (b++; t[b].type != TOKEN_EOF && (t[b].flags & TF_PP) &&
	     !(t[b].flags & TF_BOL); b++) {
		const struct token *x = &t[b];
		unsigned int p;

		if (x->type == TOKEN_COMMENT)
			continue;
		if (op(buf, x, "(")) {
			if (depth == MAX_DEPTH)
				return;
			st[depth].call = prev && t[prev].type == TOKEN_IDENT;
			for (p = 0; st[depth].call && p < np; p++)
				if (op(buf, &t[param_tok[p]], "...") ?
				    same(buf, &t[prev], "__VA_ARGS__", 11) :
				    same(buf, &t[prev], buf + t[param_tok[p]].pos,
					 t[param_tok[p]].len))
					st[depth].call = false;	/* a parameter */
			if (st[depth].call)
				st[depth].name = intern(buf + t[prev].pos,
							t[prev].len);
			st[depth++].arg = 0;
		} else if (op(buf, x, ")")) {
			if (depth)
				depth--;
		} else if (op(buf, x, ",")) {
			if (depth)
				st[depth - 1].arg++;
		} else if (x->type == TOKEN_IDENT) {
			for (p = 0; p < np; p++)
				if (op(buf, &t[param_tok[p]], "...") ?
				    same(buf, x, "__VA_ARGS__", 11) :
				    same(buf, x, buf + t[param_tok[p]].pos,
					 t[param_tok[p]].len))
					break;
			if (p == np)
				goto next;
			if (prev && op(buf, &t[prev], "#"))
				goto next;	/* only stringified */
			if ((prev && op(buf, &t[prev], "##")) ||
			    op(buf, &t[b + 1], "##") || !depth) {
				d.compiled |= 1u << p;
				goto next;
			}
			occs = grow(occs, &alloc_occs, nr_occs + 1, sizeof(*occs));
			occs[nr_occs] = (struct occ){ .param = p, .first = nr_calls };
			for (i = depth; i-- > 0;) {
				if (!st[i].call)
					continue;
				calls = grow(calls, &alloc_calls, nr_calls + 1,
					     sizeof(*calls));
				calls[nr_calls++] = (struct call){ st[i].name,
								   st[i].arg };
				occs[nr_occs].n++;
			}
			if (!occs[nr_occs].n)
				d.compiled |= 1u << p;
			else
				nr_occs++;
		}
next:
		prev = b;
	}
	d.n = nr_occs - d.first;
	d.next = first_def[d.name];
	defs = grow(defs, &alloc_defs, nr_defs + 1, sizeof(*defs));
	defs[nr_defs] = d;
	first_def[d.name] = ++nr_defs;
}

void drops_define(const char *buf, const struct token_list *tl)
{
	const struct token *t = tl->tok;
	size_t k;

	for (k = 0; t[k].type != TOKEN_EOF; k++)
		if ((t[k].flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL) &&
		    op(buf, &t[k], "#"))
			one_define(buf, t, k);
}

static bool *function;		/* per name: also a function in the release */

/* Does macro m drop its argument arg (as known so far)? */
static bool drops(uint32_t m, unsigned int arg)
{
	const struct def *d;

	if (!first_def[m] || function[m])
		return false;	/* a function, or no macro of these headers */
	d = &defs[first_def[m] - 1];
	if (arg >= d->nparams) {
		if (!d->variadic)
			return false;
		arg = d->nparams - 1;
	}
	return dropped[m] & (1u << arg);
}

/* Does every definition of name m leave parameter p uncompiled? */
static bool all_drop(uint32_t m, unsigned int p)
{
	const struct def *d0 = &defs[first_def[m] - 1], *d;
	size_t i, o, c;

	for (i = first_def[m]; i; i = d->next) {
		d = &defs[i - 1];
		if (d->nparams != d0->nparams || d->variadic != d0->variadic ||
		    (d->compiled & (1u << p)))
			return false;
		for (o = d->first; o < d->first + d->n; o++) {
			bool gone = false;

			if (occs[o].param != p)
				continue;
			for (c = occs[o].first; !gone && c < occs[o].first + occs[o].n; c++)
				gone = calls[c].name != m &&
				       drops(calls[c].name, calls[c].arg);
			if (!gone)
				return false;
		}
	}
	return true;
}

void drops_release(void (*mark)(const char *macro, unsigned int param,
				bool rest), bool (*is_function)(const char *name))
{
	bool changed = true;
	size_t m;
	unsigned int p;

	function = calloc(nr_names ? nr_names : 1, sizeof(*function));
	if (!function)
		die_nomem();
	for (m = 0; m < nr_names; m++)	/* remove_proc_entry(): either */
		function[m] = first_def[m] && is_function(names[m]);
	while (changed) {	/* what a dropped argument of another drops */
		changed = false;
		for (m = 0; m < nr_names; m++) {
			const struct def *d;

			if (!first_def[m] || function[m])
				continue;
			d = &defs[first_def[m] - 1];
			for (p = 0; p < d->nparams; p++)
				if (!(dropped[m] & (1u << p)) &&
				    all_drop((uint32_t)m, p)) {
					dropped[m] |= 1u << p;
					changed = true;
				}
		}
	}
	for (m = 0; m < nr_names; m++) {
		const struct def *d = first_def[m] ? &defs[first_def[m] - 1] : NULL;

		for (p = 0; d && p < d->nparams; p++)
			if (dropped[m] & (1u << p))
				mark(names[m], p, d->variadic && p + 1 == d->nparams);
		first_def[m] = 0;
		dropped[m] = 0;
	}
	free(function);
	function = NULL;
	nr_defs = nr_occs = nr_calls = 0;
}
