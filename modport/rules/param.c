// SPDX-License-Identifier: GPL-2.0
/*
 * param.c: the module-parm rule.  MODULE_PARM(var, "type") becomes
 * module_param(), module_param_array() or module_param_string().  The C
 * type is var's declaration (decl.c): in the file, in the #define around
 * the use, or behind an alias '#define ALIAS var'.  The type string gives
 * the kind (integer, string, char buffer) and a count range; where it
 * disagrees with the declaration the declaration wins and the message says
 * so.  What has no declaration, or none a module_param() can take, is
 * reported, never guessed.  '#ifdef MODULE_PARM' groups, which 2.6.17 and
 * later compile out, lose their #ifdef/#endif.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../directive.h"
#include "../engine.h"

#define MAX_MACRO_DEPTH 4

struct parm {
	size_t name, close;	/* MODULE_PARM token, its ')' */
	size_t var;		/* the variable's token */
	size_t hash;		/* the #define around it, or SCAN_NONE */
	char type[64];		/* the string pieces, concatenated */
	size_t type_len;
	bool modstr;		/* __MODULE_STRING() in the type */
	char letter;		/* i l h b s, or c for a char buffer */
};

/* Declared type words -> module_param() type (for the kernels we build on). */
static const char *const param_types[][2] = {
	{ "int", "int" }, { "s32", "int" }, { "__s32", "int" },
	{ "int32_t", "int" }, { "pid_t", "int" },
	{ "unsigned int", "uint" }, { "unsigned", "uint" }, { "u32", "uint" },
	{ "__u32", "uint" }, { "u_int", "uint" }, { "uint", "uint" },
	{ "u_int32_t", "uint" }, { "uint32_t", "uint" }, { "uid_t", "uint" },
	{ "gid_t", "uint" },
	{ "long", "long" }, { "long int", "long" },
	{ "unsigned long", "ulong" }, { "unsigned long int", "ulong" },
	{ "u_long", "ulong" }, { "ulong", "ulong" },
	{ "unsigned long long", "ullong" }, { "u64", "ullong" },
	{ "__u64", "ullong" }, { "uint64_t", "ullong" },
	{ "short", "short" }, { "short int", "short" }, { "s16", "short" },
	{ "__s16", "short" }, { "int16_t", "short" },
	{ "unsigned short", "ushort" }, { "unsigned short int", "ushort" },
	{ "u16", "ushort" }, { "__u16", "ushort" }, { "u_short", "ushort" },
	{ "ushort", "ushort" }, { "u_int16_t", "ushort" },
	{ "uint16_t", "ushort" },
	{ "char", "byte" }, { "unsigned char", "byte" }, { "u8", "byte" },
	{ "__u8", "byte" }, { "u_char", "byte" }, { "unchar", "byte" },
	{ "u_int8_t", "byte" }, { "uint8_t", "byte" },
	{ "bool", "bool" }, { "_Bool", "bool" },
};

static const char *param_type(const char *base)
{
	size_t k;

	for (k = 0; k < sizeof(param_types) / sizeof(param_types[0]); k++)
		if (!strcmp(base, param_types[k][0]))
			return param_types[k][1];
	return NULL;
}

/* The next token: of the code, or of the directive when in one. */
static size_t step(const struct token_list *tl, size_t i, bool pp)
{
	return pp ? pp_next(tl, i) : next_code(tl, i);
}

/* An object-like macro named want: in the file, then its local headers. */
static size_t find_macro(struct porter *pt, const char *wbuf,
			 const struct token *want, struct tokens *where)
{
	struct header_set *hs;
	size_t body, k;

	*where = (struct tokens){ pt->buf, pt->tl };
	body = find_define(where, wbuf, want, false);
	hs = body == SCAN_NONE ? file_headers(pt) : NULL;
	for (k = 0; hs && k < hs->nr && body == SCAN_NONE; k++) {
		*where = (struct tokens){ hs->h[k].buf, &hs->h[k].tl };
		body = find_define(where, wbuf, want, false);
	}
	return body;
}

static bool add_piece(struct parm *p, const char *s, size_t n)
{
	if (p->type_len + n >= sizeof(p->type))
		return false;
	memcpy(p->type + p->type_len, s, n);
	p->type_len += n;
	p->type[p->type_len] = 0;
	return true;
}

/*
 * The type argument from token i of s: string literals, __MODULE_STRING(X)
 * or __stringify(X) pieces, and object-like macros made of them (in the
 * file or its local headers).  Stops at ')' or at the directive's end;
 * returns the stop token (SCAN_NONE at a directive's end) or TYPE_BAD.
 */
#define TYPE_BAD (SCAN_NONE - 1)
static size_t read_type(struct porter *pt, const struct tokens *s, size_t i,
			bool pp, struct parm *p, int depth)
{
	const struct token_list *tl = s->tl;
	struct tokens where;

	for (; i != SCAN_NONE && !match_op(s->buf, &tl->tok[i], ')');
	     i = step(tl, i, pp)) {
		const struct token *t = &tl->tok[i];
		size_t body;

		/*
		 * A literal that runs over lines is multiline-string's to
		 * edit: converting the MODULE_PARM around it too would
		 * overlap that edit (found by make fuzz).
		 */
		if (t->type == TOKEN_STRING && s->buf[t->pos] == '"' &&
		    !(t->flags & (TF_SPLICE | TF_NEWLINE)) &&
		    !memchr(s->buf + t->pos, '\\', t->len)) {	/* no escapes in a type */
			if (!add_piece(p, s->buf + t->pos + 1, t->len - 2))
				return TYPE_BAD;
		} else if (match_ident(s->buf, t, "__MODULE_STRING") ||
			   match_ident(s->buf, t, "__stringify")) {
			i = step(tl, step(tl, step(tl, i, pp), pp), pp);
			if (i == SCAN_NONE || !match_op(s->buf, &tl->tok[i], ')'))
				return TYPE_BAD;
			p->modstr = true;
		} else if (t->type == TOKEN_IDENT && depth < MAX_MACRO_DEPTH &&
			   (body = find_macro(pt, s->buf, t, &where)) !=
			   SCAN_NONE) {
			if (read_type(pt, &where, body, true, p, depth + 1) !=
			    SCAN_NONE)
				return TYPE_BAD;
		} else {
			return TYPE_BAD;
		}
	}
	return i;
}

/*
 * The kind: the last character, or c for "[N-M]c<N>" (the N may come from
 * __MODULE_STRING(), leaving the c last).
 */
static char type_letter(const struct parm *p)
{
	const char *c = strrchr(p->type, 'c');

	if (c && strspn(c + 1, "0123456789") == strlen(c + 1) &&
	    (c[1] || p->modstr))
		return 'c';
	return strchr("ilhbs", p->type[p->type_len - 1]) ?
	       p->type[p->type_len - 1] : 0;
}

static int report(struct porter *pt, const struct parm *p, const char *why)
{
	return add_finding(pt, pt->tl->tok[p->name].pos, R_MODULE_PARM,
			   SEV_WARNING, false,
			   "MODULE_PARM() is gone since 2.6.17 (the build fails on it); %s: convert it to module_param() by hand",
			   why);
}

/* The declaration in the #define around the use, copied to *out. */
static bool macro_decl(struct porter *pt, const struct parm *p,
		       const struct token *v, struct decl *out)
{
	const struct token_list *tl = pt->tl;
	struct tokens s = { pt->buf, tl };
	struct decl_table dt = { 0 };
	const struct decl *d = NULL;
	size_t *idx = NULL, n = 0, alloc = 0;
	size_t i = define_body(&s, define_name(&s, p->hash));

	for (; i != SCAN_NONE && !GROW(pt, idx, n, alloc); i = pp_next(tl, i))
		idx[n++] = i;
	if (!pt->error && !decl_parse(pt->buf, tl, idx, n, &dt))
		d = decl_lookup(&dt, pt->buf, tl, pt->buf + v->pos, v->len);
	if (d)
		*out = *d;
	decl_free(&dt);
	free(idx);
	return d != NULL;
}

/*
 * var's declaration: in the macro, in the file, behind an alias, or in a
 * local header (*local false: its tokens are the header's).
 */
static bool find_decl(struct porter *pt, const struct parm *p,
		      struct decl *out, bool *local)
{
	const struct token *v = &pt->tl->tok[p->var];
	struct tokens s = { pt->buf, pt->tl };
	const struct decl *d;
	struct header_set *hs;
	size_t alias, k;

	*local = true;
	if (p->hash != SCAN_NONE && macro_decl(pt, p, v, out))
		return true;
	d = file_decl(pt, pt->buf + v->pos, v->len);
	alias = d ? SCAN_NONE : find_define(&s, pt->buf, v, true);
	if (alias != SCAN_NONE)
		d = file_decl(pt, pt->buf + pt->tl->tok[alias].pos,
			      pt->tl->tok[alias].len);
	hs = d ? NULL : file_headers(pt);
	for (k = 0; hs && k < hs->nr && !d; k++) {
		const struct decl_table *dt = include_decls(&hs->h[k]);

		if (!dt) {
			porter_fail(pt, -12);	/* ENOMEM */
			return false;
		}
		d = decl_lookup(dt, hs->h[k].buf, &hs->h[k].tl,
				pt->buf + v->pos, v->len);
		*local = false;
	}
	if (d)
		*out = *d;
	return d != NULL;
}

#define MAX_CONST_DROPS 4

struct plan {
	char text[1024];
	char note[512];
	size_t drop_const[MAX_CONST_DROPS];	/* 'const' tokens to delete */
	size_t nr_drop;
	size_t after;		/* the ';' of the file's declaration of the
				 * variable when it comes after the use (2.4's
				 * MODULE_PARM named no object: module_param()
				 * takes its address), else SCAN_NONE */
};

static void add_note(struct plan *pl, const char *note)
{
	size_t n = strlen(pl->note);

	snprintf(pl->note + n, sizeof(pl->note) - n, "%s", note);
}

/* A char buffer: module_param_string(). */
static const char *plan_string(struct porter *pt, const struct parm *p,
			       const struct decl *d, const char *perm,
			       struct plan *pl)
{
	const struct token *v = &pt->tl->tok[p->var];
	int n = (int)v->len;
	const char *var = pt->buf + v->pos;

	if (d->dims != 1 || d->pointers || !param_type(d->base) ||
	    strcmp(param_type(d->base), "byte"))
		return d->dims == 2 ?
		       "an array of char buffers has no module_param() form" :
		       "a \"c\" (char buffer) type string on a variable that is not a char array";
	snprintf(pl->text, sizeof(pl->text),
		 "module_param_string(%.*s, %.*s, sizeof(%.*s), %s)",
		 n, var, n, var, n, var, perm);
	if (p->letter == 's')
		add_note(pl, " (declared a char array: the string is copied into it)");
	return NULL;
}

static bool letter_fits(char letter, const char *type)
{
	switch (letter) {
	case 'i':
		return !strcmp(type, "int") || !strcmp(type, "uint");
	case 'l':
		return !strcmp(type, "long") || !strcmp(type, "ulong");
	case 'h':
		return !strcmp(type, "short") || !strcmp(type, "ushort");
	case 'b':
		return !strcmp(type, "byte");
	case 's':
		return !strcmp(type, "charp");
	}
	return false;
}

/* The module_param type of the declaration for the letter, or why not. */
static const char *decl_type(const struct parm *p, const struct decl *d,
			     const char **type)
{
	*type = param_type(d->base);
	if (d->is_tagged)
		return "the variable's type is a struct, union or enum, which module_param() cannot take";
	if (p->letter == 's') {
		if (d->pointers != 1 || strcmp(d->base, "char"))
			return "an \"s\" (string) type string on a variable that is not a char pointer";
		*type = "charp";
		return NULL;
	}
	if (!p->letter)
		return "its type string has no type letter module_param() knows";
	if (d->pointers)
		return "an integer type string on a pointer";
	if (!*type)
		return "its declared type has no module_param() type";
	return NULL;
}

/*
 * A const variable: the kernel writes module parameters (2.4's insmod
 * patched the object file, so const did not matter), so its declarations
 * in this file lose the const.
 */
static const char *plan_const(struct porter *pt, const struct parm *p,
			      const struct decl *d, bool local,
			      struct plan *pl)
{
	const struct token *v = &pt->tl->tok[p->var];
	size_t k;

	if (!local || d->const_tok == DECL_NONE)
		return "the variable is declared const in a header, and the kernel writes module parameters";
	pl->drop_const[pl->nr_drop++] = d->const_tok;
	for (k = 0; k < pt->decls.nr; k++) {
		const struct decl *o = &pt->decls.d[k];

		if (o->const_tok == DECL_NONE || o->const_tok == d->const_tok ||
		    !same_name(pt->buf, &pt->tl->tok[o->name], pt->buf, v))
			continue;
		if (pl->nr_drop == MAX_CONST_DROPS)
			return "the variable is declared const in too many places";
		pl->drop_const[pl->nr_drop++] = o->const_tok;
	}
	add_note(pl, " (its declaration loses 'const': the kernel writes module parameters)");
	return NULL;
}

/* The replacement text, or a reason it cannot be made. */
/* The ';' that ends the file-scope declaration of token name. */
static size_t declaration_end(const struct porter *pt, size_t name)
{
	const struct token_list *tl = pt->tl;
	size_t k;
	int depth = 0;

	for (k = name; tl->tok[k].type != TOKEN_EOF; k = next_code(tl, k)) {
		const struct token *t = &tl->tok[k];

		if (match_op(pt->buf, t, '(') || match_op(pt->buf, t, '[') ||
		    match_op(pt->buf, t, '{'))
			depth++;
		else if (match_op(pt->buf, t, ')') || match_op(pt->buf, t, ']') ||
			 match_op(pt->buf, t, '}'))
			depth--;
		else if (!depth && match_op(pt->buf, t, ';'))
			return k;
		if (depth < 0)
			break;
	}
	return SCAN_NONE;
}

static const char *plan(struct porter *pt, const struct parm *p,
			struct plan *pl)
{
	const char *perm = pt->opts->param_perm ? pt->opts->param_perm : "0";
	const struct token *v = &pt->tl->tok[p->var];
	int n = (int)v->len;
	const char *var = pt->buf + v->pos, *type, *why;
	bool ranged = p->modstr || strspn(p->type, "0123456789-") > 0, local;
	struct decl d;

	if (v->len > 256)
		return "the variable's name is longer than modport handles (256 characters)";
	if (!find_decl(pt, p, &d, &local))
		return "no declaration of the variable in this file or its local headers";
	pl->after = local && p->hash == SCAN_NONE && d.name > p->name ?
		    declaration_end(pt, d.name) : SCAN_NONE;
	if (d.is_const && (why = plan_const(pt, p, &d, local, pl)))
		return why;
	if (p->letter == 'c' || (p->letter == 's' && d.dims && !d.pointers))
		return plan_string(pt, p, &d, perm, pl);
	why = decl_type(p, &d, &type);
	if (why)
		return why;
	if (d.dims > 1)
		return "a multi-dimensional array has no module_param() form";
	if (!letter_fits(p->letter, type)) {
		char note[DECL_BASE_MAX + 64];

		snprintf(note, sizeof(note),
			 " (declared %s: the type string's \"%c\" is not followed)",
			 d.base, p->letter);
		add_note(pl, note);
	}
	if (d.dims && !ranged)
		add_note(pl, " (an array: it now takes up to its size in values, not only the first)");
	if (!d.dims && ranged)
		add_note(pl, " (a scalar: the type string's count range is dropped)");
	if (d.dims)
		snprintf(pl->text, sizeof(pl->text),
			 "module_param_array(%.*s, %s, NULL, %s)",
			 n, var, type, perm);
	else
		snprintf(pl->text, sizeof(pl->text),
			 "module_param(%.*s, %s, %s)", n, var, type, perm);
	return NULL;
}

/* '#ifdef MODULE_PARM' and other tests of the name. */
static int parm_conditional(struct porter *pt, const struct parm *p)
{
	struct tokens self = { pt->buf, pt->tl };
	size_t end, from, to;
	int ret;

	if (!directive_is(&self, p->hash, "ifdef") ||
	    (end = group_end(&self, p->hash)) == SCAN_NONE)
		return add_finding(pt, pt->tl->tok[p->name].pos, R_MODULE_PARM,
				   SEV_WARNING, false,
				   "MODULE_PARM is never defined since 2.6.17, so this test of it has a fixed outcome (#ifdef: false, #ifndef: true): settle the group by hand");
	add_finding(pt, pt->tl->tok[p->name].pos, R_MODULE_PARM, SEV_WARNING,
		    true,
		    "MODULE_PARM is never defined since 2.6.17, so '#ifdef MODULE_PARM' silently compiles out the parameters in its group: keep the group, drop the #ifdef and its #endif");
	define_range(pt, p->hash, &from, &to);
	ret = add_edit(pt, from, to - from, "");
	define_range(pt, end, &from, &to);
	return ret ? ret : add_edit(pt, from, to - from, "");
}

/* Delete the 'const' at token c and the blanks after it, once. */
static int drop_const(struct porter *pt, size_t c)
{
	const struct token *t = &pt->tl->tok[c];
	size_t end = tok_end(t), k;

	for (k = 0; k < pt->out->nr_e; k++)
		if (pt->out->e[k].pos == t->pos)
			return 0;
	while (pt->buf[end] == ' ' || pt->buf[end] == '\t')
		end++;
	return add_edit(pt, t->pos, end - t->pos, "");
}

/* MODULE_PARM at token i; *converted counts the conversions. */
static int module_parm(struct porter *pt, size_t i, bool *converted)
{
	const struct token_list *tl = pt->tl;
	struct parm p = { .name = i, .hash = SCAN_NONE };
	struct plan pl = { .nr_drop = 0, .after = SCAN_NONE };
	struct tokens self = { pt->buf, tl };
	bool pp = tl->tok[i].flags & TF_PP;
	size_t lp, comma, k, semi;
	const char *why;

	if (pp) {
		p.hash = directive_of(tl, i);
		if (directive_is(&self, p.hash, "if") ||
		    directive_is(&self, p.hash, "ifdef") ||
		    directive_is(&self, p.hash, "ifndef") ||
		    directive_is(&self, p.hash, "elif"))
			return parm_conditional(pt, &p);
		if (define_name(&self, p.hash) == SCAN_NONE ||
		    define_name(&self, p.hash) == i)
			return 0;	/* #undef, or a compatibility #define */
	}
	lp = step(tl, i, pp);
	if (lp == SCAN_NONE || !match_op(pt->buf, &tl->tok[lp], '('))
		return 0;
	p.var = step(tl, lp, pp);
	comma = p.var == SCAN_NONE ? SCAN_NONE : step(tl, p.var, pp);
	if (comma == SCAN_NONE || tl->tok[p.var].type != TOKEN_IDENT ||
	    !match_op(pt->buf, &tl->tok[comma], ',') ||
	    step(tl, comma, pp) == SCAN_NONE)
		return report(pt, &p, "not MODULE_PARM(variable, \"type\")");
	p.close = read_type(pt, &self, step(tl, comma, pp), pp, &p, 0);
	if (p.close >= TYPE_BAD || !p.type_len)
		return report(pt, &p, "not MODULE_PARM(variable, \"type\")");
	p.letter = type_letter(&p);
	why = plan(pt, &p, &pl);
	if (why)
		return report(pt, &p, why);
	add_finding(pt, tl->tok[i].pos, R_MODULE_PARM, SEV_WARNING, true,
		    "MODULE_PARM() is gone since 2.6.17 (the build fails on it): use %s%s",
		    pl.text, pl.note);
	*converted = true;
	for (k = 0; k < pl.nr_drop; k++)
		drop_const(pt, pl.drop_const[k]);
	semi = pl.after == SCAN_NONE ? SCAN_NONE : next_code(tl, p.close);
	if (semi != SCAN_NONE && match_op(pt->buf, &tl->tok[semi], ';')) {
		/* after the declaration, whose address it takes */
		size_t at = after_eol(pt->buf, pt->len,
				      line_end(pt->buf, pt->len,
					       tl->tok[pl.after].pos));
		char *moved = porter_printf(pt, "%s%s;%s",
					    at == pt->len ? pt->eol : "",
					    pl.text, pt->eol);

		delete_line_range(pt, tl->tok[i].pos, tok_end(&tl->tok[semi]));
		if (moved)
			add_edit(pt, at, 0, moved);
		free(moved);
		return 0;
	}
	return add_edit(pt, tl->tok[i].pos,
			tok_end(&tl->tok[p.close]) - tl->tok[i].pos, pl.text);
}

/* #include <linux/moduleparam.h> for the new module_param()s. */
static void add_moduleparam_h(struct porter *pt)
{
	char text[64];
	bool eol_first;
	size_t pos = include_pos(pt, &eol_first);

	snprintf(text, sizeof(text), "%s#include <linux/moduleparam.h>%s",
		 eol_first ? pt->eol : "", eol_first ? "" : pt->eol);
	add_finding(pt, pos, R_MODULE_PARM, SEV_WARNING, true,
		    "module_param() is declared in <linux/moduleparam.h>, which this file does not include");
	add_edit(pt, pos, 0, text);
}

enum { W_MODULE_PARM, W_MODULEPARAM_H };

static const char *const words[] = {
	[W_MODULE_PARM] = "MODULE_PARM",
	[W_MODULEPARAM_H] = "<linux/moduleparam.h>",
	NULL
};

static const enum rule_id rules[] = { R_MODULE_PARM, NR_RULES };

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	bool has_h = false, needs_h = false;
	size_t k;

	for (k = 0; k < n; k++) {
		if (h[k].word == W_MODULEPARAM_H)
			has_h = has_h || ((h[k].flags & H_ARG) &&
					  h[k].kw == KW_INCLUDE);
		else if (pt->tl->tok[h[k].tok].type == TOKEN_IDENT)
			module_parm(pt, h[k].tok, &needs_h);
	}
	if (needs_h && !has_h)
		add_moduleparam_h(pt);
}

static const struct family param = {
	.name = "param", .rules = rules, .words = words, .run = run,
};
FAMILY(param)
