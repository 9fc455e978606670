// SPDX-License-Identifier: GPL-2.0
/* droparg.c: arguments that a macro never compiles (droparg.h). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atlas.h"
#include "directive.h"
#include "droparg.h"
#include "engine.h"
#include "idindex.h"
#include "include.h"
#include "kversion.h"
#include "source.h"

/* The texts the file's macros live in: 0 the file, then its local headers. */
struct text {
	const char *buf;
	const struct token_list *tl;
	struct id_index *ix;	/* or NULL: walk the tokens */
	bool file;
};

static size_t nr_texts(struct porter *pt)
{
	const struct header_set *hs = file_headers(pt);

	return 1 + (hs ? hs->nr : 0);
}

static struct text text_at(struct porter *pt, size_t k)
{
	struct header_set *hs = file_headers(pt);
	struct text t = { pt->buf, pt->tl, file_idents(pt), true };

	if (k) {
		struct header *h = &hs->h[k - 1];

		t.buf = h->buf;
		t.tl = &h->tl;
		t.file = false;
		/* the cache's index of the header, kept across files */
		t.ix = h->idents && (h->idents->full ||
				     !idindex_build_all(h->idents, h->buf, &h->tl)) ?
		       h->idents : NULL;
	}
	return t;
}

/* The '#' of the directive whose name token is n, if n is its name. */
static size_t named_by(const struct text *x, size_t n, const char *what)
{
	const struct tokens ts = { x->buf, x->tl };
	size_t hash = directive_of(x->tl, n);

	if (hash == SCAN_NONE || !directive_is(&ts, hash, what))
		return SCAN_NONE;
	if (!strcmp(what, "define"))
		return define_name(&ts, hash) == n ? hash : SCAN_NONE;
	return pp_next(x->tl, pp_next(x->tl, hash)) == n ? hash : SCAN_NONE;
}

/*
 * The '#' tokens of the directives "#what name" of text x (what:
 * "define" or "undef"), into hash[0..max): how many there are.
 */
static size_t directives_naming(const struct text *x, const char *name,
				size_t len, const char *what, size_t *hash,
				size_t max)
{
	const struct token *t = x->tl->tok;
	const struct id_use *use;
	size_t nr = 0, k, n, h;

	if (x->ix) {
		n = idindex_find(x->ix, name, len, &use);
		for (k = 0; k < n; k++)
			if (!use[k].code &&
			    (h = named_by(x, use[k].tok, what)) != SCAN_NONE &&
			    nr < max)
				hash[nr++] = h;
		return nr;
	}
	for (k = 0; t[k].type != TOKEN_EOF; k++)
		if (t[k].type == TOKEN_IDENT && (t[k].flags & TF_PP) &&
		    t[k].len == len && !memcmp(x->buf + t[k].pos, name, len) &&
		    (h = named_by(x, k, what)) != SCAN_NONE && nr < max)
			hash[nr++] = h;
	return nr;
}

/*
 * Does a text declare or define a function name (a use at file scope
 * followed by '(')?  Its calls compile their arguments.
 */
static bool is_function(struct porter *pt, const char *name, size_t len)
{
	size_t k, j, n;

	for (k = 0; k < nr_texts(pt); k++) {
		struct text x = text_at(pt, k);
		const struct id_use *use;

		if (!x.ix)
			continue;
		n = idindex_find(x.ix, name, len, &use);
		for (j = 0; j < n; j++)
			if (use[j].code && use[j].depth == 0 &&
			    match_op(x.buf, &x.tl->tok[next_code(x.tl, use[j].tok)],
				     '('))
				return true;
	}
	return false;
}

/* Does the build file at path pass -Dname (name[0..len))? */
static bool build_defines(const char *path, const char *name, size_t len)
{
	size_t n;
	char *buf = source_slurp(path, &n), *p;
	bool found = false;

	for (p = buf; p && !found && (p = strstr(p, "-D")); p += 2)
		found = !strncmp(p + 2, name, len) && !ident_byte(p[2 + len]);
	free(buf);
	return found;
}

/*
 * Is name[0..len) defined for no build of the file: no #define of it in
 * the file or its local headers (but the one #define asked of, with
 * self), no -Dname in the Kbuild or Makefile of its folder or the three
 * above, and none of the names that the kernel, its configuration
 * (CONFIG_X) or the compiler (__x86_64__, MODULE) may define?
 */
static bool never_defined(struct porter *pt, const char *name, size_t len,
			  bool self)
{
	static const char *const files[] = { "Kbuild", "Makefile" };
	char dir[PATH_MAX], path[PATH_MAX + 16], *slash;
	size_t k, hash[2], defs = 0;
	int up;

	if (*name == '_' || (len > 7 && !memcmp(name, "CONFIG_", 7)) ||
	    (len == 6 && !memcmp(name, "MODULE", 6)) ||
	    atlas_has(ATLAS_IDENT, name, len))
		return false;
	for (k = 0; k < nr_texts(pt); k++) {
		struct text x = text_at(pt, k);

		x.ix = NULL;	/* name is not the file's text: walk */
		defs += directives_naming(&x, name, len, "define", hash, 2);
		if (defs > self)
			return false;
	}
	if (!pt->path || strlen(pt->path) >= sizeof(dir))
		return true;
	strcpy(dir, pt->path);
	for (up = 0; up < 4 && (slash = strrchr(dir, '/')); up++) {
		*slash = 0;
		for (k = 0; k < 2; k++) {
			snprintf(path, sizeof(path), "%s/%s", *dir ? dir : "/",
				 files[k]);
			if (build_defines(path, name, len))
				return false;
		}
	}
	if (!strchr(pt->path, '/'))	/* a file of the current folder */
		for (k = 0; k < 2; k++)
			if (build_defines(files[k], name, len))
				return false;
	return true;
}

/*
 * The name that "#if defined(X)", "#if !defined X", "#if (!defined(X))"
 * at '#' token hash tests (and whether negated), or SCAN_NONE.
 */
static size_t if_defined(const struct text *x, size_t a, bool *neg)
{
	const struct token *t = x->tl->tok;
	size_t name = SCAN_NONE;
	int open = 0;

	*neg = false;
	for (; a != SCAN_NONE; a = pp_next(x->tl, a)) {
		if (match_op(x->buf, &t[a], '(') &&
		    (name == SCAN_NONE || !memcmp(x->buf + t[name].pos, "defined", 7)))
			open++;
		else if (match_op(x->buf, &t[a], ')') && open)
			open--;
		else if (match_op(x->buf, &t[a], '!') && name == SCAN_NONE &&
			 !*neg)
			*neg = true;
		else if (match_ident(x->buf, &t[a], "defined") &&
			 name == SCAN_NONE)
			name = a;
		else if (t[a].type == TOKEN_IDENT && name != SCAN_NONE &&
			 t[name].len == 7 && !memcmp(x->buf + t[name].pos, "defined", 7))
			name = a;
		else
			return SCAN_NONE;
	}
	return open || name == SCAN_NONE || t[name].type != TOKEN_IDENT ||
	       match_ident(x->buf, &t[name], "defined") ? SCAN_NONE : name;
}

/*
 * The value of the condition of the #if, #ifdef or #ifndef at '#' token
 * hash of text x: 0 false for every build, 1 true, -1 either.  "#if 0",
 * "#if 1", and the tests of a name that is never defined ("#ifdef X",
 * "#if defined(X)", and their negations) - but by the #define asked of,
 * whose name is self ("#ifndef dprintk / #define dprintk(x)"); a header's
 * guard (an #ifndef at the top, whose next directive defines its name)
 * is true.
 */
static int cond_value(struct porter *pt, const struct text *x, size_t hash,
		      bool outermost, const struct token *self)
{
	const struct tokens ts = { x->buf, x->tl };
	const struct token *t = x->tl->tok;
	size_t n = pp_next(x->tl, hash), a = n == SCAN_NONE ? n : pp_next(x->tl, n);
	bool neg = false;

	if (a == SCAN_NONE)
		return -1;
	if (directive_is(&ts, hash, "if")) {
		if (t[a].type == TOKEN_NUMBER && t[a].len == 1 &&
		    pp_next(x->tl, a) == SCAN_NONE)
			return x->buf[t[a].pos] == '0' ? 0 :
			       x->buf[t[a].pos] == '1' ? 1 : -1;
		a = if_defined(x, a, &neg);
		if (a == SCAN_NONE)
			return -1;
	} else if (directive_is(&ts, hash, "ifndef")) {
		size_t next = a;

		neg = true;
		while (t[next].type != TOKEN_EOF &&
		       !((t[next].flags & TF_BOL) && match_op(x->buf, &t[next], '#')))
			next++;
		if (outermost && t[next].type != TOKEN_EOF &&
		    define_name(&ts, next) != SCAN_NONE &&
		    same_name(x->buf, &t[define_name(&ts, next)], x->buf, &t[a]))
			return 1;	/* a header's guard */
	} else if (!directive_is(&ts, hash, "ifdef")) {
		return -1;
	}
	if (t[a].type != TOKEN_IDENT ||
	    !never_defined(pt, x->buf + t[a].pos, t[a].len,
			   self && same_name(x->buf, &t[a], x->buf, self)))
		return -1;
	return neg ? 1 : 0;
}

enum live { LIVE_NO, LIVE_YES, LIVE_MAYBE };

/*
 * Is the directive at '#' token k of text x compiled: in no build (a
 * branch that cannot be taken), in every build (outside any #if, or in
 * branches that are always taken), or in some?
 */
static enum live live_at(struct porter *pt, const struct text *x, size_t k)
{
	const struct tokens ts = { x->buf, x->tl };
	const struct token *t = x->tl->tok;
	enum live live = LIVE_YES;
	bool in_else = false, past_elif = false;
	int depth = 0;
	size_t j, name = define_name(&ts, k);

	if (x->file && scan_is_dead(&pt->sc, k))
		return LIVE_NO;		/* the engine's dead groups */
	for (j = k; j-- > 0;) {
		int v;

		if ((t[j].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL) ||
		    !match_op(x->buf, &t[j], '#'))
			continue;
		if (directive_is(&ts, j, "endif")) {
			depth++;
		} else if (directive_is(&ts, j, "else") ||
			   directive_is(&ts, j, "elif")) {
			if (!depth) {
				past_elif |= directive_is(&ts, j, "elif");
				in_else = true;
			}
		} else if (directive_is(&ts, j, "if") ||
			   directive_is(&ts, j, "ifdef") ||
			   directive_is(&ts, j, "ifndef")) {
			if (depth) {
				depth--;
				continue;
			}
			v = cond_value(pt, x, j,
				       pp_open_groups(x->buf, x->tl, 0, j) == 0,
				       name == SCAN_NONE ? NULL : &t[name]);
			if (in_else && !past_elif)
				v = v < 0 ? v : !v;
			else if (in_else)
				v = v == 1 ? 0 : -1;	/* an #elif's */
			if (!v)
				return LIVE_NO;
			if (v < 0)
				live = LIVE_MAYBE;
			in_else = past_elif = false;
		}
	}
	return live;
}

/* What "#define M(params) body" at '#' token hash does with argument arg. */
enum drop { DROP_NONE, DROP_KEEPS, DROP_DROPS };

static enum drop define_drops(const struct text *x, size_t hash,
			      unsigned int arg)
{
	const char *buf = x->buf;
	const struct tokens ts = { buf, x->tl };
	const struct token *t = x->tl->tok;
	size_t name = define_name(&ts, hash), k, body, param = SCAN_NONE;
	unsigned int n = 0;
	bool va = false;

	if (name == SCAN_NONE || !match_op(buf, &t[name + 1], '(') ||
	    t[name + 1].pos != t[name].pos + t[name].len)
		return DROP_NONE;	/* object-like */
	/* the parameter of argument arg: "(a, b)", "(a, rest...)", "(a, ...)" */
	for (k = name + 2; t[k].type != TOKEN_EOF && (t[k].flags & TF_PP) &&
	     !(t[k].flags & TF_BOL) && !match_op(buf, &t[k], ')'); k++) {
		bool dots = t[k].type == TOKEN_SPECIAL && t[k].len == 3;

		if (match_op(buf, &t[k], ',')) {
			n++;
		} else if (dots) {
			va = true;	/* "rest...": rest; "...": __VA_ARGS__ */
			if (n <= arg)
				param = t[k - 1].type == TOKEN_IDENT ? k - 1 : k;
		} else if (t[k].type == TOKEN_IDENT && n <= arg) {
			param = k;
		}
	}
	if (param == SCAN_NONE || (n < arg && !va))
		return DROP_KEEPS;	/* cannot tell: kept */
	body = define_body(&ts, name);
	for (k = body; k != SCAN_NONE && t[k].type != TOKEN_EOF &&
	     (t[k].flags & TF_PP) && !(k > body && (t[k].flags & TF_BOL)); k++) {
		bool same = t[param].type == TOKEN_SPECIAL ?
			    match_ident(buf, &t[k], "__VA_ARGS__") :
			    same_name(buf, &t[k], buf, &t[param]);

		if (same && !(t[k - 1].type == TOKEN_SPECIAL &&
			      t[k - 1].len == 1 && buf[t[k - 1].pos] == '#'))
			return DROP_KEEPS;	/* compiled (or pasted) */
	}
	return DROP_DROPS;
}

#define DROP_DEFS 16

/*
 * Does the macro m[0..len) (a token's text of the file) never compile
 * its argument arg?  -1: the file and its headers do not define it.
 */
static int file_macro_drops(struct porter *pt, const char *m, size_t len,
			    unsigned int arg)
{
	size_t hash[DROP_DEFS], k, j, n;
	bool defined = false, always = false;

	for (k = 0; k < nr_texts(pt); k++) {
		struct text x = text_at(pt, k);

		if (directives_naming(&x, m, len, "undef", hash, 1))
			return 0;	/* another definition: the kernel's? */
		n = directives_naming(&x, m, len, "define", hash, DROP_DEFS);
		if (n == DROP_DEFS)
			return 0;
		for (j = 0; j < n; j++) {
			enum live live = live_at(pt, &x, hash[j]);

			defined = true;
			if (live == LIVE_NO)
				continue;
			if (define_drops(&x, hash[j], arg) != DROP_DROPS)
				return 0;
			always |= live == LIVE_YES;
		}
	}
	if (!defined)
		return -1;
	return always && !is_function(pt, m, len);
}

/* The releases of the target (atlas.h's mask), once a target. */
static uint32_t target_mask(const struct porter *pt)
{
	static unsigned int lo, hi;
	static uint32_t mask;
	static bool made;
	const struct rule_set *rs = pt->opts->rules;
	unsigned int l = rs ? rs->target_lo : 0, h = rs ? rs->target_hi : 0;
	struct kv_range r;

	if (!made || l != lo || h != hi) {
		kv_target(rs, &r);
		mask = atlas_releases_in(r.lo, r.hi);
		lo = l;
		hi = h;
		made = true;
	}
	return mask;
}

/* Does the macro named at token m drop its argument arg? */
static bool macro_drops(struct porter *pt, size_t m, unsigned int arg,
			bool kernel)
{
	const struct token *t = &pt->tl->tok[m];
	int own = file_macro_drops(pt, pt->buf + t->pos, t->len, arg);

	if (own >= 0 || !kernel)
		return own > 0;
	/* the kernel's (the atlas's Z lines: SEQCNT_ZERO(name)) */
	return atlas_drops(pt->buf + t->pos, t->len, arg, target_mask(pt)) &&
	       !is_function(pt, pt->buf + t->pos, t->len);
}

/* The token before i, comments skipped (i itself at the start). */
static size_t prev_tok(const struct token *tok, size_t i)
{
	while (i > 0 && tok[i - 1].type == TOKEN_COMMENT)
		i--;
	return i > 0 ? i - 1 : i;
}

/*
 * The enclosing calls are asked, inner first, within a statement (and at
 * most DROP_REACH tokens back, four calls out).
 */
#define DROP_REACH 512

bool dropped_arg(struct porter *pt, size_t i, bool kernel)
{
	const struct token *tok = pt->tl->tok;
	const char *buf = pt->buf;
	size_t k = i, steps;
	unsigned int arg = 0;
	int depth = 0, calls = 0;

	if (tok[i].flags & TF_PP)
		return false;
	for (steps = 0; k > 0 && steps < DROP_REACH && calls < 4; steps++) {
		const struct token *t;

		k = prev_tok(tok, k);
		t = &tok[k];
		if (t->flags & TF_PP)
			continue;
		if (match_op(buf, t, ')') || match_op(buf, t, ']'))
			depth++;
		else if (match_op(buf, t, '[') && depth)
			depth--;
		else if (match_op(buf, t, '(') && depth)
			depth--;
		else if (match_op(buf, t, ',') && !depth)
			arg++;
		else if (match_op(buf, t, '(')) {
			size_t m = prev_tok(tok, k);

			calls++;
			if (m != k && tok[m].type == TOKEN_IDENT &&
			    macro_drops(pt, m, arg, kernel))
				return true;
			arg = 0;
		} else if (!depth && (match_op(buf, t, ';') ||
				      match_op(buf, t, '{') ||
				      match_op(buf, t, '}')))
			return false;
	}
	return false;
}
