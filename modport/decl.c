// SPDX-License-Identifier: GPL-2.0
/*
 * decl.c: file-scope object declarations, read by a small declarator
 * parser.  It knows the specifiers and attributes of 2.4 sources
 * (__initdata, __attribute__((...)), struct tags) and recovers at the next
 * ';' - or after a call's ')' - from anything else.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "decl.h"

#define MAX_WORDS 8

struct parser {
	const char *buf;
	const struct token_list *tl;
	const size_t *idx;
	size_t n;
	struct decl_table *dt;
};

static const struct token *tok(const struct parser *p, size_t i)
{
	return &p->tl->tok[i < p->n ? p->idx[i] : p->tl->nr - 1];
}

static bool is_op(const struct parser *p, size_t i, char c)
{
	return match_op(p->buf, tok(p, i), c);
}

static bool is_word(const struct parser *p, size_t i, const char *s)
{
	return match_ident(p->buf, tok(p, i), s);
}

/* Words that qualify a declaration without being its type. */
static const char *const qualifiers[] = {
	"static", "extern", "const", "volatile", "register", "inline",
	"__inline__", "__inline", "signed", "__signed__", "__initdata",
	"__devinitdata", "__exitdata", "__initlocaldata", "__read_mostly",
	"__cacheline_aligned", "____cacheline_aligned", "__attribute_used__",
	"__devinitconst", "__initconst", "__const", "__volatile__",
};

static bool is_qualifier(const struct parser *p, size_t i)
{
	const struct token *t = tok(p, i);

	return t->type == TOKEN_IDENT && TOKEN_IN(p->buf, t, qualifiers);
}

static bool is_attribute(const struct parser *p, size_t i)
{
	return is_word(p, i, "__attribute__") || is_word(p, i, "__attribute");
}

/*
 * At an opener ( [ {: the position after its closer.  A '}' in the first
 * column closes a brace body whatever the count: both arms of an #ifdef
 * are read, and they may open a brace each.
 */
static size_t skip_balanced(const struct parser *p, size_t i)
{
	bool brace = is_op(p, i, '{');
	int depth = 0;

	for (; i < p->n; i++) {
		const struct token *t = tok(p, i);

		if (t->type != TOKEN_SPECIAL || t->len != 1)
			continue;
		if (brace && p->buf[t->pos] == '}' &&
		    (!t->pos || p->buf[t->pos - 1] == '\n'))
			return i + 1;
		switch (p->buf[t->pos]) {
		case '(': case '[': case '{':
			depth++;
			break;
		case ')': case ']': case '}':
			if (--depth <= 0)
				return i + 1;
			break;
		}
	}
	return p->n;
}

/* Past the next ';' at depth 0, or past a '{...}' body at depth 0. */
static size_t skip_statement(const struct parser *p, size_t i)
{
	while (i < p->n) {
		if (is_op(p, i, ';'))
			return i + 1;
		if (is_op(p, i, '{'))
			return skip_balanced(p, i);
		if (is_op(p, i, '(') || is_op(p, i, '['))
			i = skip_balanced(p, i);
		else
			i++;
	}
	return p->n;
}

/* Qualifiers and __attribute__((...)) from i on. */
static size_t skip_qualifiers(const struct parser *p, size_t i,
			      struct decl *d)
{
	for (;;) {
		if (is_word(p, i, "const") && !d->is_const) {
			d->is_const = true;
			d->const_tok = p->idx[i];
		}
		if (is_word(p, i, "extern"))
			d->is_extern = true;
		if (is_attribute(p, i) && is_op(p, i + 1, '('))
			i = skip_balanced(p, i + 1);
		else if (is_qualifier(p, i))
			i++;
		else
			return i;
	}
}

static bool append_word(const struct parser *p, size_t i, struct decl *d)
{
	const struct token *t = tok(p, i);
	size_t have = strlen(d->base);

	if (have + t->len + 2 > sizeof(d->base))
		return false;
	if (have)
		d->base[have++] = ' ';
	memcpy(d->base + have, p->buf + t->pos, t->len);
	d->base[have + t->len] = 0;
	return true;
}

static int record(struct parser *p, const struct decl *d)
{
	struct decl_table *dt = p->dt;

	if (dt->nr == dt->alloc) {
		size_t alloc = dt->alloc ? 2 * dt->alloc : 32;
		struct decl *n = realloc(dt->d, alloc * sizeof(*n));

		if (!n)
			return -ENOMEM;
		dt->d = n;
		dt->alloc = alloc;
	}
	dt->d[dt->nr++] = *d;
	return 0;
}

/* Past an initializer: up to the ',' or ';' that ends it. */
static size_t skip_initializer(const struct parser *p, size_t i)
{
	while (i < p->n && !is_op(p, i, ',') && !is_op(p, i, ';')) {
		if (is_op(p, i, '(') || is_op(p, i, '[') || is_op(p, i, '{'))
			i = skip_balanced(p, i);
		else
			i++;
	}
	return i;
}

/*
 * The declarators from i (at the first one's stars or name); the
 * specifiers are in *spec.  Returns the position after the statement.
 */
static size_t parse_declarators(struct parser *p, size_t i,
				const struct decl *spec, int *err)
{
	for (;;) {
		struct decl d = *spec;

		while (is_op(p, i, '*') || is_qualifier(p, i)) {
			d.pointers += is_op(p, i, '*');
			i++;
		}
		if (tok(p, i)->type != TOKEN_IDENT)
			return skip_statement(p, i);
		d.name = p->idx[i++];
		while (is_op(p, i, '[')) {
			d.dims++;
			i = skip_balanced(p, i);
		}
		i = skip_qualifiers(p, i, &d);
		if (is_op(p, i, '(')) {
			i = skip_qualifiers(p, skip_balanced(p, i), &d);
			if (is_op(p, i, '{'))
				return skip_balanced(p, i);
		} else if ((*err = record(p, &d))) {
			return p->n;
		}
		if (is_op(p, i, '='))
			i = skip_initializer(p, i + 1);
		if (is_op(p, i, ';'))
			return i + 1;
		if (!is_op(p, i, ','))
			return skip_statement(p, i);
		i++;
	}
}

/* One declaration (or anything else) from i; the position after it. */
static size_t parse_statement(struct parser *p, size_t i, int *err)
{
	struct decl spec = { .const_tok = DECL_NONE };
	size_t words[MAX_WORDS], nw = 0, k;

	for (;;) {
		i = skip_qualifiers(p, i, &spec);
		if (tok(p, i)->type != TOKEN_IDENT)
			break;
		if (is_word(p, i, "typedef"))
			return skip_statement(p, i);
		if (is_word(p, i, "struct") || is_word(p, i, "union") ||
		    is_word(p, i, "enum")) {
			spec.is_tagged = true;
			words[nw++] = i++;
			if (tok(p, i)->type == TOKEN_IDENT)
				words[nw++] = i++;
			if (is_op(p, i, '{'))
				i = skip_balanced(p, i);
		} else {
			words[nw++] = i++;
		}
		if (nw + 2 > MAX_WORDS)
			return skip_statement(p, i);
	}
	if (!nw)
		return i + 1;	/* a stray token, or the '{' of extern "C" */
	if (!is_op(p, i, '*')) {
		if (nw < 2 || (spec.is_tagged && nw == 2 &&
			       is_word(p, words[0], "struct"))) {
			/* a macro call: NAME(...) with or without ';' */
			if (is_op(p, i, '(')) {
				i = skip_balanced(p, i);
				return is_op(p, i, ';') ? i + 1 : i;
			}
			return skip_statement(p, i);
		}
		i = words[--nw];	/* the last word is the name */
	}
	for (k = 0; k < nw; k++)
		if (!append_word(p, words[k], &spec))
			return skip_statement(p, i);
	return parse_declarators(p, i, &spec, err);
}

int decl_parse(const char *buf, const struct token_list *tl,
	       const size_t *idx, size_t n, struct decl_table *dt)
{
	struct parser p = { buf, tl, idx, n, dt };
	size_t i = 0;
	int err = 0;

	while (i < n && !err)
		i = parse_statement(&p, i, &err);
	return err;
}

const struct decl *decl_lookup(const struct decl_table *dt, const char *buf,
			       const struct token_list *tl, const char *name,
			       size_t len)
{
	size_t k;

	for (k = 0; k < dt->nr; k++) {
		const struct token *t = &tl->tok[dt->d[k].name];

		if (t->len == len && !memcmp(buf + t->pos, name, len))
			return &dt->d[k];
	}
	return NULL;
}

void decl_free(struct decl_table *dt)
{
	free(dt->d);
	memset(dt, 0, sizeof(*dt));
}
