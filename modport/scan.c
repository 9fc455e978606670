// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

#define COND_MAX 64

struct cond {
	unsigned int group;
	bool dead;		/* this branch is dead */
	bool parent_dead;
	bool taken;		/* an earlier branch was #if 1 */
	int depth;		/* brace depth at the #if */
};

struct scanner {
	const char *buf;
	const struct token_list *tl;
	struct scan *sc;
	struct cond cond[COND_MAX];
	int nr_cond;
	unsigned int groups;
	int depth;		/* braces */
	size_t dead_start;
};

size_t prev_code(const struct token_list *tl, size_t i)
{
	while (i > 0 && !is_code(&tl->tok[--i]))
		;
	return i;
}

size_t next_code(const struct token_list *tl, size_t i)
{
	while (i + 1 < tl->nr && !is_code(&tl->tok[++i]))
		;
	return i;
}

size_t match_open(const char *buf, const struct token_list *tl, size_t i,
		  char open, char close)
{
	int depth = 0;

	for (;; i = prev_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(buf, t, close))
			depth++;
		else if (match_op(buf, t, open) && !--depth)
			return i;
		if (i == 0)
			return SCAN_NONE;
	}
}

bool is_member_name(const char *buf, const struct token_list *tl, size_t i)
{
	const struct token *t;

	while (i > 0) {
		t = &tl->tok[--i];
		if (t->type == TOKEN_COMMENT)
			continue;
		return t->type == TOKEN_SPECIAL &&
		       (match_op(buf, t, '.') ||
			(t->len == 2 && !memcmp(buf + t->pos, "->", 2)));
	}
	return false;
}

bool scan_is_dead(const struct scan *sc, size_t i)
{
	size_t k;

	for (k = 0; k < sc->nr_dead; k++)
		if (i >= sc->dead[k][0] && i < sc->dead[k][1])
			return true;
	return false;
}

static bool current_dead(const struct scanner *s)
{
	return s->nr_cond && s->cond[s->nr_cond - 1].dead;
}

static unsigned int current_group(const struct scanner *s)
{
	return s->nr_cond ? s->cond[s->nr_cond - 1].group : 0;
}

/* Next token of the same directive (comments skipped), or SCAN_NONE. */
size_t pp_next(const struct token_list *tl, size_t i)
{
	const struct token *t;

	do {
		t = &tl->tok[++i];
		if (!(t->flags & TF_PP) || (t->flags & TF_BOL))
			return SCAN_NONE;
	} while (t->type == TOKEN_COMMENT);
	return i;
}

static size_t pp_end(const struct token_list *tl, size_t i)
{
	const struct token *t;

	do
		t = &tl->tok[++i];
	while ((t->flags & TF_PP) && !(t->flags & TF_BOL));
	return i;
}

static int add_dead(struct scan *sc, size_t start, size_t end)
{
	if (sc->nr_dead == sc->alloc_dead) {
		size_t n = sc->alloc_dead ? 2 * sc->alloc_dead : 8;
		size_t (*d)[2] = realloc(sc->dead, n * sizeof(*d));

		if (!d)
			return -ENOMEM;
		sc->dead = d;
		sc->alloc_dead = n;
	}
	sc->dead[sc->nr_dead][0] = start;
	sc->dead[sc->nr_dead++][1] = end;
	return 0;
}

/* The value of #if 0 / #if 1 (the sole token after the name), else -1. */
static int if_value(const struct scanner *s, size_t name)
{
	size_t v = pp_next(s->tl, name);
	const struct token *t;

	if (v == SCAN_NONE || pp_next(s->tl, v) != SCAN_NONE)
		return -1;
	t = &s->tl->tok[v];
	if (t->type != TOKEN_NUMBER || t->len != 1)
		return -1;
	return s->buf[t->pos] == '0' ? 0 : s->buf[t->pos] == '1' ? 1 : -1;
}

static void push_cond(struct scanner *s, int value)
{
	struct cond *c;
	bool parent = current_dead(s);

	if (s->nr_cond == COND_MAX) {
		s->nr_cond++;	/* too deep: counted, never dead */
		return;
	}
	c = &s->cond[s->nr_cond++];
	c->group = ++s->groups;
	c->parent_dead = parent;
	c->dead = parent || value == 0;
	c->taken = value == 1;
	c->depth = s->depth;
}

/* #elif (value as if_value) or #else (value 1). */
static void next_branch(struct scanner *s, int value, bool is_else)
{
	struct cond *c;

	if (!s->nr_cond || s->nr_cond > COND_MAX)
		return;
	c = &s->cond[s->nr_cond - 1];
	c->group = ++s->groups;
	s->depth = c->depth;
	c->dead = c->parent_dead || c->taken || (!is_else && value == 0);
	if (value == 1 && !is_else)
		c->taken = true;
}

static void do_conditional(struct scanner *s, size_t name)
{
	const char *buf = s->buf;
	const struct token *t = &s->tl->tok[name];

	if (match_ident(buf, t, "if"))
		push_cond(s, if_value(s, name));
	else if (match_ident(buf, t, "ifdef") || match_ident(buf, t, "ifndef"))
		push_cond(s, -1);
	else if (match_ident(buf, t, "elif"))
		next_branch(s, if_value(s, name), false);
	else if (match_ident(buf, t, "else"))
		next_branch(s, 1, true);
	else if (match_ident(buf, t, "endif") && s->nr_cond)
		s->nr_cond--;
}

static void do_define(struct scanner *s, size_t hash, size_t name)
{
	struct scan *sc = s->sc;
	size_t m = pp_next(s->tl, name);
	const struct token *t;

	if (m == SCAN_NONE)
		return;
	t = &s->tl->tok[m];
	if (match_ident(s->buf, t, "init_module"))
		sc->entry[ENTRY_INIT].is_macro = true;
	else if (match_ident(s->buf, t, "cleanup_module"))
		sc->entry[ENTRY_EXIT].is_macro = true;
	else if (match_ident(s->buf, t, "MODULE") &&
		 pp_next(s->tl, m) == SCAN_NONE &&
		 sc->nr_define_module < SCAN_MAX_DEFINES &&
		 match_ident(s->buf, &s->tl->tok[name], "define"))
		sc->define_module[sc->nr_define_module++] = hash;
}

static void do_include(struct scanner *s, size_t hash, size_t name)
{
	struct scan *sc = s->sc;
	size_t h = pp_next(s->tl, name);
	const struct token *t;

	if (h == SCAN_NONE || s->tl->tok[h].type != TOKEN_HEADER)
		return;
	t = &s->tl->tok[h];
	if (t->len == 14 && !memcmp(s->buf + t->pos, "<linux/init.h>", 14))
		sc->has_init_h = true;
	if (s->nr_cond || s->depth)
		return;
	sc->last_include = hash;
	if (sc->first_linux_include == SCAN_NONE && t->len > 7 &&
	    !memcmp(s->buf + t->pos, "<linux/", 7))
		sc->first_linux_include = hash;
}

/* A directive starting at '#' token i; returns the index after it. */
static size_t do_directive(struct scanner *s, size_t i)
{
	size_t name = pp_next(s->tl, i), end = pp_end(s->tl, i);
	bool was_dead = current_dead(s);
	const struct token *t;

	if (name == SCAN_NONE || s->tl->tok[name].type != TOKEN_IDENT)
		return end;
	t = &s->tl->tok[name];
	do_conditional(s, name);
	if (!was_dead && current_dead(s))
		s->dead_start = end;
	else if (was_dead && !current_dead(s) && add_dead(s->sc, s->dead_start, i))
		return SCAN_NONE;
	if (was_dead)
		return end;
	if (match_ident(s->buf, t, "define") || match_ident(s->buf, t, "undef"))
		do_define(s, i, name);
	else
		do_include(s, i, name);
	return end;
}

/* Matching closer of the opener at code token i, or SCAN_NONE. */
size_t match_close(const char *buf, const struct token_list *tl, size_t i,
		   char open, char close)
{
	int depth = 0;

	for (; tl->tok[i].type != TOKEN_EOF; i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(buf, t, open))
			depth++;
		else if (match_op(buf, t, close) && !--depth)
			return i;
	}
	return SCAN_NONE;
}

/* After the parameter list: '{' (a definition), ';' or ',' (not). */
static size_t find_body(const char *buf, const struct token_list *tl,
			size_t rparen)
{
	size_t i;

	for (i = next_code(tl, rparen); tl->tok[i].type != TOKEN_EOF;
	     i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(buf, t, '{'))
			return i;
		if (match_op(buf, t, ';') || match_op(buf, t, ',') ||
		    match_op(buf, t, '='))
			return SCAN_NONE;
		if (match_op(buf, t, '('))
			i = match_close(buf, tl, i, '(', ')');
		if (i == SCAN_NONE)
			return SCAN_NONE;
	}
	return SCAN_NONE;
}

/* The specifiers before the name: static, extern, __init, __exit. */
static void read_specifiers(const char *buf, const struct token_list *tl,
			    struct entry_decl *d)
{
	size_t i = d->name;
	const struct token *t;

	d->extern_tok = SCAN_NONE;
	while (i > 0) {
		t = &tl->tok[i - 1];
		if (t->flags & TF_PP || (t->type == TOKEN_SPECIAL &&
		    (match_op(buf, t, ';') || match_op(buf, t, '}') ||
		     match_op(buf, t, '{'))))
			break;
		i--;
		if (match_ident(buf, t, "static"))
			d->is_static = true;
		else if (match_ident(buf, t, "extern"))
			d->extern_tok = i;
		else if (match_ident(buf, t, "__init") ||
			 match_ident(buf, t, "__exit"))
			d->annotated = true;
	}
	while (tl->tok[i].type == TOKEN_COMMENT)
		i++;
	d->decl = i;
}

/* The parameter list is () or (void)? */
static bool no_params(const char *buf, const struct token_list *tl,
		      struct entry_decl *d)
{
	size_t p = next_code(tl, d->lparen);

	if (p == d->rparen) {
		d->empty_params = true;
		return true;
	}
	return match_ident(buf, &tl->tok[p], "void") &&
	       next_code(tl, p) == d->rparen;
}

/* Can the token before the name end a declaration's specifiers? */
static bool specifier_before(const char *buf, const struct token_list *tl,
			     size_t name)
{
	const struct token *t;
	size_t p = name;

	do {
		if (!p--)
			return true;	/* start of file */
		t = &tl->tok[p];
	} while (t->type == TOKEN_COMMENT);
	if (t->flags & TF_PP)
		return true;		/* after a directive */
	return t->type == TOKEN_IDENT || match_op(buf, t, '*') ||
	       match_op(buf, t, ')') || match_op(buf, t, ';') ||
	       match_op(buf, t, '}');
}

/* init_module or cleanup_module at token i, at file scope. */
static void try_decl(struct scanner *s, size_t i, struct entry *e)
{
	const struct token_list *tl = s->tl;
	struct entry_decl d = { .name = i, .group = current_group(s) };

	if (e->nr_decls == SCAN_MAX_DECLS ||
	    !specifier_before(s->buf, tl, i))
		return;
	d.lparen = next_code(tl, i);
	if (!match_op(s->buf, &tl->tok[d.lparen], '('))
		return;
	d.rparen = match_close(s->buf, tl, d.lparen, '(', ')');
	if (d.rparen == SCAN_NONE || !no_params(s->buf, tl, &d))
		return;
	d.close = find_body(s->buf, tl, d.rparen);
	if (d.close != SCAN_NONE) {
		d.close = match_close(s->buf, tl, d.close, '{', '}');
		if (d.close == SCAN_NONE)
			return;
		e->nr_defs++;
	}
	read_specifiers(s->buf, tl, &d);
	e->decl[e->nr_decls++] = d;
}

/* A code identifier that matters; i is live and not in a directive. */
static void do_ident(struct scanner *s, size_t i)
{
	const char *buf = s->buf;
	const struct token *t = &s->tl->tok[i];
	struct scan *sc = s->sc;
	bool call = match_op(buf, &s->tl->tok[next_code(s->tl, i)], '(');

	switch (t->len) {
	case 11:
		if (match_ident(buf, t, "init_module") && !s->depth &&
		    !is_member_name(buf, s->tl, i))
			try_decl(s, i, &sc->entry[ENTRY_INIT]);
		else if (call && match_ident(buf, t, "module_init"))
			sc->entry[ENTRY_INIT].registered = true;
		else if (call && match_ident(buf, t, "module_exit"))
			sc->entry[ENTRY_EXIT].registered = true;
		break;
	case 14:
		if (match_ident(buf, t, "cleanup_module") && !s->depth &&
		    !is_member_name(buf, s->tl, i))
			try_decl(s, i, &sc->entry[ENTRY_EXIT]);
		else if (call && match_ident(buf, t, "MODULE_LICENSE"))
			sc->has_license = true;
		break;
	}
}

static void do_code(struct scanner *s, size_t i)
{
	const struct token *t = &s->tl->tok[i];
	char c;

	switch (t->type) {
	case TOKEN_SPECIAL:
		c = s->buf[t->pos];
		if (t->len == 1 && c == '{')
			s->depth++;
		else if (t->len == 1 && c == '}' && s->depth > 0)
			s->depth--;
		break;
	case TOKEN_IDENT:
		if (t->len == 11 || t->len == 14 || (t->flags & TF_SPLICE))
			do_ident(s, i);
		break;
	case TOKEN_STRING:
		/*
		 * An open ' is left alone: GCC reads assembler (an apostrophe
		 * in a ; comment) that way, up to the end of the line.
		 */
		if ((t->flags & TF_OPEN) && s->sc->open_tok == SCAN_NONE)
			s->sc->open_tok = i;
		break;
	default:
		break;
	}
}

int scan_tokens(const char *buf, const struct token_list *tl,
		struct scan *sc)
{
	struct scanner s = { .buf = buf, .tl = tl, .sc = sc };
	size_t i = 0;

	memset(sc, 0, sizeof(*sc));
	sc->first_linux_include = sc->last_include = SCAN_NONE;
	sc->open_tok = SCAN_NONE;
	while (tl->tok[i].type != TOKEN_EOF) {
		const struct token *t = &tl->tok[i];

		if (t->type == TOKEN_COMMENT) {
			if ((t->flags & TF_OPEN) && sc->open_tok == SCAN_NONE)
				sc->open_tok = i;
		} else if ((t->flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL)) {
			i = do_directive(&s, i);
			if (i == SCAN_NONE)
				return -ENOMEM;
			continue;
		} else if (!(t->flags & TF_PP) && !current_dead(&s)) {
			do_code(&s, i);
		}
		i++;
	}
	if (current_dead(&s) && add_dead(sc, s.dead_start, i))
		return -ENOMEM;
	return 0;
}

void scan_free(struct scan *sc)
{
	free(sc->dead);
	sc->dead = NULL;
	sc->nr_dead = sc->alloc_dead = 0;
}
