// SPDX-License-Identifier: GPL-2.0
/*
 * article.c: the rules of LWN's "Driver porting: hello world" (2003) -
 * implicit-init and implicit-exit (init_module()/cleanup_module() become
 * static NAME_init()/NAME_exit() registered with module_init() and
 * module_exit()), module-wrapper (a pure forward is replaced by the
 * registration of its target), init-include (<linux/init.h> for them) and
 * missing-license (MODULE_LICENSE() after the registrations, with
 * --license).  The registrations are this family's own state.
 *
 * Most 2.4 drivers end with
 *
 *	#ifdef MODULE
 *	int init_module(void) { return foo_init(); }
 *	void cleanup_module(void) { foo_cleanup(); }
 *	#endif
 *
 * When a wrapper is such a pure forward to a function defined in the file,
 * it becomes module_init(foo_init); / module_exit(foo_cleanup); in its
 * place, so the directives around it stay as they were (balanced).
 * Anything else is renamed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../directive.h"
#include "../engine.h"
#include "../modobj.h"

enum entry_kind { ENTRY_INIT, ENTRY_EXIT, ENTRY_KINDS };

/* A declaration or definition of init_module or cleanup_module. */
struct entry_decl {
	size_t name;		/* token indexes */
	size_t decl;		/* first token of the declaration */
	size_t lparen, rparen;
	size_t close;		/* closing brace, or SCAN_NONE: a prototype */
	size_t extern_tok;	/* or SCAN_NONE */
	bool is_static;
	bool annotated;		/* __init / __exit present */
	bool empty_params;	/* K&R () */
	unsigned int group;	/* conditional group */
};

struct entry {
	struct entry_decl *decl;
	size_t nr_decls, alloc_decls;
	size_t nr_defs;
	bool is_macro;		/* #define init_module ...: hands off */
	size_t *alias;		/* '#define NAME init_module': NAME's tokens */
	size_t nr_alias, alloc_alias;
	bool registered;	/* module_init( / module_exit( used */
	bool provided;		/* #define module_init: the interface's header */
};

/* A registration: module_init(NAME); and the like, replacing del bytes. */
struct reg {
	size_t pos, del;
	char *text;
	enum rule_id rule;
};

struct article {
	struct entry entry[ENTRY_KINDS];
	bool has_license;
	const struct hit *reg_first, *reg_last;	/* module_init(...) calls */
	bool fires[ENTRY_KINDS];
	bool wrapped[ENTRY_KINDS];	/* by module-wrapper */
	char name[ENTRY_KINDS][NAME_MAX_LEN + 16];
	struct reg *reg;		/* the registrations to write */
	size_t nr_reg, alloc_reg;
};

static const char *const old_name[ENTRY_KINDS] = {
	"init_module", "cleanup_module"
};
static const char *const macro[ENTRY_KINDS] = { "module_init", "module_exit" };
static const char *const suffix[ENTRY_KINDS] = { "_init", "_exit" };
static const char *const annotation[ENTRY_KINDS] = { "__init ", "__exit " };
static const char *const ret_type[ENTRY_KINDS] = { "int", "void" };
static const enum rule_id rule_id[ENTRY_KINDS] = {
	R_IMPLICIT_INIT, R_IMPLICIT_EXIT
};

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
static void try_decl(struct porter *pt, const struct hit *h,
		     struct entry *e)
{
	const struct token_list *tl = pt->tl;
	struct entry_decl d = { .name = h->tok, .group = h->group };
	size_t i = h->tok;

	if (!specifier_before(pt->buf, tl, i))
		return;
	d.lparen = next_code(tl, i);
	if (!match_op(pt->buf, &tl->tok[d.lparen], '('))
		return;
	d.rparen = match_close(pt->buf, tl, d.lparen, '(', ')');
	if (d.rparen == SCAN_NONE || !no_params(pt->buf, tl, &d))
		return;
	d.close = find_body(pt->buf, tl, d.rparen);
	if (d.close != SCAN_NONE) {
		d.close = match_close(pt->buf, tl, d.close, '{', '}');
		if (d.close == SCAN_NONE)
			return;
		e->nr_defs++;
	}
	read_specifiers(pt->buf, tl, &d);
	if (!GROW(pt, e->decl, e->nr_decls, e->alloc_decls))
		e->decl[e->nr_decls++] = d;
}

/* The raw token after i, or SCAN_NONE if it is a comment or directive. */
static size_t next_plain(const struct token_list *tl, size_t i)
{
	const struct token *t = &tl->tok[i + 1];

	if (t->type == TOKEN_COMMENT || (t->flags & TF_PP))
		return SCAN_NONE;
	return i + 1;
}

/* Tokens i.. spell the sequence ops/idents in want ('I': any ident). */
static size_t match_seq(const char *buf, const struct token_list *tl,
			size_t i, const char *want, size_t *ident)
{
	for (; *want; want++) {
		const struct token *t;

		i = next_plain(tl, i);
		if (i == SCAN_NONE)
			return SCAN_NONE;
		t = &tl->tok[i];
		if (*want == 'I' && t->type == TOKEN_IDENT)
			*ident = i;
		else if (*want == 'R' ? !match_ident(buf, t, "return") :
			 *want == 'I' || !match_op(buf, t, *want))
			return SCAN_NONE;
	}
	return i;
}

/* The forward target of a definition's body, or SCAN_NONE. */
static size_t forward_target(const struct porter *pt, int kind,
			     const struct entry_decl *d)
{
	const struct token_list *tl = pt->tl;
	size_t open = next_code(tl, d->rparen), target = SCAN_NONE, end;

	if (open >= d->close || next_plain(tl, d->rparen) != open ||
	    !match_op(pt->buf, &tl->tok[open], '{'))
		return SCAN_NONE;
	end = match_seq(pt->buf, tl, open,
			kind == ENTRY_INIT ? "RI();}" : "I();}", &target);
	return end == d->close ? target : SCAN_NONE;
}

/* Live uses of the name (the #if 0 groups aside). */
static size_t count_ident(const struct porter *pt, const struct token *name)
{
	const struct token *t;
	size_t n = 0;

	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_IDENT && t->len == name->len &&
		    !memcmp(pt->buf + t->pos, pt->buf + name->pos, t->len) &&
		    !scan_is_dead(&pt->sc, (size_t)(t - pt->tl->tok)))
			n++;
	return n;
}

/* Is the target defined in the file with the right return type? */
static bool defined_here(const struct porter *pt, int kind, size_t target)
{
	const struct token_list *tl = pt->tl;
	const struct token *name = &tl->tok[target];
	size_t i, p;

	for (i = 1; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if (i == target || t->type != TOKEN_IDENT || t->len != name->len ||
		    memcmp(pt->buf + t->pos, pt->buf + name->pos, t->len) ||
		    !match_op(pt->buf, &tl->tok[next_code(tl, i)], '('))
			continue;
		for (p = i - 1; p > 0 && (tl->tok[p].type == TOKEN_COMMENT ||
		     match_ident(pt->buf, &tl->tok[p], "__init") ||
		     match_ident(pt->buf, &tl->tok[p], "__exit")); p--)
			;
		if (match_ident(pt->buf, &tl->tok[p], ret_type[kind]))
			return true;
	}
	return false;
}

/*
 * 1 if the kind's only definition is a pure forward and was replaced by
 * its registration, else 0.
 */
static int rule_wrapper(struct porter *pt, struct article *a, int kind)
{
	const struct entry *e = &a->entry[kind];
	const struct entry_decl *d = &e->decl[0];
	const struct token *tok = pt->tl->tok;
	size_t target;
	size_t end;
	int n;

	if (e->nr_decls != 1 || e->nr_defs != 1 ||
	    count_ident(pt, &tok[d->name]) != 1)
		return 0;
	target = forward_target(pt, kind, d);
	if (target == SCAN_NONE || !defined_here(pt, kind, target))
		return 0;
	n = (int)tok[target].len;
	if (add_finding(pt, tok[d->name].pos, R_MODULE_WRAPPER, SEV_WARNING,
			true,
			"%s() only forwards to %.*s(): objtool rejects the magic name on IBT kernels (6.15+); register %.*s() with %s() instead",
			old_name[kind], n, pt->buf + tok[target].pos, n,
			pt->buf + tok[target].pos, macro[kind]))
		return 0;
	end = d->close;
	if (match_op(pt->buf, &tok[next_code(pt->tl, end)], ';'))
		end = next_code(pt->tl, end);	/* "};": the ';' goes too */
	if (GROW(pt, a->reg, a->nr_reg, a->alloc_reg))
		return 0;
	a->reg[a->nr_reg++] = (struct reg){
		.pos = tok[d->decl].pos,
		.del = tok_end(&tok[end]) - tok[d->decl].pos,
		.text = porter_printf(pt, "%s(%.*s);", macro[kind], n,
				      pt->buf + tok[target].pos),
		.rule = R_MODULE_WRAPPER,
	};
	a->wrapped[kind] = true;
	return 1;
}
static bool ident_taken(const struct porter *pt, const char *name)
{
	const struct token *t;

	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_IDENT && token_is(pt->buf, t, name))
			return true;
	return false;
}

/* <module>_init, or the first free <module>_init_N; true if renamed. */
static bool choose_name(struct porter *pt, struct article *a, int kind,
			char *taken)
{
	char base[NAME_MAX_LEN];
	char *name = a->name[kind];
	size_t size = sizeof(a->name[kind]);
	int n = 2;

	if (pt->opts->name)
		snprintf(base, sizeof(base), "%s", pt->opts->name);
	else
		module_name(pt->path, base, sizeof(base));
	snprintf(name, size, "%s%s", base, suffix[kind]);
	if (!ident_taken(pt, name))
		return false;
	strcpy(taken, name);
	do
		snprintf(name, size, "%s%s_%d", base, suffix[kind], n++);
	while (ident_taken(pt, name));
	return true;
}

/* Every live use of the old name becomes the new one. */
static int rename_uses(struct porter *pt, struct article *a, int kind)
{
	const struct token_list *tl = pt->tl;
	size_t i;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if (t->type != TOKEN_IDENT ||
		    !token_is(pt->buf, t, old_name[kind]) ||
		    is_member_name(pt->buf, tl, i) || scan_is_dead(&pt->sc, i))
			continue;
		add_edit(pt, t->pos, t->len, a->name[kind]);
	}
	return 0;
}

/* static, (void), and with --annotate __init/__exit, for one decl. */
static int fix_decl(struct porter *pt, int kind, const struct entry_decl *d)
{
	const struct token *tok = pt->tl->tok;
	int ret = 0;

	if (d->is_static)
		;
	else if (d->extern_tok != SCAN_NONE)
		ret = add_edit(pt, tok[d->extern_tok].pos,
			       tok[d->extern_tok].len, "static");
	else
		ret = add_edit(pt, tok[d->decl].pos, 0, "static ");
	if (!ret && d->empty_params)
		ret = add_edit(pt, tok[d->lparen].pos + 1, 0, "void");
	if (!ret && pt->opts->annotate && d->close != SCAN_NONE &&
	    !d->annotated)
		ret = add_edit(pt, tok[d->name].pos, 0, annotation[kind]);
	return ret;
}

static const struct entry_decl *first_def(const struct entry *e)
{
	size_t k;

	for (k = 0; k < e->nr_decls; k++)
		if (e->decl[k].close != SCAN_NONE)
			return &e->decl[k];
	return NULL;
}

static int rule_entry(struct porter *pt, struct article *a, int kind)
{
	const struct entry *e = &a->entry[kind];
	const struct entry_decl *def = first_def(e);
	size_t pos = pt->tl->tok[def->name].pos, k;
	char taken[sizeof(a->name[0])];

	if (choose_name(pt, a, kind, taken))
		add_finding(pt, pos, rule_id[kind], SEV_NOTE, false,
			    "'%s' is already used in this file; using '%s'",
			    taken, a->name[kind]);
	add_finding(pt, pos, rule_id[kind], SEV_WARNING, true,
		    "%s() without %s(): objtool rejects the magic name on IBT kernels (6.15+); make it static %s() and register it with %s()",
		    old_name[kind], macro[kind], a->name[kind], macro[kind]);
	rename_uses(pt, a, kind);
	for (k = 0; k < e->nr_decls; k++)
		fix_decl(pt, kind, &e->decl[k]);
	return 0;
}

/* Where code can follow a closing brace: the end of its line. */
static size_t after_close(const struct porter *pt, size_t close)
{
	const struct token *tok = pt->tl->tok;
	size_t end = line_end(pt->buf, pt->len, tok[close].pos), i;

	for (i = close + 1; tok[i].type != TOKEN_EOF && tok[i].pos < end; i++)
		if (tok_end(&tok[i]) > end)
			return tok_end(&tok[close]);
	return end;
}

static void add_registration(struct porter *pt, struct article *a,
			     size_t close, int kind,
			     const struct entry_decl *pair)
{
	if (pair && pair->close > close)
		close = pair->close;
	if (GROW(pt, a->reg, a->nr_reg, a->alloc_reg))
		return;
	a->reg[a->nr_reg++] = (struct reg){
		.pos = after_close(pt, close),
		.text = pair ?
			porter_printf(pt, "%s%s%s(%s);%s%s(%s);", pt->eol,
				      pt->eol, macro[kind], a->name[kind],
				      pt->eol, macro[ENTRY_EXIT],
				      a->name[ENTRY_EXIT]) :
			porter_printf(pt, "%s%s%s(%s);", pt->eol, pt->eol,
				      macro[kind], a->name[kind]),
		.rule = rule_id[kind],
	};
}

/*
 * module_init()/module_exit() after the definitions, as the article does:
 * together after the later one when both sit in the same conditional
 * group, else each after its own.
 */
static void plan_registrations(struct porter *pt, struct article *a)
{
	const struct entry *in = &a->entry[ENTRY_INIT];
	const struct entry *ex = &a->entry[ENTRY_EXIT];
	bool *paired = calloc(ex->nr_decls + 1, sizeof(*paired));
	size_t k, j;

	if (!paired) {
		porter_fail(pt, -ENOMEM);
		return;
	}
	for (k = 0; a->fires[ENTRY_INIT] && !a->wrapped[ENTRY_INIT] &&
	     k < in->nr_decls; k++) {
		const struct entry_decl *d = &in->decl[k], *pair = NULL;

		if (d->close == SCAN_NONE)
			continue;
		for (j = 0; a->fires[ENTRY_EXIT] && !a->wrapped[ENTRY_EXIT] &&
		     j < ex->nr_decls; j++) {
			if (ex->decl[j].close != SCAN_NONE && !paired[j] &&
			    ex->decl[j].group == d->group) {
				paired[j] = true;
				pair = &ex->decl[j];
				break;
			}
		}
		add_registration(pt, a, d->close, ENTRY_INIT, pair);
	}
	for (j = 0; a->fires[ENTRY_EXIT] && !a->wrapped[ENTRY_EXIT] &&
	     j < ex->nr_decls; j++)
		if (ex->decl[j].close != SCAN_NONE && !paired[j])
			add_registration(pt, a, ex->decl[j].close, ENTRY_EXIT,
					 NULL);
	free(paired);
}

static int rule_init_include(struct porter *pt, struct article *a)
{
	const struct scan *sc = &pt->sc;
	char text[64];
	bool eol_first;
	size_t pos;

	if (sc->has_init_h || a->entry[ENTRY_INIT].registered ||
	    a->entry[ENTRY_EXIT].registered)
		return 0;
	pos = include_pos(pt, &eol_first);
	snprintf(text, sizeof(text), "%s#include <linux/init.h>%s",
		 eol_first ? pt->eol : "", eol_first ? "" : pt->eol);
	add_finding(pt, pos, R_INIT_INCLUDE, SEV_WARNING, true,
		    "%s() is declared in <linux/init.h>, which this file does not include",
		    a->fires[ENTRY_INIT] ? "module_init" : "module_exit");
	add_edit(pt, pos, 0, text);
	if (!pt->muted)
		pt->out->e[pt->out->nr_e - 1].seq = 0;	/* a whole line: first */
	return 0;
}

/* The license as a C string literal's contents. */
static void quote_license(const char *s, char *out, size_t size)
{
	size_t i = 0;

	for (; *s && i + 3 < size; s++) {
		if (*s == '"' || *s == '\\')
			out[i++] = '\\';
		out[i++] = *s;
	}
	out[i] = 0;
}

static int rule_license(struct porter *pt, struct article *a, size_t pos)
{
	const char *license = pt->opts->license;
	char quoted[256], *text;
	size_t k, last = 0;

	add_finding(pt, pos, R_MISSING_LICENSE, SEV_WARNING, license != NULL,
		    "no MODULE_LICENSE(): modpost rejects the module since Linux 5.11%s",
		    license ? "" : "; modport does not invent one: fix needs --license=STRING");
	if (!license || !a->nr_reg || !rule_on(pt, R_MISSING_LICENSE))
		return 0;
	for (k = 1; k < a->nr_reg; k++)
		if (a->reg[k].pos >= a->reg[last].pos)
			last = k;
	if (!a->reg[last].text)
		return pt->error;
	quote_license(license, quoted, sizeof(quoted));
	text = porter_printf(pt, "%s%sMODULE_LICENSE(\"%s\");",
			     a->reg[last].text,
			     pt->eol[1] ? "\r\n\r\n" : "\n\n", quoted);
	free(a->reg[last].text);
	a->reg[last].text = text;
	return pt->error;
}


enum { W_INIT_MODULE, W_CLEANUP_MODULE, W_MODULE_INIT, W_MODULE_EXIT,
       W_MODULE_LICENSE };

static const char *const words[] = {
	[W_INIT_MODULE] = "init_module",
	[W_CLEANUP_MODULE] = "cleanup_module",
	[W_MODULE_INIT] = "module_init",
	[W_MODULE_EXIT] = "module_exit",
	[W_MODULE_LICENSE] = "MODULE_LICENSE",
	NULL
};

static const enum rule_id rules[] = {
	R_IMPLICIT_INIT, R_IMPLICIT_EXIT, R_MODULE_WRAPPER, R_INIT_INCLUDE,
	R_MISSING_LICENSE, NR_RULES
};

/* '#define NAME init_module' (object-like, nothing else in its body). */
static void read_alias(struct porter *pt, const struct hit *h,
		       struct entry *e)
{
	struct tokens s = { pt->buf, pt->tl };
	size_t name;

	if (!(h->flags & H_BODY) || h->kw != KW_DEFINE ||
	    pp_next(pt->tl, h->tok) != SCAN_NONE)
		return;
	name = define_name(&s, directive_of(pt->tl, h->tok));
	if (name == SCAN_NONE || pt->buf[tok_end(&pt->tl->tok[name])] == '(' ||
	    define_body(&s, name) != h->tok)
		return;
	if (!GROW(pt, e->alias, e->nr_alias, e->alloc_alias))
		e->alias[e->nr_alias++] = name;
}

/* The entry points, their macros and registrations, the license. */
static void read_entries(struct porter *pt, struct article *a,
			 const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	size_t k;

	for (k = 0; k < n; k++, h++) {
		bool call;

		if (h->flags & H_DEAD)
			continue;
		if (h->flags & H_PP) {
			if (h->word <= W_CLEANUP_MODULE && (h->flags & H_ARG) &&
			    (h->kw == KW_DEFINE || h->kw == KW_UNDEF))
				a->entry[h->word].is_macro = true;
			else if (h->word <= W_CLEANUP_MODULE)
				read_alias(pt, h, &a->entry[h->word]);
			else if (h->word <= W_MODULE_EXIT &&
				 (h->flags & H_ARG) && h->kw == KW_DEFINE)
				a->entry[h->word - W_MODULE_INIT].provided = true;
			continue;
		}
		if (h->word <= W_CLEANUP_MODULE) {
			if (!h->live_depth &&
			    !is_member_name(pt->buf, tl, h->tok))
				try_decl(pt, h, &a->entry[h->word]);
			continue;
		}
		call = match_op(pt->buf, &tl->tok[next_code(tl, h->tok)], '(');
		if (call && h->word == W_MODULE_LICENSE) {
			a->has_license = true;
		} else if (call) {
			a->entry[h->word - W_MODULE_INIT].registered = true;
			if (!a->reg_first)
				a->reg_first = h;
			a->reg_last = h;
		}
	}
}

/*
 * What the rename cannot take: an alias '#define NAME init_module', a
 * definition beside module_init() (an #if branch for older kernels), a
 * declaration with no definition (a header's, unless the header is the
 * one that defines module_init(): <linux/module.h>).  Reported.
 */
static void report_others(struct porter *pt, struct article *a, int kind)
{
	const struct entry *e = &a->entry[kind];
	const struct token *tok = pt->tl->tok;
	size_t k;

	for (k = 0; k < e->nr_alias; k++) {
		const struct token *t = &tok[e->alias[k]];
		int n = (int)t->len;

		add_finding(pt, tok[directive_of(pt->tl, e->alias[k])].pos,
			    rule_id[kind], SEV_WARNING, false,
			    "'#define %.*s %s' makes %.*s() the magic %s(), which objtool rejects on IBT kernels (6.15+): drop the #define and register %.*s() with %s(); port it by hand",
			    n, pt->buf + t->pos, old_name[kind], n,
			    pt->buf + t->pos, old_name[kind], n,
			    pt->buf + t->pos, macro[kind]);
	}
	if (e->is_macro)
		return;
	for (k = 0; e->registered && k < e->nr_decls; k++)
		if (e->decl[k].close != SCAN_NONE)
			add_finding(pt, tok[e->decl[k].name].pos, rule_id[kind],
				    SEV_WARNING, false,
				    "%s() is defined although the file registers with %s(): a definition for older kernels (an #if branch dead on 2.6) or a second entry point, and objtool rejects the magic name on IBT kernels (6.15+); remove it; port it by hand",
				    old_name[kind], macro[kind]);
	for (k = 0; !e->nr_defs && !e->provided && k < e->nr_decls; k++)
		add_finding(pt, tok[e->decl[k].name].pos, rule_id[kind],
			    SEV_WARNING, false,
			    "a declaration of %s(): 2.6 modules register their entry points with %s() and the definition becomes a static function of another name, so it is stale; remove it; port it by hand",
			    old_name[kind], macro[kind]);
}

/*
 * A module of its own for kbuild (its folder's obj-m names it: modobj.h)
 * that registers its entry points with module_init()/module_exit() and
 * has no MODULE_LICENSE() anywhere: modpost rejects it, whatever else is
 * ported.  With --license, MODULE_LICENSE() goes after the last
 * registration where that is outside any conditional group; a
 * registration under a condition (2.4's qtronix: all of its code under
 * #ifdef CONFIG_QTRONIX_KEYBOARD, which kbuild does not define for x86)
 * is named only: what kbuild compiles there may be nothing at all.
 */
static void registered_no_license(struct porter *pt, const struct article *a)
{
	const struct token_list *tl = pt->tl;
	const char *license = pt->opts->license;
	const struct hit *last = a->reg_last;
	size_t close, semi;
	char quoted[256], *text;
	bool plain;

	if (!a->reg_first || a->has_license || !modobj_single(pt->path))
		return;
	close = match_close(pt->buf, tl, next_code(tl, last->tok), '(', ')');
	semi = close == SCAN_NONE ? SCAN_NONE : next_code(tl, close);
	plain = !last->group && semi != SCAN_NONE &&
		match_op(pt->buf, &tl->tok[semi], ';');
	add_finding(pt, tl->tok[a->reg_first->tok].pos, R_MISSING_LICENSE,
		    SEV_WARNING, plain && license,
		    "no MODULE_LICENSE() in a module that kbuild builds of this file alone: modpost rejects it since Linux 5.11%s",
		    !plain ? " (its registration is under a condition, which kbuild may not take: MODULE_LICENSE() and <linux/module.h> outside it); port it by hand" :
		    license ? "" : "; modport does not invent one: fix needs --license=STRING");
	if (!plain || !license || !rule_on(pt, R_MISSING_LICENSE))
		return;
	quote_license(license, quoted, sizeof(quoted));
	text = porter_printf(pt, "%sMODULE_LICENSE(\"%s\");", pt->eol[1] ?
			     "\r\n\r\n" : "\n\n", quoted);
	edits_for(pt, R_MISSING_LICENSE);
	if (text)
		add_edit(pt, tok_end(&tl->tok[semi]), 0, text);
	free(text);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct article *a = calloc(1, sizeof(*a));
	size_t first = SCAN_NONE, k;
	int kind;

	if (!a) {
		porter_fail(pt, -ENOMEM);
		return;
	}
	read_entries(pt, a, h, n);
	for (kind = 0; kind < ENTRY_KINDS; kind++) {
		const struct entry *e = &a->entry[kind];

		a->fires[kind] = e->nr_defs && !e->is_macro && !e->registered;
		if (!a->fires[kind]) {
			report_others(pt, a, kind);
			continue;
		}
		if (!rule_wrapper(pt, a, kind))
			rule_entry(pt, a, kind);
		if (first == SCAN_NONE)
			first = pt->tl->tok[first_def(e)->name].pos;
	}
	if (first != SCAN_NONE) {
		plan_registrations(pt, a);
		rule_init_include(pt, a);
		if (!a->has_license)
			rule_license(pt, a, first);
		for (k = 0; k < a->nr_reg && !pt->error; k++) {
			edits_for(pt, a->reg[k].rule);
			add_edit(pt, a->reg[k].pos, a->reg[k].del,
				 a->reg[k].text);
		}
	} else {
		registered_no_license(pt, a);
	}
	for (k = 0; k < a->nr_reg; k++)
		free(a->reg[k].text);
	free(a->reg);
	for (kind = 0; kind < ENTRY_KINDS; kind++) {
		free(a->entry[kind].decl);
		free(a->entry[kind].alias);
	}
	free(a);
}

static const struct family article = {
	.name = "article", .rules = rules, .words = words, .run = run,
};
FAMILY(article)
