// SPDX-License-Identifier: GPL-2.0
/*
 * staticdecl.c: the static-redecl rule.  GCC 3 let a file-scope "static"
 * declaration follow a declaration of the same name without it (sonypi.c:
 * "static int verbose;" after its own sonypi.h's "extern int verbose;");
 * since GCC 4 it is an error, "static declaration of 'X' follows
 * non-static declaration".  The first declaration gave the name external
 * linkage: the later "static" goes, and the name keeps it (a module's
 * global that it does not export clashes with no other module).
 *
 * The earlier declarations looked at: the file's own before it, at file
 * scope, and those of the local headers ("x.h", and theirs) that the file
 * includes before it; a kernel header's (<x.h>) cannot be seen and is not
 * judged.  The first of them decides: a static one gives the name internal
 * linkage, and a later static is right.  A declaration in another branch
 * of an #if/#else than the static one is not earlier in any compilation.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../hdrcache.h"
#include "../hdrsum.h"
#include "../target.h"
#include "../ppdirs.h"

static const char *const words[] = { "static", NULL };
static const enum rule_id rules[] = { R_STATIC_REDECL, NR_RULES };

/* What the earlier declarations say of a name. */
enum verdict { V_NONE, V_STATIC, V_EXTERN, V_EXTERN_HEADER };

/*
 * A text's directives (the file's own; a header's are the cache's, kept
 * across files) and, for each of its #includes, the path of the local
 * header it names: NULL not yet, no_header none.
 */
struct dirs {
	struct ppdirs *pd;
	char **path;	/* pd->nr_inc of them */
};

static char no_header[] = "";

/* A local header first_decl() reads: one that spells the name asked. */
struct read_header {
	char *path;
	const struct cached_header *ch;	/* the cache's */
	struct dirs dirs;
};

struct ctx {
	struct porter *pt;
	struct id_index top;	/* the statics' uses at file scope */
	bool top_made;
	struct ppdirs own;			/* the file's directives */
	struct dirs fdirs;			/* the file's */
	/* the headers read, as asked: each its own, first_decl() holds them */
	struct read_header **rh;
	size_t nr_rh, alloc_rh;
	/* Each hit's declarators (declarators()), read once: DECL_MAX a hit. */
	size_t *decl;
	unsigned char *nr_decl;
	/* Each declarator's: may a local header reached declare it? */
	bool *in_headers;
	bool follow;	/* first_decl() reads the headers for this name */
};

#define DECL_MAX 8

/* ds for the directives pd (built if need be).  0 or -ENOMEM. */
static int dirs_of(struct dirs *ds, struct ppdirs *pd, const char *buf,
		   const struct token_list *tl)
{
	size_t k;

	if (!pd->made && ppdirs_build(pd, buf, tl)) {
		ppdirs_free(pd);
		return -12;	/* ENOMEM */
	}
	ds->path = malloc((pd->nr_inc ? pd->nr_inc : 1) * sizeof(*ds->path));
	if (!ds->path)
		return -12;
	for (k = 0; k < pd->nr_inc; k++)
		ds->path[k] = NULL;
	ds->pd = pd;
	return 0;
}

/* Words of a declaration that are neither its type nor its name. */
static const char *const annotations[] = {
	"__init", "__exit", "__initdata", "__exitdata", "__devinit",
	"__devexit", "__devinitdata", "__devexitdata", "__devinitconst",
	"__initconst", "__initlocaldata", "__cpuinit", "__cpuinitdata",
	"__cpuexit", "__read_mostly", "__cacheline_aligned",
	"____cacheline_aligned", "__cacheline_aligned_in_smp",
	"____cacheline_aligned_in_smp", "__attribute_used__", "__maybe_unused",
	"__used", "__unused", "__user", "__iomem", "__pure", "__const",
	"__volatile__", "asmlinkage", "__attribute__", "__attribute",
};

static bool is_annotation(const char *buf, const struct token *t)
{
	/* each begins with '_' but asmlinkage: a name's first byte first */
	return t->type == TOKEN_IDENT &&
	       (buf[t->pos] == '_' || buf[t->pos] == 'a') &&
	       TOKEN_IN(buf, t, annotations);
}

static const char *const type_words[] = {
	"char", "short", "int", "long", "signed", "unsigned", "float",
	"double", "void", "const", "volatile", "_Bool", "bool",
};

/* Words of the specifiers that are no type. */
static const char *const qualifiers[] = {
	"static", "extern", "const", "volatile", "register", "inline",
	"__inline__", "__inline", "__const", "__volatile__", "__signed__",
};

/* A name of the implementation's (__x), an attribute's as often. */
static bool is_reserved(const char *buf, const struct token *t)
{
	return t->len > 2 && buf[t->pos] == '_' && buf[t->pos + 1] == '_';
}

static bool is_attribute(const char *buf, const struct token *t)
{
	return match_ident(buf, t, "__attribute__") ||
	       match_ident(buf, t, "__attribute");
}

static bool ends_declarator(const char *buf, const struct token *t)
{
	return match_op(buf, t, ';') || match_op(buf, t, ',') ||
	       match_op(buf, t, '=') || match_op(buf, t, '[') ||
	       match_op(buf, t, '(');
}

/* A name in capitals and digits: a macro (static DEFINE_SPINLOCK(x);). */
static bool macro_like(const char *buf, const struct token *t)
{
	size_t k;

	bool upper = false;

	for (k = 0; k < t->len; k++) {
		if (buf[t->pos + k] >= 'a' && buf[t->pos + k] <= 'z')
			return false;
		if (buf[t->pos + k] >= 'A' && buf[t->pos + k] <= 'Z')
			upper = true;
	}
	return upper && t->len > 1;
}

/*
 * Is identifier k (at file scope) the name of a declaration's declarator
 * - "extern int x;", "int f(void);", "int a, *x[4] = ..." - whose
 * specifiers back to the declaration's start are identifiers, stars,
 * commas and attributes?  Its "static" to *st (or SCAN_NONE).
 */
static bool declares(const char *buf, const struct token_list *tl, size_t k,
		     size_t *st)
{
	size_t n = next_code(tl, k), p;
	int types = 0;

	while (tl->tok[n].type == TOKEN_IDENT && is_reserved(buf, &tl->tok[n]) &&
	       !is_attribute(buf, &tl->tok[n]))
		n = next_code(tl, n);	/* int x __initdata = 1; */
	if (!ends_declarator(buf, &tl->tok[n]) &&
	    !(is_attribute(buf, &tl->tok[n]) &&
	      match_op(buf, &tl->tok[next_code(tl, n)], '(')))
		return false;
	p = code_before(tl, k);
	if (p != SCAN_NONE && (match_ident(buf, &tl->tok[p], "struct") ||
			       match_ident(buf, &tl->tok[p], "union") ||
			       match_ident(buf, &tl->tok[p], "enum")))
		return false;	/* struct x; names a tag */
	*st = SCAN_NONE;
	for (; p != SCAN_NONE; p = code_before(tl, p)) {
		const struct token *t = &tl->tok[p];

		if (match_op(buf, t, ';') || match_op(buf, t, '}'))
			break;
		if (t->type == TOKEN_IDENT) {
			if (match_ident(buf, t, "typedef"))
				return false;
			if (match_ident(buf, t, "static") || macro_like(buf, t))
				*st = p;	/* xfs's STATIC: not judged */
			if (!TOKEN_IN(buf, t, qualifiers) && !is_annotation(buf, t))
				types++;
		} else if (match_op(buf, t, ')')) {
			size_t o = match_open(buf, tl, p, '(', ')');

			if (o == SCAN_NONE || code_before(tl, o) == SCAN_NONE)
				return false;
			o = code_before(tl, o);	/* __attribute__((x)) */
			if (!match_op(buf, &tl->tok[o], '(') ||
			    (o = code_before(tl, o)) == SCAN_NONE ||
			    !is_attribute(buf, &tl->tok[o]))
				return false;
			p = o;
		} else if (!match_op(buf, t, '*') && !match_op(buf, t, ',')) {
			return false;
		}
	}
	return types > 0;
}

/*
 * Are the positions a < b (tokens of the file, whose directives are ds) in
 * different branches of an #if/#else: an #else or #elif of a group open
 * at a, before the group closes, between them?
 */
static bool exclusive(const struct dirs *ds, size_t a, size_t b)
{
	const struct ppdirs *pd = ds->pd;
	int d = 0, low = 0, excl = 1;	/* excl 1: none */
	size_t k;

	for (k = ppdirs_after(pd, a); k < pd->nr && pd->d[k].tok < b; k++) {
		switch (pd->d[k].kind) {
		case PPD_IF:
			d++;
			break;
		case PPD_ELSE:
			if (d == low)
				excl = d;
			break;
		case PPD_ENDIF:
			d--;
			if (d < low)
				low = d;
			if (excl != 1 && d < excl)
				excl = 1;
			break;
		default:
			break;
		}
	}
	return excl != 1;
}

/*
 * Is token k of a header (text buf, tokens tl, directives ds) in a group
 * of #if other than its guard and "#ifdef __KERNEL__" (slab.h's
 * prototypes of one allocator)?
 */
static bool header_conditional(const char *buf, const struct token_list *tl,
			       const struct dirs *ds, size_t k)
{
	const struct ppdirs *pd = ds->pd;
	bool trivial[16];
	int d = 0;
	size_t j, i, w;

	for (j = 0; j < pd->nr && pd->d[j].tok < k; j++) {
		i = pd->d[j].tok;
		if (pd->d[j].kind == PPD_IF) {
			const struct token *t = &tl->tok[w = pp_next(tl, i)];
			size_t a = pp_next(tl, w);

			if (d < 16)
				trivial[d] = (j == 0 && match_ident(buf, t, "ifndef")) ||
					     (match_ident(buf, t, "ifdef") &&
					      a != SCAN_NONE &&
					      match_ident(buf, &tl->tok[a], "__KERNEL__"));
			d++;
		} else if (pd->d[j].kind == PPD_ELSE) {
			if (d > 0 && d <= 16)
				trivial[d - 1] = false;
		} else if (pd->d[j].kind == PPD_ENDIF && d > 0) {
			d--;
		}
	}
	for (j = 0; j < (size_t)d && j < 16; j++)
		if (!trivial[j])
			return true;
	return d > 16;
}

static void dirs_free(struct dirs *ds)
{
	size_t k;

	for (k = 0; ds->path && k < ds->pd->nr_inc; k++)
		if (ds->path[k] != no_header)
			free(ds->path[k]);
	free(ds->path);
}

/*
 * The path of the local header that the #include name t of the text buf
 * at from names, or no_header; NULL: no memory.
 */
static char *header_path(const char *from, const char *buf,
			 const struct token *t)
{
	if (t->type != TOKEN_STRING || t->len < 3 || buf[t->pos] != '"')
		return no_header;
	return include_beside(from, buf, t);
}

/* header_path() of a summary's #include "x" (hdrsum.h: its token's text). */
static char *summary_include(const char *from, const char *inc)
{
	struct token t = { .pos = 0, .type = TOKEN_STRING,
			   .len = (uint32_t)strlen(inc) };

	return header_path(from, inc, &t);
}

/* The local header at path, read (and indexed) once a file; or NULL. */
static struct read_header *read_header(struct ctx *c, const char *path)
{
	const struct cached_header *ch;
	struct read_header *rh;
	size_t k;
	int err;

	for (k = 0; k < c->nr_rh; k++)
		if (!strcmp(c->rh[k]->path, path))
			return c->rh[k];
	ch = file_header(c->pt, path, &err);
	if (!ch) {
		if (err)
			porter_fail(c->pt, err);
		return NULL;
	}
	if (c->nr_rh == c->alloc_rh) {
		size_t n = c->alloc_rh ? 2 * c->alloc_rh : 8;
		struct read_header **more = realloc(c->rh, n * sizeof(*more));

		if (!more) {
			porter_fail(c->pt, -12);	/* ENOMEM */
			return NULL;
		}
		c->rh = more;
		c->alloc_rh = n;
	}
	/* not moved when more come: an outer first_decl() reads its dirs */
	rh = calloc(1, sizeof(*rh));
	if (!rh || !(rh->path = strdup(path)) ||
	    (!ch->idents->full &&	/* the cache's, kept across files */
	     idindex_build_all(ch->idents, ch->buf, &ch->tl)) ||
	    dirs_of(&rh->dirs, ch->dirs, ch->buf, &ch->tl)) {
		if (rh)
			free(rh->path);
		free(rh);
		porter_fail(c->pt, -12);
		return NULL;
	}
	rh->ch = ch;
	c->rh[c->nr_rh++] = rh;
	return rh;
}

static enum verdict in_header(struct ctx *c, const char *path,
			      const char *name, size_t len, int depth);

/*
 * The first declaration of name[0, len) at file scope in the text buf
 * (tokens tl, directives ds, of the file at path) before token end, in it
 * or in the local headers it includes before there.  before: a file's
 * position, whose branches of #if are judged (SCAN_NONE in a header).
 * The name's uses and the text's #includes are taken in token order.
 */
static enum verdict first_decl(struct ctx *c, const char *path,
			       const char *buf, const struct token_list *tl,
			       struct id_index *ix, struct dirs *ds,
			       size_t end, size_t before, const char *name,
			       size_t len, int depth)
{
	const struct id_use *use;
	size_t nr = idindex_find(ix, name, len, &use), u = 0, k = 0, i, st;
	bool follow = c->follow && depth < INCLUDE_MAX_DEPTH;
	enum verdict v;

	for (;;) {
		const struct ppdir *d = k < ds->pd->nr_inc ?
					&ds->pd->d[ds->pd->inc[k]] : NULL;

		if (u < nr && (!follow || !d || use[u].tok < d->tok)) {
			const struct id_use *x = &use[u++];

			i = x->tok;
			if (i >= end)
				return V_NONE;
			if (!x->code || x->depth ||
			    (before != SCAN_NONE && scan_is_dead(&c->pt->sc, i)) ||
			    !declares(buf, tl, i, &st) ||
			    (before != SCAN_NONE && exclusive(ds, i, before)))
				continue;
			if (before == SCAN_NONE && header_conditional(buf, tl, ds, i))
				return V_STATIC;	/* not judged */
			return st == SCAN_NONE ? V_EXTERN : V_STATIC;
		}
		if (!follow || !d || d->tok >= end)
			return V_NONE;
		i = d->tok;
		if (d->name == SCAN_NONE ||
		    (before != SCAN_NONE && scan_is_dead(&c->pt->sc, i))) {
			k++;
			continue;
		}
		if (!ds->path[k])	/* resolved once a text */
			ds->path[k] = header_path(path, buf, &tl->tok[d->name]);
		if (!ds->path[k]) {
			porter_fail(c->pt, -12);	/* ENOMEM */
			return V_NONE;
		}
		k++;
		if (ds->path[k - 1] == no_header ||
		    (before != SCAN_NONE && exclusive(ds, i, before)))
			continue;
		v = in_header(c, ds->path[k - 1], name, len, depth + 1);
		if (v != V_NONE)
			return v == V_EXTERN ? V_EXTERN_HEADER : v;
	}
}

/*
 * first_decl() in the local header at path, at depth: read only if it
 * spells the name (hdrsum.h); one that does not declares nothing, and
 * only the headers it includes are looked at, by their summaries too.
 */
static enum verdict in_header(struct ctx *c, const char *path,
			      const char *name, size_t len, int depth)
{
	const struct header_summary *hs;
	struct read_header *rh;
	enum verdict v = V_NONE;
	char *const *inc;
	size_t nr_inc, j;
	int err;

	hs = hdrsum_get(path, &err);
	if (!hs) {
		if (err)
			porter_fail(c->pt, err);
		return V_NONE;	/* no file there */
	}
	if (hdrsum_may_name(hs, name, len)) {
		rh = read_header(c, path);
		return rh ? first_decl(c, rh->path, rh->ch->buf, &rh->ch->tl,
				       rh->ch->idents, &rh->dirs,
				       rh->ch->tl.nr, SCAN_NONE, name, len,
				       depth) : V_NONE;
	}
	/* its own array: a summary may move while those below are got */
	inc = hs->inc;
	nr_inc = hs->nr_inc;
	for (j = 0; v == V_NONE && depth < INCLUDE_MAX_DEPTH && j < nr_inc;
	     j++) {
		char *sub = summary_include(path, inc[j]);

		if (!sub) {
			porter_fail(c->pt, -12);	/* ENOMEM */
			return V_NONE;
		}
		if (sub != no_header) {
			v = in_header(c, sub, name, len, depth + 1);
			free(sub);
		}
	}
	return v;
}

/*
 * The declarators of the static declaration at token s: their names to
 * names (at most max), or 0 when it is not one this rule reads.
 */
static size_t declarators(struct porter *pt, size_t s, size_t *names,
			  size_t max)
{
	const char *buf = pt->buf;
	const struct token_list *tl = pt->tl;
	size_t i, name, nr = 0, after[4], nr_after = 0, k;
	bool typed = false, is_fn, in_h = pt->header;

	for (i = next_code(tl, s); tl->tok[i].type == TOKEN_IDENT ||
				   match_op(buf, &tl->tok[i], '*');
	     i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (is_attribute(buf, t)) {
			i = next_code(tl, i);
			if (!match_op(buf, &tl->tok[i], '(') ||
			    (i = match_close(buf, tl, i, '(', ')')) == SCAN_NONE)
				return 0;
			continue;
		}
		if (in_h && t->type == TOKEN_IDENT &&
		    memmem(buf + t->pos, t->len, "inline", 6))
			return 0;	/* inline, __always_inline... */
		if (match_ident(buf, t, "struct") || match_ident(buf, t, "union") ||
		    match_ident(buf, t, "enum")) {
			i = next_code(tl, i);	/* the tag is no declarator */
			typed = true;
			continue;
		}
		if (t->type != TOKEN_IDENT || is_annotation(buf, t) ||
		    TOKEN_IN(buf, t, qualifiers))
			continue;
		if (is_reserved(buf, t) &&	/* not static DEF_SCSI_QCMD(x) */
		    match_op(buf, &tl->tok[next_code(tl, i)], '(')) {
			size_t cl = match_close(buf, tl, next_code(tl, i), '(', ')');

			if (cl == SCAN_NONE)
				return 0;
			if (tl->tok[next_code(tl, cl)].type == TOKEN_IDENT ||
			    match_op(buf, &tl->tok[next_code(tl, cl)], '*')) {
				i = cl;	/* __printf(2, 3) void f(...) */
				continue;
			}
		}
		if (TOKEN_IN(buf, t, type_words) || !typed) {
			typed = true;	/* unsigned long, or a typedef's name */
			continue;
		}
		if (nr_after < 4 && !match_op(buf, &tl->tok[next_code(tl, i)], '*'))
			after[nr_after++] = i;	/* u64 __amode31_ref *x */
	}
	if (!ends_declarator(buf, &tl->tok[i]) || !nr_after)
		return 0;	/* static x; static int (*f)(void); */
	name = after[nr_after - 1];	/* int __must_check __f(void) */
	for (k = 0; k < nr_after; k++)	/* int __cold f(void), int x __data */
		if (!is_reserved(buf, &tl->tok[after[k]]))
			name = after[k];
	is_fn = match_op(buf, &tl->tok[i], '(');
	if (is_fn && macro_like(buf, &tl->tok[name]))
		return 0;
	names[nr++] = name;
	if (is_fn)
		return nr;
	/* static int a, *b[2], c = 1; */
	for (; !match_op(buf, &tl->tok[i], ';') && tl->tok[i].type != TOKEN_EOF;
	     i = next_code(tl, i)) {
		size_t n;

		if (match_op(buf, &tl->tok[i], '(') ||
		    match_op(buf, &tl->tok[i], '[') ||
		    match_op(buf, &tl->tok[i], '{')) {
			const char cl = buf[tl->tok[i].pos] == '(' ? ')' :
					buf[tl->tok[i].pos] == '[' ? ']' : '}';

			i = match_close(buf, tl, i, buf[tl->tok[i].pos], cl);
			if (i == SCAN_NONE)
				return nr;
			continue;
		}
		if (!match_op(buf, &tl->tok[i], ','))
			continue;
		for (n = next_code(tl, i); match_op(buf, &tl->tok[n], '*');)
			n = next_code(tl, n);
		if (tl->tok[n].type == TOKEN_IDENT && nr < max &&
		    ends_declarator(buf, &tl->tok[next_code(tl, n)]))
			names[nr++] = n;
	}
	return nr;
}

/*
 * Is the static at token s in a group of #if of its file (a header's
 * guard aside)?  A header's declaration is then not judged: which of the
 * header's branches goes with which of the file's is not read.
 */
static bool conditional(const struct porter *pt, size_t s)
{
	const struct token_list *tl = pt->tl;
	int open = pp_open_groups(pt->buf, tl, 0, s);
	size_t i, w;

	if (open <= 0 || !pt->header)
		return open > 0;
	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {	/* the guard */
		if (!(tl->tok[i].flags & TF_PP) ||
		    !match_op(pt->buf, &tl->tok[i], '#'))
			continue;
		w = pp_next(tl, i);
		return w == SCAN_NONE ||
		       !match_ident(pt->buf, &tl->tok[w], "ifndef") || open > 1;
	}
	return true;
}

/* Has the file a use of name[0..len) at file scope before token s? */
static bool used_before(struct id_index *ix, const char *name, size_t len,
			size_t s)
{
	const struct id_use *use;

	return idindex_find(ix, name, len, &use) && use[0].tok < s;
}

/* The static at token s, whose declarators are names[0..nr). */
static void one(struct ctx *c, struct target *tg, size_t s,
		const size_t *names, const bool *in_headers, size_t nr)
{
	struct porter *pt = c->pt;
	const struct token_list *tl = pt->tl;
	struct id_index *ix = c->top_made ? &c->top : NULL;
	size_t k, at = 0, other = 0, end;
	const struct token *n, *o;
	bool found = false, fix;
	enum verdict v;
	char *msg;

	if (!ix)
		return;
	for (k = 0; k < nr; k++) {
		n = &tl->tok[names[k]];
		c->follow = in_headers[k];
		if (!c->follow && !used_before(ix, pt->buf + n->pos, n->len, s)) {
			v = V_NONE;	/* first_decl() has nothing to read */
		} else if (!c->fdirs.pd &&
			   dirs_of(&c->fdirs, &c->own, pt->buf, tl)) {
			porter_fail(pt, -12);	/* ENOMEM */
			return;
		} else {
			v = first_decl(c, pt->path ? pt->path : "", pt->buf,
				       tl, ix, &c->fdirs, s, s,
				       pt->buf + n->pos, n->len, 0);
		}
		if (v == V_EXTERN || (v == V_EXTERN_HEADER && !conditional(pt, s))) {
			if (!found)
				at = k;
			found = true;
		} else if (!other) {
			other = k + 1;
		}
	}
	if (!found)
		return;
	n = &tl->tok[names[at]];
	if (other) {	/* static int a, b; with only a declared before */
		o = &tl->tok[names[other - 1]];
		msg = porter_printf(pt, "'%.*s' is declared static after a declaration without static (an error since GCC 4.0: \"static declaration of '%.*s' follows non-static declaration\"); its static cannot simply go: the same declaration makes '%.*s' static too, which would become global; split the declaration and drop the static of '%.*s' only",
				    (int)n->len, pt->buf + n->pos,
				    (int)n->len, pt->buf + n->pos,
				    (int)o->len, pt->buf + o->pos,
				    (int)n->len, pt->buf + n->pos);
		if (msg)
			target_finding(tg, n->pos, R_STATIC_REDECL, false, msg);
		free(msg);
		return;
	}
	msg = porter_printf(pt, "'%.*s' is declared static after a declaration without static (an error since GCC 4.0: \"static declaration of '%.*s' follows non-static declaration\"): its static goes, the name keeps the external linkage of its first declaration",
			    (int)n->len, pt->buf + n->pos,
			    (int)n->len, pt->buf + n->pos);
	if (!msg)
		return;
	fix = target_finding(tg, n->pos, R_STATIC_REDECL, true, msg);
	free(msg);
	if (!fix)
		return;
	end = tok_end(&tl->tok[s]);
	while (pt->buf[end] == ' ' || pt->buf[end] == '\t')
		end++;
	add_edit(pt, tl->tok[s].pos, end - tl->tok[s].pos, "");
}

/* The statics that one() reads: their names, gathered in one walk. */
static bool judged_hit(const struct hit *h)
{
	return !(h->flags & (H_DEAD | H_PP)) && !h->depth;
}

/* The local headers headers_may_declare() follows, at most. */
#define REACH_MAX 256

struct reach {
	char *path[REACH_MAX];
	int depth[REACH_MAX];
	size_t nr;
};

/*
 * Add path, header_path()'s (taken: no_header none, NULL no memory);
 * false: too many, or no memory.
 */
static bool reach_add(struct reach *r, char *path, int depth)
{
	size_t k;

	if (path == no_header)
		return true;	/* first_decl() follows none */
	if (!path)
		return false;
	for (k = 0; k < r->nr; k++)
		if (!strcmp(r->path[k], path)) {
			free(path);
			return true;
		}
	if (r->nr == REACH_MAX) {
		free(path);
		return false;
	}
	r->path[r->nr] = path;
	r->depth[r->nr++] = depth;
	return true;
}

/*
 * Can a local header that first_decl() follows - #include "x" beside its
 * includer, from the file three deep - declare names[j]?  Only one that
 * spells the name can (hdrsum.h): c->in_headers[where[j]] says it may.
 * first_decl() follows the headers for those names only.
 */
static void headers_may_declare(struct ctx *c, const char **names,
				const size_t *lens, const size_t *where,
				size_t nr)
{
	struct porter *pt = c->pt;
	const struct token_list *tl = pt->tl;
	const char *from = pt->path ? pt->path : "";
	struct reach r = { .nr = 0 };
	const struct ppdirs *pd;
	bool all = false;
	size_t k, j, name, left = nr;
	int err;

	/* the file's directives, which one() reads too */
	if (!c->fdirs.pd && dirs_of(&c->fdirs, &c->own, pt->buf, tl))
		all = true;	/* ENOMEM: one() says so */
	pd = c->fdirs.pd;
	for (k = 0; !all && k < pd->nr_inc; k++) {
		name = pd->d[pd->inc[k]].name;
		if (name != SCAN_NONE)
			all = !reach_add(&r, header_path(from, pt->buf,
							 &tl->tok[name]), 1);
	}
	for (k = 0; !all && left && k < r.nr; k++) {
		const struct header_summary *hs = hdrsum_get(r.path[k], &err);

		if (err || (hs && hs->any)) {
			all = true;
			break;
		}
		for (j = 0; hs && j < nr; j++)
			if (!c->in_headers[where[j]] &&
			    hdrsum_may_name(hs, names[j], lens[j])) {
				c->in_headers[where[j]] = true;
				left--;
			}
		for (j = 0; hs && !all && r.depth[k] < INCLUDE_MAX_DEPTH &&
			    j < hs->nr_inc; j++)
			all = !reach_add(&r, summary_include(r.path[k],
							     hs->inc[j]),
					 r.depth[k] + 1);
	}
	for (k = 0; k < r.nr; k++)
		free(r.path[k]);
	for (j = 0; all && j < nr; j++)
		c->in_headers[where[j]] = true;
}

/*
 * The statics that one() reads: their names, gathered in one walk; and
 * which of them a local header may declare.
 */
static void gather_names(struct ctx *c, const struct hit *h, size_t n)
{
	struct porter *pt = c->pt;
	struct id_index *ix = NULL;
	const char **names = NULL;
	size_t *lens = NULL, *where = NULL, k, j, nr = 0, alloc = 0, got, *at;

	if (!idindex_build(&c->top, pt->buf, pt->tl)) {
		c->top_made = true;
		ix = &c->top;
	}
	c->decl = malloc((n ? n : 1) * DECL_MAX * sizeof(*c->decl));
	c->nr_decl = calloc(n ? n : 1, sizeof(*c->nr_decl));
	c->in_headers = calloc((n ? n : 1) * DECL_MAX, sizeof(*c->in_headers));
	if (ix && (!c->decl || !c->nr_decl || !c->in_headers))
		porter_fail(pt, -12);	/* ENOMEM */
	for (k = 0; ix && k < n && !pt->error; k++) {
		if (!judged_hit(&h[k]))
			continue;
		at = c->decl + k * DECL_MAX;
		got = declarators(pt, h[k].tok, at, DECL_MAX);
		c->nr_decl[k] = (unsigned char)got;
		if (nr + got > alloc) {
			const char **more_names;
			size_t *more_lens, *more_where;

			alloc = 2 * (nr + got) + 16;
			more_names = realloc(names, alloc * sizeof(*names));
			if (more_names)
				names = more_names;
			more_lens = realloc(lens, alloc * sizeof(*lens));
			if (more_lens)
				lens = more_lens;
			more_where = realloc(where, alloc * sizeof(*where));
			if (more_where)
				where = more_where;
			if (!more_names || !more_lens || !more_where) {
				porter_fail(pt, -12);	/* ENOMEM */
				break;
			}
		}
		for (j = 0; j < got; j++) {
			names[nr] = pt->buf + pt->tl->tok[at[j]].pos;
			lens[nr] = pt->tl->tok[at[j]].len;
			where[nr++] = k * DECL_MAX + j;
		}
	}
	if (ix && !pt->error && idindex_gather_top(ix, names, lens, nr))
		porter_fail(pt, -12);
	if (nr && !pt->error)
		headers_may_declare(c, names, lens, where, nr);
	free(names);
	free(lens);
	free(where);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt };
	struct target tg;
	size_t k;

	target_init(&tg, pt);
	gather_names(&c, h, n);
	for (k = 0; c.top_made && k < n && !pt->error; k++)
		if (judged_hit(&h[k]))
			one(&c, &tg, h[k].tok, c.decl + k * DECL_MAX,
			    c.in_headers + k * DECL_MAX, c.nr_decl[k]);
	free(c.decl);
	free(c.nr_decl);
	free(c.in_headers);
	for (k = 0; k < c.nr_rh; k++) {
		dirs_free(&c.rh[k]->dirs);
		free(c.rh[k]->path);
		free(c.rh[k]);
	}
	free(c.rh);
	dirs_free(&c.fdirs);
	ppdirs_free(&c.own);
	if (c.top_made)
		idindex_free(&c.top);
}

static const struct family staticdecl = {
	.name = "staticdecl", .rules = rules, .words = words, .run = run,
};
FAMILY(staticdecl)
