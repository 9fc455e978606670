// SPDX-License-Identifier: GPL-2.0
/*
 * gone.c: every use of an interface that an older kernel had and some
 * kernel of the target lacks, from the atlas (atlas.h): an #include, an
 * identifier (a function, macro, type, enum constant or variable), a
 * struct tag, a member after '.' or '->', and a call whose number of
 * arguments no longer fits.  Each names the last release that had it and
 * the first that does not.  What the file itself defines (its macros,
 * functions, types, members, variables, and those of its local headers)
 * shadows the atlas; conditions (#ifdef X) are not uses; the line of a
 * finding of another rule is left to that rule.
 *
 *	gone		the target lacks it
 *	signature	the target's form takes another number of arguments
 *	own-header	what the target's <P> lacks, the package's own copy of
 *			P beside the file has (an out-of-tree backport
 *			carries the header it was written against):
 *			#include "P" finds that copy first
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../archbranch.h"
#include "../atlas.h"
#include "../changes.h"
#include "../directive.h"
#include "../engine.h"
#include "../hashspan.h"
#include "../harvest.h"
#include "../hashset.h"
#include "../include.h"
#include "../droparg.h"
#include "../kbuildarch.h"
#include "../kversion.h"
#include "../nameset.h"
#include "../projnames.h"
#include "../sibling.h"
#include "../source.h"
#include "../target.h"
#include "../vbranch.h"
#include "gone.h"
#include "opaque.h"

static const enum rule_id rules[] = {
	R_GONE, R_SIGNATURE, R_OWN_HEADER, NR_RULES
};

/* What a file or header defines: its names, its members and macros. */
struct defines {
	struct nameset sh, shm;
	struct nameset untagged;	/* members of its untagged locals */
};

/*
 * What struct_of() found for a variable at its last use asked of, kept
 * for its next uses: the walk back from a later use stops there.
 */
struct var_memo {
	size_t v;	/* the use asked of; 0: none (token 0 is never one) */
	size_t at;	/* the use that decided, SCAN_NONE: none did */
	size_t tag;	/* what it decided */
};

#define VAR_MEMOS 16	/* a few variables of a function at once */

struct ctx {
	struct porter *pt;
	const struct token *tok;
	const char *buf;
	uint32_t target;	/* the atlas releases within --target */
	char range[48];
	size_t *vr;		/* [vr[3k], vr[3k+1]) in version #ifs, vr[3k+2] their enum vtest */
	size_t nr_vr;
	bool vr_made;
	struct defines own_defines;	/* what the file defines */
	struct header_set *hs;		/* its local headers */
	bool hs_made;
	const struct defines *hdr_defines[INCLUDE_MAX_HEADERS];	/* theirs */
	bool shadow_made;
	struct nameset said;	/* what is reported: once a file, at its first use */
	struct nameset opaque, not_opaque;	/* opaque(): the tags asked */
	int unit;		/* judged(): -1 not known yet */
	struct own_copy *own;	/* own_copies(): the headers it ships */
	size_t nr_own;
	bool own_read;
	struct own_use *own_uses;	/* what waits for own_settle() */
	size_t nr_own_uses;
	struct var_memo memo[VAR_MEMOS];	/* struct_of()'s */
};

/* A kernel header the file includes as <P> and whose copy it ships. */
struct own_copy {
	size_t tok;		/* the <P> token */
	struct nameset names;	/* what the copy defines: names, "tag.member" */
	bool included;		/* its #include is made "P" */
	bool short_of;		/* defines a struct without a member used */
};

/* A use of what a copy has, judged once the whole file is read. */
struct own_use {
	size_t tok, of;		/* of: the struct's tag, or SCAN_NONE */
	const char *what;
	unsigned int last, missing;
	int copy;
};

struct harvesting {
	struct porter *pt;
	struct defines *d;
};

static void harvested(void *arg, const struct harvest_name *hn)
{
	struct harvesting *hv = arg;
	struct defines *d = hv->d;

	if (hn->kind == HK_MEMBER && hn->tag && !*hn->tag) {
		/* of "union { ... } buf;" in a function: no struct's own */
		if (nameset_add(&d->untagged, hn->name))
			porter_fail(hv->pt, -12);	/* ENOMEM */
		return;
	}
	if (nameset_add(&d->sh, hn->name))
		porter_fail(hv->pt, -12);	/* ENOMEM */
	if ((hn->kind == HK_MEMBER || hn->kind == HK_MACRO) &&
	    nameset_add(&d->shm, hn->name))
		porter_fail(hv->pt, -12);
	if (hn->kind == HK_MEMBER && hn->tag && nameset_add(&d->sh, hn->tag))
		porter_fail(hv->pt, -12);
}

static void defines_free(struct defines *d)
{
	nameset_free(&d->sh);
	nameset_free(&d->shm);
	nameset_free(&d->untagged);
}

/*
 * What the local headers define, kept for the next files that include
 * them: by their reading (hdrcache.h's serial), so that a header read
 * anew is harvested anew.  A file's make_shadow() keeps its own.
 */
#define HEADER_DEFINES 128

static struct header_defines {
	unsigned long serial;	/* 0: free */
	unsigned long used;	/* the make_shadow() that used it last */
	struct defines d;
} header_defines[HEADER_DEFINES];
static unsigned long shadows_made;

static const struct defines *defines_of(struct porter *pt,
					const struct header *h)
{
	struct header_defines *hd, *out = NULL;
	struct harvesting hv = { .pt = pt };
	size_t k;

	for (k = 0; k < HEADER_DEFINES; k++) {
		hd = &header_defines[k];
		if (hd->serial == h->serial) {
			hd->used = shadows_made;
			return &hd->d;
		}
		if (hd->used != shadows_made && (!out || hd->used < out->used))
			out = hd;	/* free (0), or the oldest */
	}
	if (!out)
		return NULL;	/* more headers than room: not reached */
	defines_free(&out->d);
	memset(out, 0, sizeof(*out));
	hv.d = &out->d;
	if (harvest(h->buf, &h->tl, HARVEST_LOCALS | HARVEST_NAMES_ONLY,
		    harvested, &hv)) {
		porter_fail(pt, -12);
		return NULL;
	}
	out->serial = h->serial;
	out->used = shadows_made;
	return &out->d;
}

/*
 * What the file defines, read once (its local headers are read as
 * in_shadow() needs them, shadow_of_header()).
 */
static void make_shadow(struct ctx *c)
{
	struct harvesting hv = { .pt = c->pt, .d = &c->own_defines };

	c->shadow_made = true;
	if (harvest(c->buf, c->pt->tl, HARVEST_LOCALS | HARVEST_NAMES_ONLY,
		    harvested, &hv))
		porter_fail(c->pt, -12);
}

/*
 * What local header k of the file defines, when it may define s[0..len):
 * a header that does not spell the name (its index of identifiers, kept
 * with it across files) cannot, and is not harvested.  NULL: it does not,
 * or it cannot be read.
 */
static const struct defines *shadow_of_header(struct ctx *c, size_t k,
					      const char *s, size_t len)
{
	struct header *h = &c->hs->h[k];
	const struct id_use *use;

	if (c->hdr_defines[k])
		return c->hdr_defines[k];
	if ((h->idents->full ||
	     !idindex_build_all(h->idents, h->buf, &h->tl)) &&
	    !h->idents->spliced && !idindex_find(h->idents, s, len, &use))
		return NULL;
	return c->hdr_defines[k] = defines_of(c->pt, h);
}

/* Which of a struct defines's sets in_shadow() reads. */
enum shadow_set { SHADOW_NAMES, SHADOW_MEMBERS, SHADOW_UNTAGGED };

static const struct nameset *set_of(const struct defines *d,
				    enum shadow_set which)
{
	return which == SHADOW_NAMES ? &d->sh :
	       which == SHADOW_MEMBERS ? &d->shm : &d->untagged;
}

/*
 * Is s[0..len) defined by the file or its local headers (read once): a
 * name, a member or a macro, or a member of an untagged local aggregate?
 * The headers first: what they define is kept from file to file.
 */
static bool in_shadow(struct ctx *c, enum shadow_set which, const char *s,
		      size_t len)
{
	const struct defines *d;
	size_t k;

	if (!c->hs_made) {	/* the harvests kept: the oldest go first */
		c->hs_made = true;
		shadows_made++;
		c->hs = file_headers(c->pt);
	}
	for (k = 0; c->hs && k < c->hs->nr; k++) {
		d = shadow_of_header(c, k, s, len);
		if (d && nameset_has(set_of(d, which), s, len))
			return true;
	}
	if (!c->shadow_made)
		make_shadow(c);
	return nameset_has(set_of(&c->own_defines, which), s, len);
}

static bool shadowed(struct ctx *c, const char *s, size_t len)
{
	return in_shadow(c, SHADOW_NAMES, s, len);
}

/*
 * A member after '.' or '->' is shadowed only by a member or a macro of
 * the file's own: a variable or parameter of that name (a callback's
 * "const void *p") is not the struct's p.
 */
static bool shadowed_member(struct ctx *c, const char *s, size_t len)
{
	return in_shadow(c, SHADOW_MEMBERS, s, len);
}

struct own_harvest {
	struct porter *pt;
	struct nameset *names;
};

static void own_harvested(void *arg, const struct harvest_name *hn)
{
	struct own_harvest *oh = arg;
	char key[256];

	if (hn->kind == HK_MEMBER && hn->tag &&
	    snprintf(key, sizeof(key), "%s.%s", hn->tag, hn->name) <
		    (int)sizeof(key) &&
	    nameset_add(oh->names, key))
		porter_fail(oh->pt, -12);	/* ENOMEM */
	if (nameset_add(oh->names, hn->name))
		porter_fail(oh->pt, -12);
}

/*
 * What the copy of the kernel's header at token t (<P>) that the file's
 * folder ships defines, into own; false when there is no such copy.
 */
static bool own_copy_read(struct ctx *c, size_t t, struct own_copy *own)
{
	const struct token *h = &c->tok[t];
	struct own_harvest oh = { .pt = c->pt, .names = &own->names };
	struct token_list tl = { 0 };
	char *copy, *buf;
	size_t len;

	if (h->len < 3 || c->buf[h->pos] != '<' ||
	    !(copy = include_beside(c->pt->path ? c->pt->path : "", c->buf, h)))
		return false;
	buf = source_slurp(copy, &len);
	free(copy);
	if (!buf)
		return false;
	memset(own, 0, sizeof(*own));
	own->tok = t;
	if (tokenize(buf, len, &tl)) {
		porter_fail(c->pt, -12);
	} else {
		if (harvest(buf, &tl, HARVEST_NAMES_ONLY, own_harvested, &oh))
			porter_fail(c->pt, -12);
		token_list_free(&tl);
	}
	free(buf);
	return true;
}

/* The file's #include <P> lines whose P its folder ships, read once. */
static void own_copies(struct ctx *c)
{
	size_t h, name;
	struct own_copy one, *more;

	c->own_read = true;
	for (h = 0; h < c->pt->tl->nr_hash; h++) {
		name = include_name(c->buf, c->pt->tl, c->pt->tl->hash[h]);
		if (name == SCAN_NONE || c->tok[name].type != TOKEN_HEADER ||
		    !own_copy_read(c, name, &one))
			continue;
		more = realloc(c->own, (c->nr_own + 1) * sizeof(*more));
		if (!more) {
			nameset_free(&one.names);
			porter_fail(c->pt, -12);
			return;
		}
		c->own = more;
		c->own[c->nr_own++] = one;
	}
}

/* Is key (a name, "tag.member") defined by the copy o? */
static bool own_defines(const struct own_copy *o, const char *key, size_t len)
{
	return nameset_has(&o->names, key, len);
}

/*
 * The copy of a kernel header beside the file that has what token i names
 * (a member of struct of, or the header itself), or -1.  A copy that
 * defines the struct without the member is short of it: it will not do.
 */
static int own_copy_of(struct ctx *c, size_t i, const struct token *of)
{
	const struct token *n = &c->tok[i];
	char key[256];
	size_t k;
	int len;

	if (!rule_on(c->pt, R_OWN_HEADER))
		return -1;
	if (!c->own_read)
		own_copies(c);
	len = of ? snprintf(key, sizeof(key), "%.*s.%.*s", (int)of->len,
			    c->buf + of->pos, (int)n->len, c->buf + n->pos) :
		   snprintf(key, sizeof(key), "%.*s", (int)n->len,
			    c->buf + n->pos);
	if (len < 0 || (size_t)len >= sizeof(key))
		return -1;
	for (k = 0; k < c->nr_own; k++)
		if (c->own[k].tok == i || own_defines(&c->own[k], key, (size_t)len))
			return (int)k;
	for (k = 0; of && k < c->nr_own; k++)
		if (own_defines(&c->own[k], c->buf + of->pos, of->len))
			c->own[k].short_of = true;
	return -1;
}

static int own_wait(struct ctx *c, size_t i, const char *what, size_t of,
		    unsigned int last, unsigned int missing, int copy)
{
	struct own_use *more = realloc(c->own_uses, (c->nr_own_uses + 1) *
					sizeof(*more));

	if (!more)
		return porter_fail(c->pt, -12);
	c->own_uses = more;
	c->own_uses[c->nr_own_uses++] = (struct own_use){
		.tok = i, .what = what, .of = of, .last = last,
		.missing = missing, .copy = copy };
	return 0;
}

static void gone_finding(struct ctx *c, size_t i, const char *what,
			 const struct token *of, unsigned int last,
			 unsigned int missing);

/*
 * The uses a copy has: where the copy has all the file uses of what it
 * defines, its #include is made "P" (once); else they are gone.
 */
static void own_settle(struct ctx *c)
{
	size_t k;

	for (k = 0; k < c->nr_own_uses; k++) {
		const struct own_use *u = &c->own_uses[k];
		struct own_copy *o = &c->own[u->copy];
		const struct token *n = &c->tok[u->tok], *h = &c->tok[o->tok];
		const struct token *of = u->of == SCAN_NONE ? NULL :
					 &c->tok[u->of];
		int hl = (int)h->len - 2;
		char *quoted;

		if (o->short_of) {
			gone_finding(c, u->tok, u->what, of, u->last, u->missing);
			continue;
		}
		add_finding(c->pt, n->pos, R_OWN_HEADER, SEV_WARNING, true,
			    "%s '%.*s'%s%.*s went away after Linux %s (the target %s lacks it), but the copy of <%.*s> beside this file has it: #include \"%.*s\" finds that copy first",
			    u->what, (int)n->len, c->buf + n->pos,
			    of ? " of struct " : "", of ? (int)of->len : 0,
			    of ? c->buf + of->pos : "",
			    atlas_release_name(u->last), c->range, hl,
			    c->buf + h->pos + 1, hl, c->buf + h->pos + 1);
		if (o->included)
			continue;
		o->included = true;
		quoted = porter_printf(c->pt, "\"%.*s\"", hl, c->buf + h->pos + 1);
		if (quoted)
			add_edit(c->pt, h->pos, h->len, quoted);
		free(quoted);
	}
}

static void own_free(struct ctx *c)
{
	size_t k;

	for (k = 0; k < c->nr_own; k++)
		nameset_free(&c->own[k].names);
	free(c->own);
	free(c->own_uses);
}

static void ctx_free(struct ctx *c)
{
	defines_free(&c->own_defines);
	nameset_free(&c->said);
	nameset_free(&c->opaque);
	nameset_free(&c->not_opaque);
	own_free(c);
	free(c->vr);
}

/*
 * The first release of the target that lacks what mask has, after a
 * release that had it: its index in *missing and the last release before
 * it that had it in *last.  False when every kernel of the target has it
 * or it is not an older interface.
 */
static bool went_away(const struct ctx *c, uint32_t mask, uint32_t present,
		      unsigned int *last, unsigned int *missing)
{
	unsigned int t, k;

	if (!mask)
		return false;	/* not in the atlas */
	for (t = 0; t < atlas_nr_releases(); t++) {
		if (!(c->target & (1u << t)) || (present & (1u << t)))
			continue;
		for (k = t; k-- > 0;)
			if (mask & (1u << k)) {
				*last = k;
				for (*missing = k + 1; mask & (1u << *missing);)
					++*missing;
				return true;
			}
	}
	return false;
}

/*
 * Each "#define name" of the file and its local headers, in that order:
 * f(arg, buf, tl, k, n) with k its '#' and n its name, until f returns
 * nonzero; that value, or 0.
 */
typedef int define_fn(void *arg, const char *buf, const struct token_list *tl,
		      size_t k, size_t n);

static int each_define(struct ctx *c, const char *name, size_t len,
		       define_fn *f, void *arg)
{
	const struct header_set *hs = file_headers(c->pt);
	size_t h, d, k, n;
	int ret;

	for (h = 0; h <= (hs ? hs->nr : 0); h++) {
		const char *buf = h ? hs->h[h - 1].buf : c->buf;
		const struct token_list *tl = h ? &hs->h[h - 1].tl : c->pt->tl;
		const struct tokens ts = { buf, tl };
		const struct token *t = tl->tok;

		for (d = 0; d < tl->nr_hash; d++) {	/* each directive */
			k = tl->hash[d];
			if ((n = define_name(&ts, k)) == SCAN_NONE ||
			    t[n].len != len || memcmp(buf + t[n].pos, name, len))
				continue;
			ret = f(arg, buf, tl, k, n);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* Does the body of the #define whose name is token n name LINUX_VERSION_CODE? */
static int names_version_code(void *arg, const char *buf,
			      const struct token_list *tl, size_t k, size_t n)
{
	const struct tokens ts = { buf, tl };
	const struct token *t = tl->tok;
	size_t b;

	(void)arg;
	(void)k;
	for (b = define_body(&ts, n); b != SCAN_NONE && t[b].type != TOKEN_EOF &&
	     (t[b].flags & TF_PP) && !(t[b].flags & TF_BOL); b++)
		if (match_ident(buf, &t[b], "LINUX_VERSION_CODE"))
			return 1;
	return 0;
}

/*
 * Does the file or a local header define the macro name[0..len) with
 * LINUX_VERSION_CODE in a body (jool's LINUX_VERSION_AT_LEAST(a, b, c,
 * ra, rb), which asks RHEL_RELEASE_CODE on RHEL and LINUX_VERSION_CODE
 * elsewhere)?
 */
static bool project_version_macro(struct ctx *c, const char *name, size_t len)
{
	return each_define(c, name, len, names_version_code, NULL) > 0;
}

/*
 * Does the condition of the #if at k test the kernel's version: name
 * LINUX_VERSION_CODE, or call a macro of the project's that does?
 */
enum vtest { VT_NONE, VT_CODE, VT_PROJECT };

static enum vtest tests_version(struct ctx *c, size_t k)
{
	const struct token *t = c->tok;

	if (vbranch_tests_version(c->buf, t, k))
		return VT_CODE;
	for (k += 2; t[k].type != TOKEN_EOF && (t[k].flags & TF_PP) &&
	     !(t[k].flags & TF_BOL); k++)
		if (t[k].type == TOKEN_IDENT && match_op(c->buf, &t[k + 1], '(') &&
		    project_version_macro(c, c->buf + t[k].pos, t[k].len))
			return VT_PROJECT;
	return VT_NONE;
}

/*
 * The byte ranges inside a conditional on LINUX_VERSION_CODE (or a
 * project's macro that tests it): code that was written for some kernels
 * and not others is left to the version-conditional rule, not called gone.
 */
static void version_ranges(struct ctx *c)
{
	const struct token *t = c->tok;
	size_t k, depth = 0, open_at = 0, open_depth = 0, alloc = 0;
	enum vtest open = VT_NONE;

	c->vr_made = true;
	for (k = 0; t[k].type != TOKEN_EOF; k++) {
		const struct token *d = &t[k + 1];

		if (!((t[k].flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL)) ||
		    d->type != TOKEN_IDENT)
			continue;
		if (token_is(c->buf, d, "if") || token_is(c->buf, d, "ifdef") ||
		    token_is(c->buf, d, "ifndef")) {
			depth++;
			if (!open && (open = tests_version(c, k))) {
				open_at = t[k].pos;
				open_depth = depth;
			}
		} else if (token_is(c->buf, d, "endif") && depth) {
			if (open && depth == open_depth) {
				if (c->nr_vr + 3 > alloc) {
					size_t *v;

					alloc = alloc ? 2 * alloc : 16;
					v = realloc(c->vr, alloc * sizeof(*v));
					if (!v) {
						porter_fail(c->pt, -12);
						return;
					}
					c->vr = v;
				}
				c->vr[c->nr_vr++] = open_at;
				c->vr[c->nr_vr++] = tok_end(&t[k + 1]);
				c->vr[c->nr_vr++] = open;
				open = VT_NONE;
			}
			depth--;
		}
	}
}

/* The test of the version group around pos: VT_NONE when none. */
static enum vtest in_version_branch(struct ctx *c, size_t pos)
{
	size_t k;

	if (!c->vr_made)
		version_ranges(c);
	for (k = 0; k + 2 < c->nr_vr; k += 3)
		if (pos >= c->vr[k] && pos < c->vr[k + 1])
			return (enum vtest)c->vr[k + 2];
	return VT_NONE;
}

/*
 * Code in a conditional on the kernel's version is the version-conditional
 * rule's, unless modport can tell that release r, which lacks what it
 * uses, compiles it.  A release is its latest stable kernel (x.y.255):
 * the atlas reads Debian's, late in their series (6.1.192 has dm_io()'s
 * ioprio, which 6.1.83 brought).
 */
static bool version_skip(struct ctx *c, size_t pos, unsigned int r)
{
	enum vtest v = in_version_branch(c, pos);

	/* a project's macro (jool's LINUX_VERSION_AT_LEAST()): not read */
	return v == VT_PROJECT ||
	       (v == VT_CODE && vbranch_at(c->buf, c->tok, pos,
					   atlas_release_kv(r) | 0xff) != VB_LIVE);
}

/* Another rule's finding on the line of pos already names it. */
static bool line_taken(const struct ctx *c, size_t pos)
{
	return porter_line_taken(c->pt, pos, rules);
}

/*
 * Token i uses what mask (the releases that had it as this use needs it)
 * names; present: the releases that have the name in any form.
 */
static bool program_by_headers(struct porter *pt);

/*
 * Is the file judged on its own?  A .c that a sibling .c #includes
 * (sound/core/pcm_compat.c in pcm_native.c) is part of that unit, and its
 * names come from there; a file whose local header includes the C
 * library's is a program.  Asked at the first finding only: it reads
 * other files.
 */
static bool judged(struct ctx *c)
{
	const char *path = c->pt->path;

	if (c->unit >= 0)
		return c->unit;
	c->unit = 1;
	if (!path || c->pt->header) {
		c->unit = !program_by_headers(c->pt);
		return c->unit;
	}
	c->unit = !sibling_includes(path);
	if (c->unit && (program_by_headers(c->pt) || kbuild_other_arch(path)))
		c->unit = 0;
	return c->unit;
}

/*
 * Is this the file's first report of what (of struct of)?  The first use
 * is the one to fix; every later one is the same finding again.
 */
static bool first_report(struct ctx *c, const char *what,
			 const struct token *t, const struct token *of)
{
	char key[256];
	int n = snprintf(key, sizeof(key), "%s %.*s %.*s", what, (int)t->len,
			 c->buf + t->pos, of ? (int)of->len : 0,
			 of ? c->buf + of->pos : "");

	if (n < 0 || (size_t)n >= sizeof(key))
		return true;
	if (nameset_has(&c->said, key, (size_t)n))
		return false;
	if (nameset_add(&c->said, key))
		porter_fail(c->pt, -12);	/* ENOMEM */
	return true;
}

static void gone_finding(struct ctx *c, size_t i, const char *what,
			 const struct token *of, unsigned int last,
			 unsigned int missing)
{
	const struct token *t = &c->tok[i];
	const struct api_change *ch = NULL;
	char key[256];
	int n = of ? snprintf(key, sizeof(key), "%.*s.%.*s", (int)of->len,
			      c->buf + of->pos, (int)t->len, c->buf + t->pos) : 0;

	/* a member's row is "tag.member"; a name's, the name */
	if (n > 0 && (size_t)n < sizeof(key))
		ch = change_for(key, (size_t)n);
	if (!ch)
		ch = change_for(c->buf + t->pos, t->len);
	add_finding(c->pt, t->pos, R_GONE, SEV_WARNING, false,
		    "%s '%.*s'%s%.*s went away between Linux %s and %s (the last release with it: %s); the target %s lacks it%s%s; port it by hand",
		    what, (int)t->len, c->buf + t->pos,
		    of ? " of struct " : "", of ? (int)of->len : 0,
		    of ? c->buf + of->pos : "",
		    atlas_release_name(last), atlas_release_name(missing),
		    atlas_release_name(last), c->range,
		    ch ? ": " : " (modport knows no replacement yet)",
		    ch ? ch->advice : "");
}

/* (gone.h; a macro the target lacks, kept for the kernels that have it) */
bool ifdef_guarded(const struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	const struct tokens s = { pt->buf, tl };
	const struct token *t = &tl->tok[i];
	size_t k, d;
	int depth = 0;
	bool in_else = false;

	for (k = i; k-- > 0;) {
		if (!match_op(pt->buf, &tl->tok[k], '#') || directive_of(tl, k) != k)
			continue;
		if (directive_is(&s, k, "endif")) {
			depth++;
		} else if (directive_is(&s, k, "else") || directive_is(&s, k, "elif")) {
			if (!depth)
				in_else = true;
		} else if (directive_is(&s, k, "ifdef") || directive_is(&s, k, "if") ||
			   directive_is(&s, k, "ifndef")) {
			if (depth) {
				depth--;
				continue;
			}
			d = pp_next(tl, pp_next(tl, k));	/* after the keyword */
			if (d != SCAN_NONE &&
			    match_ident(pt->buf, &tl->tok[d], "defined")) {
				d = pp_next(tl, d);
				if (d != SCAN_NONE && match_op(pt->buf, &tl->tok[d], '('))
					d = pp_next(tl, d);
			} else if (!directive_is(&s, k, "ifdef")) {
				d = SCAN_NONE;
			}
			if (!in_else && d != SCAN_NONE && tl->tok[d].len == t->len &&
			    !memcmp(pt->buf + tl->tok[d].pos, pt->buf + t->pos, t->len))
				return true;
			in_else = false;
		}
	}
	return false;
}

static size_t prev_tok(const struct ctx *c, size_t i);

static bool deeper_defines(struct ctx *c, const struct token *t);

static const char the_struct[] = "the struct";

/* Does the header #include "x", one of its folder's? */
static bool includes_local(const struct header *h)
{
	const struct token *t = h->tl.tok;
	size_t k, name;

	for (k = 0; k < h->tl.nr_hash; k++) {
		name = include_name(h->buf, &h->tl, h->tl.hash[k]);
		if (name != SCAN_NONE && t[name].type == TOKEN_STRING &&
		    h->buf[t[name].pos] == '"')
			return true;
	}
	return false;
}

/*
 * Is the struct tag at token i, which the target lacks, only the type of
 * pointers that nothing dereferences, in the file and its local headers
 * (opaque.h)?  Then it compiles as an incomplete type: no finding.  A
 * local header not read (or past the depth read) may dereference them:
 * the finding stays.
 */
static bool opaque(struct ctx *c, size_t i)
{
	const struct token *t = &c->tok[i];
	struct opaque_unit u[1 + INCLUDE_MAX_HEADERS];
	struct header_set *hs = file_headers(c->pt);
	char key[128];
	size_t n = 0, k;
	int err = 0;
	bool yes;

	if (t->len >= sizeof(key) || (hs && hs->unread))
		return false;
	memcpy(key, c->buf + t->pos, t->len);
	key[t->len] = 0;
	if (nameset_has(&c->opaque, key, t->len))
		return true;
	if (nameset_has(&c->not_opaque, key, t->len))
		return false;
	u[n++] = (struct opaque_unit){ c->buf, c->pt->tl, file_idents(c->pt) };
	if (!u[0].ix)
		return false;
	for (k = 0; hs && k < hs->nr; k++) {
		struct header *h = &hs->h[k];

		if (h->depth >= INCLUDE_MAX_DEPTH && includes_local(h))
			return false;	/* its local headers are not read */
		if (!h->idents ||
		    (!h->idents->full &&	/* the cache's, kept across files */
		     idindex_build_all(h->idents, h->buf, &h->tl))) {
			porter_fail(c->pt, -12);	/* ENOMEM */
			return false;
		}
		u[n++] = (struct opaque_unit){ h->buf, &h->tl, h->idents };
	}
	yes = opaque_tag(u, n, c->buf + t->pos, t->len, &err);
	if (err || nameset_add(yes ? &c->opaque : &c->not_opaque, key))
		porter_fail(c->pt, -12);
	return yes && !err;
}

/*
 * The use at token i of what mask has, of struct of (or NULL); present
 * has it in any form.  A name the file defines at token shadow (or
 * SCAN_NONE) silences it too: the checks that read the file's
 * definitions come last, after the cheap ones.
 */
static void report_of(struct ctx *c, size_t i, const char *what,
		      const struct token *of, size_t shadow, uint32_t mask,
		      uint32_t present)
{
	const struct token *t = &c->tok[i];
	unsigned int last, missing;
	int copy;

	if (!went_away(c, mask, present, &last, &missing) ||
	    line_taken(c, t->pos) || version_skip(c, t->pos, missing) ||
	    porter_edited(c->pt, t->pos))
		return;		/* another rule's, or code a fix rewrites */
	if (shadow != SCAN_NONE &&
	    shadowed(c, c->buf + c->tok[shadow].pos, c->tok[shadow].len))
		return;
	if (t->type == TOKEN_IDENT &&
	    (of ? shadowed_member(c, c->buf + t->pos, t->len) :
		  shadowed(c, c->buf + t->pos, t->len) || ifdef_guarded(c->pt, i)))
		return;
	if (in_arch_branch(c->buf, c->pt->tl, i))
		return;		/* another architecture's code */
	if (!judged(c) || dropped_arg(c->pt, i, true) ||
	    (t->type == TOKEN_IDENT && deeper_defines(c, t)) ||
	    (what == the_struct && opaque(c, i)) ||
	    !first_report(c, what, t, of))
		return;
	copy = own_copy_of(c, i, of);
	if (copy >= 0)
		own_wait(c, i, what, of ? (size_t)(of - c->tok) : SCAN_NONE,
			 last, missing, copy);
	else
		gone_finding(c, i, what, of, last, missing);
}

static void report(struct ctx *c, size_t i, const char *what, uint32_t mask,
		   uint32_t present)
{
	report_of(c, i, what, NULL, SCAN_NONE, mask, present);
}

/* The token after i, comments skipped. */
static size_t tok_after(const struct token *tok, size_t i)
{
	for (i++; tok[i].type == TOKEN_COMMENT; i++)
		;
	return i;
}

/* The token before i, comments skipped (i itself at the start). */
static size_t prev_tok(const struct ctx *c, size_t i)
{
	return tok_before(c->tok, i);
}

static size_t next_tok(const struct ctx *c, size_t i)
{
	return tok_after(c->tok, i);
}

static bool is_arrow(const struct ctx *c, size_t i)
{
	return is_member_op(c->buf, &c->tok[i]);
}

/* The arguments of the call whose '(' is at i, or -1 if unbalanced. */
static int count_args(const struct ctx *c, size_t i)
{
	int depth = 0, n = 0;
	bool any = false;

	for (; c->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &c->tok[i];

		if (t->type == TOKEN_COMMENT)
			continue;
		if (match_op(c->buf, t, '(') || match_op(c->buf, t, '[') ||
		    match_op(c->buf, t, '{')) {
			if (depth++ == 0)
				continue;
		} else if (match_op(c->buf, t, ')') || match_op(c->buf, t, ']') ||
			   match_op(c->buf, t, '}')) {
			if (--depth == 0)
				return any ? n + 1 : 0;
		} else if (depth == 1 && match_op(c->buf, t, ',')) {
			n++;
		}
		any = true;
	}
	return -1;
}

static void show_arity(uint32_t set, char *buf, size_t size)
{
	unsigned int k;
	size_t o = 0;

	buf[0] = 0;
	for (k = 0; k <= ATLAS_ARITY_EXACT_MAX && o + 8 < size; k++) {
		if (set & (1u << k))
			o += (size_t)snprintf(buf + o, size - o, "%s%u",
					      o ? " or " : "", k);
		if (set & (1u << (ATLAS_ARITY_VARIADIC_SHIFT + k)))
			o += (size_t)snprintf(buf + o, size - o, "%s%u or more",
					      o ? " or " : "", k);
	}
}

/*
 * Is the group whose '(' is at open a list of parameters, not of
 * arguments: "f(void)", "f(void *opaque)"?  An expression never starts
 * with the keyword void: this is a prototype, or a parameter of function
 * type ("struct sk_buff *build_skb(void *opaque)"), perhaps inside a
 * macro's argument (ACPI_HW_DEPENDENT_RETURN_STATUS(... f(void))).
 */
static bool param_list(const struct ctx *c, size_t open)
{
	return match_ident(c->buf, &c->tok[next_tok(c, open)], "void");
}

static bool guarded(const struct ctx *c);

/* The #if, #ifdef or #ifndef that opens the group around token i, or SCAN_NONE. */
static size_t group_open(const struct ctx *c, size_t i)
{
	const struct tokens s = { c->buf, c->pt->tl };
	size_t k;
	int depth = 0;

	for (k = i; k-- > 0;) {
		if (!match_op(c->buf, &c->tok[k], '#') ||
		    directive_of(c->pt->tl, k) != k)
			continue;
		if (directive_is(&s, k, "endif"))
			depth++;
		else if ((directive_is(&s, k, "if") ||
			  directive_is(&s, k, "ifdef") ||
			  directive_is(&s, k, "ifndef")) && depth-- == 0)
			return k;
	}
	return SCAN_NONE;
}

/*
 * Does another branch of the #if group around the call at i call the
 * same function in a form release r takes ("#ifdef _HAS_TYPE_ARG_IN_
 * ACCESS_OK access_ok(VERIFY_WRITE, p, n) #else access_ok(p, n)
 * #endif")?  Then the file is written for both forms: this branch is
 * for the kernels that take the old one, whatever selects it.
 */
static bool other_form(const struct ctx *c, size_t i, unsigned int r)
{
	const struct tokens s = { c->buf, c->pt->tl };
	const struct token *t = &c->tok[i];
	uint32_t sets[ATLAS_MAX_RELEASES];
	size_t k, open = group_open(c, i);
	int depth = 0, n;

	for (k = 0; c->tok[k].type == TOKEN_COMMENT; k++)
		;
	/*
	 * The include guard is no choice of forms; a version test is the
	 * version-conditional rule's: version_skip() knows which branch the
	 * target compiles.
	 */
	if (open == SCAN_NONE || (open == k && guarded(c)) ||
	    vbranch_tests_version(c->buf, c->tok, open) ||
	    !atlas_arity(c->buf + t->pos, t->len, sets))
		return false;
	for (k = open + 1; c->tok[k].type != TOKEN_EOF; k++) {
		if (match_op(c->buf, &c->tok[k], '#') &&
		    directive_of(c->pt->tl, k) == k) {
			if (directive_is(&s, k, "if") ||
			    directive_is(&s, k, "ifdef") ||
			    directive_is(&s, k, "ifndef"))
				depth++;
			else if (directive_is(&s, k, "endif") && depth-- == 0)
				return false;
			continue;
		}
		if (k == i || c->tok[k].type != TOKEN_IDENT ||
		    c->tok[k].len != t->len ||
		    memcmp(c->buf + c->tok[k].pos, c->buf + t->pos, t->len) ||
		    !match_op(c->buf, &c->tok[next_tok(c, k)], '('))
			continue;
		n = count_args(c, next_tok(c, k));
		if (n >= 0 && atlas_arity_fits(sets[r], (unsigned int)n))
			return true;
	}
	return false;
}

struct includer_ask {
	const char *hdr;	/* the header's file name */
	const char *name;	/* the name looked for */
	size_t len;
	bool found;
};

static void includer_harvested(void *arg, const struct harvest_name *hn)
{
	struct includer_ask *ia = arg;

	if (strlen(hn->name) == ia->len && !memcmp(hn->name, ia->name, ia->len))
		ia->found = true;
}

/* Does the header at path (beside from, as "x" finds it) define the name? */
static bool beside_defines(const char *from, const char *buf,
			   const struct token *t, struct includer_ask *ia)
{
	struct token_list tl = { 0 };
	char *path = include_beside(from, buf, t), *hb;
	size_t len;

	if (!path)
		return false;
	hb = source_slurp(path, &len);
	free(path);
	if (hb && !tokenize(hb, len, &tl))
		harvest(hb, &tl, HARVEST_NAMES_ONLY, includer_harvested, ia);
	token_list_free(&tl);
	free(hb);
	return ia->found;
}

/*
 * A .c of the header's folder that includes it ("xattr.h"): do its other
 * local headers (squashfs.h, included before) define the name?
 */
static bool includer_has(const struct sibling *sib, void *arg)
{
	struct includer_ask *ia = arg;
	const struct token *t;
	size_t i, n, hl = strlen(ia->hdr);
	bool includes = false;

	for (i = 0; !includes && i < sib->tl->nr_hash; i++) {
		n = include_name(sib->buf, sib->tl, sib->tl->hash[i]);
		if (n == SCAN_NONE)
			continue;
		t = &sib->tl->tok[n];
		includes = t->type == TOKEN_STRING && t->len == hl + 2 &&
			   !memcmp(sib->buf + t->pos + 1, ia->hdr, hl);
	}
	for (i = 0; includes && i < sib->tl->nr_hash; i++) {
		n = include_name(sib->buf, sib->tl, sib->tl->hash[i]);
		if (n != SCAN_NONE && sib->tl->tok[n].type == TOKEN_STRING &&
		    beside_defines(sib->path, sib->buf, &sib->tl->tok[n], ia))
			return true;
	}
	return false;
}

/*
 * A header is compiled inside the files that include it: a name it uses
 * may come from what its includer includes before it (squashfs's xattr.h
 * calls ERROR(), which squashfs.h defines for every .c that includes
 * both).  Asked of a header's call at its finding only: it reads the
 * .c files of its folder.
 */
static bool includer_defines(const struct ctx *c, const struct token *t)
{
	const char *slash;
	char name[256];
	struct includer_ask ia = { .found = false };

	if (!c->pt->header || !c->pt->path || t->len >= sizeof(name))
		return false;
	slash = strrchr(c->pt->path, '/');
	ia.hdr = slash ? slash + 1 : c->pt->path;
	memcpy(name, c->buf + t->pos, t->len);
	name[t->len] = 0;
	ia.name = name;
	ia.len = t->len;
	return sibling_any(c->pt->path, includer_has, &ia);
}

/*
 * Is the call at i under "#ifdef f" (or "#if defined(f)") of its own
 * name, where release r has f only as a function, never a macro (the
 * atlas's P line of a name whose arity changes)?  On x86 the group is
 * false there: compat_binfmt_elf.c's "#ifdef compat_start_thread", a
 * macro of arm64's, not x86's.
 */
static bool ifdef_never_macro(const struct ctx *c, size_t i, unsigned int r)
{
	const struct token *t = &c->tok[i];

	return ifdef_guarded(c->pt, i) &&
	       !(atlas_mask(ATLAS_ARITY_MACRO, NULL, 0, c->buf + t->pos,
			    t->len) & (1u << r));
}

static size_t opener_around(const char *buf, const char **l, bool *in_else,
			    const char **word);

/*
 * Is the opener of the #if group around pos "#ifndef name" or "#if
 * !defined(name)", pos in its first branch?
 */
static bool under_ifndef(const char *buf, size_t pos, const char *name,
			 size_t len)
{
	const char *l = buf + pos, *p;
	bool in_else;
	size_t n = opener_around(buf, &l, &in_else, &p);

	if (!n || in_else)
		return false;
	p += n;
	p += strspn(p, " \t");
	if (n == 2) {
		if (*p++ != '!')
			return false;
		p += strspn(p, " \t");
		if (strncmp(p, "defined", 7))
			return false;
		p += 7;
		p += strspn(p, " \t(");
	} else if (n != 6) {
		return false;	/* #ifdef */
	}
	return !strncmp(p, name, len) && !ident_byte(p[len]);
}

/*
 * Is every definition of the macro name[0..len) in the file and its local
 * headers a compat one, under "#ifndef name" (dahdi's "#ifndef
 * DEFINE_SEMAPHORE / #define DEFINE_SEMAPHORE(name) ...")?  Where the
 * kernel has the name, it is the kernel's that is compiled.
 */
struct compat_sites {
	const char *name;
	size_t len, sites;
};

/* Count a #define under "#ifndef name"; -1 (stop) for any other. */
static int compat_site(void *arg, const char *buf, const struct token_list *tl,
		       size_t k, size_t n)
{
	struct compat_sites *cs = arg;

	(void)n;
	if (!under_ifndef(buf, tl->tok[k].pos, cs->name, cs->len))
		return -1;
	cs->sites++;
	return 0;
}

static bool compat_only(struct ctx *c, const char *name, size_t len)
{
	struct compat_sites cs = { name, len, 0 };

	return !each_define(c, name, len, compat_site, &cs) && cs.sites > 0;
}

/*
 * Does a header one level below the deepest the file's header set reads
 * (INCLUDE_MAX_DEPTH: "x" beside a header at that depth) define the name
 * at t?  zstd_ldm.c's ERROR() is in error_private.h, four local headers
 * down.  Asked at a finding only: reading every file's headers four deep
 * would cost a third more over a tree.
 */
static bool deeper_defines(struct ctx *c, const struct token *t)
{
	const struct header_set *hs = file_headers(c->pt);
	struct includer_ask ia = { .found = false };
	char name[256];
	size_t k, i, n;

	if (!hs || t->len >= sizeof(name))
		return false;
	memcpy(name, c->buf + t->pos, t->len);
	name[t->len] = 0;
	ia.name = name;
	ia.len = t->len;
	for (k = 0; k < hs->nr; k++) {
		const struct header *h = &hs->h[k];

		if (h->depth != INCLUDE_MAX_DEPTH)
			continue;
		for (i = 0; i < h->tl.nr_hash; i++) {
			n = include_name(h->buf, &h->tl, h->tl.hash[i]);
			if (n != SCAN_NONE && h->tl.tok[n].type == TOKEN_STRING &&
			    beside_defines(h->path, h->buf, &h->tl.tok[n], &ia))
				return true;
		}
	}
	return false;
}

static size_t struct_of(struct ctx *c, size_t v);

/*
 * Is token k in a later branch (#else, #elif) of a group around it?  Then
 * an earlier branch may declare what k declares otherwise.
 */
static bool later_branch(const struct ctx *c, size_t k)
{
	const struct tokens s = { c->buf, c->pt->tl };
	int depth = 0;

	while (k-- > 0) {
		if (!match_op(c->buf, &c->tok[k], '#') ||
		    directive_of(c->pt->tl, k) != k)
			continue;
		if (directive_is(&s, k, "endif"))
			depth++;
		else if (directive_is(&s, k, "if") ||
			 directive_is(&s, k, "ifdef") ||
			 directive_is(&s, k, "ifndef"))
			depth -= depth > 0;
		else if (!depth && (directive_is(&s, k, "else") ||
				    directive_is(&s, k, "elif")))
			return true;
	}
	return false;
}

/*
 * The struct tag of the argument [a, e) of a call when it is a variable
 * declared "struct TAG *v" (one '*', the nearest declaration, in no
 * later branch of an #if); SCAN_NONE otherwise.
 */
static size_t arg_struct(struct ctx *c, size_t a, size_t e)
{
	size_t tag, k;

	while (a < e && c->tok[a].type == TOKEN_COMMENT)
		a++;
	if (a >= e || c->tok[a].type != TOKEN_IDENT || next_tok(c, a) != e ||
	    (tag = struct_of(c, a)) == SCAN_NONE)
		return SCAN_NONE;
	k = next_tok(c, tag);
	if (!match_op(c->buf, &c->tok[k], '*'))
		return SCAN_NONE;
	k = next_tok(c, k);
	if (c->tok[k].type != TOKEN_IDENT || c->tok[k].len != c->tok[a].len ||
	    memcmp(c->buf + c->tok[k].pos, c->buf + c->tok[a].pos,
		   c->tok[a].len) || later_branch(c, tag))
		return SCAN_NONE;	/* "struct T **v", a list, an #else */
	return tag;
}

/*
 * A call f(..., v, ...) at i whose variable v is a "struct X *" where
 * release r of the target takes a pointer to another struct, and an
 * earlier release took X there (the atlas's F lines: struct
 * drm_atomic_state became struct drm_atomic_commit in 7.2, and with it
 * drm_atomic_get_new_crtc_state()'s parameter): the argument is of the
 * wrong type there (an error since GCC 14).
 */
static void check_arg_structs(struct ctx *c, size_t i, size_t open)
{
	struct atlas_sig sigs[ATLAS_MAX_RELEASES];
	const struct token *t = &c->tok[i];
	const struct api_change *ch;
	size_t a, e, tag, n;
	unsigned int pos, r, k;
	const char *now;
	int depth = 0, args;

	if (!atlas_func_sig(c->buf + t->pos, t->len, sigs) ||
	    param_list(c, open) || (args = count_args(c, open)) < 0)
		return;
	for (a = e = open + 1, pos = 0; c->tok[e].type != TOKEN_EOF; e++) {
		const struct token *x = &c->tok[e];

		if (match_op(c->buf, x, '(') || match_op(c->buf, x, '[') ||
		    match_op(c->buf, x, '{')) {
			depth++;
			continue;
		}
		if (match_op(c->buf, x, ')') || match_op(c->buf, x, ']') ||
		    match_op(c->buf, x, '}')) {
			if (depth-- > 0)
				continue;	/* else the call's ')' */
		} else if (depth > 0 || !match_op(c->buf, x, ',')) {
			continue;
		}
		/* the argument [a, e) */
		tag = arg_struct(c, a, e);
		for (r = 0; tag != SCAN_NONE && r < atlas_nr_releases(); r++) {
			/* a call of another arity: the signature rule's */
			if (!(c->target & (1u << r)) || !sigs[r].text ||
			    atlas_sig_arity(sigs[r].text, sigs[r].len) !=
			    (unsigned int)args)
				continue;
			for (k = r; k-- > 0;)
				if (atlas_sig_struct_differs(&sigs[r], &sigs[k],
							     pos) &&
				    (n = atlas_sig_struct(sigs[k].text,
							  sigs[k].len, pos,
							  &now)) ==
				    c->tok[tag].len &&
				    !memcmp(now, c->buf + c->tok[tag].pos, n))
					break;
			n = atlas_sig_struct(sigs[r].text, sigs[r].len, pos,
					     &now);
			if (k == (unsigned int)-1 ||
			    /* #define spi_master spi_controller: the same */
			    (atlas_ident_kinds(now, n, "m") & (1u << r)) ||
			    (atlas_ident_kinds(c->buf + c->tok[tag].pos,
					       c->tok[tag].len, "m") &
			     (1u << r)))
				continue;
			if (line_taken(c, t->pos) ||
			    version_skip(c, t->pos, r) ||
			    version_skip(c, c->tok[tag].pos, r) ||
			    (atlas_ident_kinds(c->buf + t->pos, t->len, "p") &
			     (1u << r)) ||
			    shadowed(c, c->buf + t->pos, t->len) ||
			    shadowed(c, c->buf + c->tok[tag].pos,
				     c->tok[tag].len) ||
			    !judged(c) || includer_defines(c, t) ||
			    deeper_defines(c, t))
				return;
			ch = change_for_tag(c->buf + c->tok[tag].pos,
					    c->tok[tag].len);
			add_finding(c->pt, t->pos, R_SIGNATURE, SEV_WARNING,
				    false,
				    "'%.*s' takes a struct %.*s * as its argument %u in Linux %s (a struct %.*s * in %s, as '%.*s' here is): the target %s needs the new type%s%s%s",
				    (int)t->len, c->buf + t->pos, (int)n, now,
				    pos + 1, atlas_release_name(r),
				    (int)c->tok[tag].len,
				    c->buf + c->tok[tag].pos,
				    atlas_release_name(k),
				    (int)c->tok[prev_tok(c, e)].len,
				    c->buf + c->tok[prev_tok(c, e)].pos,
				    c->range, ch ? ": " : "",
				    ch ? ch->advice : "",
				    ch && ch->kind != C_PERSON ?
				    ", which modport's fix writes" :
				    "; port it by hand");
			return;
		}
		if (depth < 0)
			return;		/* the call's ')' */
		a = e + 1;
		pos++;
	}
}

/* A call f(...) at i whose argument count the target no longer takes. */
static void check_call(struct ctx *c, size_t i, size_t open)
{
	uint32_t sets[ATLAS_MAX_RELEASES];
	const struct token *t = &c->tok[i];
	const struct api_change *ch;
	unsigned int k, r, n;
	char now[64], then[64];
	int args;

	check_arg_structs(c, i, open);
	if (!atlas_arity(c->buf + t->pos, t->len, sets) ||
	    param_list(c, open))
		return;
	args = count_args(c, open);
	if (args < 0)
		return;
	n = (unsigned int)args;
	for (r = 0; r < atlas_nr_releases(); r++) {
		if (!(c->target & (1u << r)) || !sets[r] ||
		    atlas_arity_fits(sets[r], n))
			continue;
		for (k = r; k-- > 0;)
			if (sets[k] && atlas_arity_fits(sets[k], n))
				break;
		if (k == (unsigned int)-1 || line_taken(c, t->pos) ||
		    version_skip(c, t->pos, r) ||
		    (shadowed(c, c->buf + t->pos, t->len) &&
		     !compat_only(c, c->buf + t->pos, t->len)) ||
		    other_form(c, i, r) || ifdef_never_macro(c, i, r) ||
		    !judged(c) ||
		    includer_defines(c, t) || dropped_arg(c->pt, i, true) ||
		    deeper_defines(c, t))
			return;
		show_arity(sets[r], now, sizeof(now));
		show_arity(sets[k], then, sizeof(then));
		ch = change_for(c->buf + t->pos, t->len);
		if (ch && ch->kind != C_PERSON)
			ch = NULL;	/* a row that fixes it says so itself */
		add_finding(c->pt, t->pos, R_SIGNATURE, SEV_WARNING, false,
			    "'%.*s' takes %s arguments in Linux %s (%s in %s, as this call has %u): the target %s needs the new form%s%s; port it by hand",
			    (int)t->len, c->buf + t->pos, now,
			    atlas_release_name(r), then,
			    atlas_release_name(k), n, c->range,
			    ch ? ": " : "", ch ? ch->advice : "");
		return;
	}
}

/* Words before a name that do not declare it. */
static const char *const not_types[] = {
	"return", "case", "goto", "sizeof", "else", "do", "typeof",
	"__typeof__",
};

#define SCAN_CONTINUE (SCAN_NONE - 1)

/*
 * The ',' at comma precedes "*v": in a declaration list "struct TAG *a,
 * *v" the tag; in another declaration (T *a, *v) SCAN_NONE; in an
 * argument list or an expression SCAN_CONTINUE.
 */
static size_t list_decl(const struct ctx *c, size_t comma)
{
	size_t k = comma;
	int depth = 0;

	while (k > 0) {
		const struct token *t = &c->tok[--k];

		if (t->type == TOKEN_COMMENT || (t->flags & TF_PP))
			continue;
		if (match_op(c->buf, t, ')') || match_op(c->buf, t, ']'))
			depth++;
		else if (match_op(c->buf, t, '(') || match_op(c->buf, t, '['))
			if (depth-- == 0)
				return SCAN_CONTINUE;	/* f(a, *v) */
		if (depth == 0 && (match_op(c->buf, t, ';') ||
				   match_op(c->buf, t, '{') ||
				   match_op(c->buf, t, '}')))
			break;
	}
	if (k > 0 || match_op(c->buf, &c->tok[k], ';') ||
	    match_op(c->buf, &c->tok[k], '{') ||
	    match_op(c->buf, &c->tok[k], '}'))
		k = next_tok(c, k);
	if ((match_ident(c->buf, &c->tok[k], "struct") ||
	     match_ident(c->buf, &c->tok[k], "union")) &&
	    c->tok[k + 1].type == TOKEN_IDENT)
		return k + 1;
	if (c->tok[k].type == TOKEN_IDENT && next_tok(c, k) < comma &&
	    (c->tok[next_tok(c, k)].type == TOKEN_IDENT ||
	     match_op(c->buf, &c->tok[next_tok(c, k)], '*')))
		return SCAN_NONE;	/* T *a, *v */
	return SCAN_CONTINUE;
}

/* How far back a variable's declaration is looked for, in tokens. */
#define STRUCT_OF_REACH 4096

/*
 * Past the reach of struct_of(): a file-scope "struct TAG v;" or
 * "struct TAG *v;" far above (a bus declared at the top of the file).
 */
static size_t file_scope_struct(const struct ctx *c, size_t v)
{
	const struct decl *d = file_decl(c->pt, c->buf + c->tok[v].pos,
					 c->tok[v].len);
	size_t j;

	if (!d || !d->is_tagged || d->dims || d->pointers > 1 ||
	    strncmp(d->base, "struct ", 7))
		return SCAN_NONE;
	for (j = d->name; j > 1 && j-- > d->name - 8;)
		if (c->tok[j].type == TOKEN_IDENT &&
		    match_ident(c->buf, &c->tok[j - 1], "struct"))
			return j;
	return SCAN_NONE;
}

/*
 * The previous token before k, back to stop, that spells the name of token
 * v; SCAN_NONE when there is none.  Token by token: struct_of()'s walk
 * back from v reads each token at most once, within STRUCT_OF_REACH - a
 * few thousand compares, where an index of the file's every name (once
 * asked of the names far from their declarations) cost more.
 */
static size_t prev_use(const struct ctx *c, size_t v, size_t k, size_t stop)
{
	const struct token *x = &c->tok[v];

	for (; k > stop; k--)
		if (c->tok[k - 1].type == TOKEN_IDENT &&
		    c->tok[k - 1].len == x->len &&
		    !memcmp(c->buf + c->tok[k - 1].pos, c->buf + x->pos, x->len))
			return k - 1;
	return SCAN_NONE;
}

/*
 * What the use k of a variable says of its struct (struct_of()): the tag
 * of its declaration "struct TAG *v", SCAN_NONE for another declaration,
 * SCAN_CONTINUE when k is no declaration.
 */
static size_t decl_at(const struct ctx *c, size_t k)
{
	size_t j;

	for (j = k - 1; j > 1 && match_op(c->buf, &c->tok[j], '*'); j--)
		;
	if (c->tok[j].type == TOKEN_IDENT &&
	    (match_ident(c->buf, &c->tok[j - 1], "struct") ||
	     match_ident(c->buf, &c->tok[j - 1], "union")))
		return j;
	/*
	 * The nearest declaration decides (an older one may be another
	 * function's): "T *v" or "T v" of another type, or a list
	 * "struct TAG *a, *v".
	 */
	if (c->tok[j].type == TOKEN_IDENT &&
	    !TOKEN_IN(c->buf, &c->tok[j], not_types))
		return SCAN_NONE;
	if (j + 1 < k && match_op(c->buf, &c->tok[j], ','))
		return list_decl(c, j);
	return SCAN_CONTINUE;
}

/* The memo of the variable at token v (one slot for a spelling's hash). */
static struct var_memo *memo_of(struct ctx *c, size_t v)
{
	const struct token *t = &c->tok[v];

	return &c->memo[hash_span(c->buf + t->pos, t->len) % VAR_MEMOS];
}

static bool same_var(const struct ctx *c, size_t a, size_t b)
{
	const struct token *x = &c->tok[a], *y = &c->tok[b];

	return x->len == y->len &&
	       !memcmp(c->buf + x->pos, c->buf + y->pos, x->len);
}

/*
 * The struct tag of the variable at token v: the nearest "struct TAG *v"
 * or "struct TAG v" before it, within STRUCT_OF_REACH tokens (a long
 * function's locals, its parameters): SCAN_NONE if none, and then no
 * finding - a member is reported only where its struct is known.
 */
static size_t struct_of(struct ctx *c, size_t v)
{
	size_t k, d, stop = v > STRUCT_OF_REACH ? v - STRUCT_OF_REACH : 2;
	struct var_memo *m = memo_of(c, v);
	bool known = m->v && m->v < v && same_var(c, m->v, v);

	for (k = v; (k = prev_use(c, v, k, stop)) != SCAN_NONE;) {
		/*
		 * Below the use asked of last, the walk is that one's, cut at
		 * this stop: its decision where it is within reach.
		 */
		if (known && k < m->v) {
			if (m->at == SCAN_NONE || m->at < stop)
				break;
			*m = (struct var_memo){ v, m->at, m->tag };
			return m->tag;
		}
		d = decl_at(c, k);
		if (d != SCAN_CONTINUE) {
			*m = (struct var_memo){ v, k, d };
			return d;
		}
	}
	*m = (struct var_memo){ v, SCAN_NONE, SCAN_NONE };
	return stop > 2 ? file_scope_struct(c, v) : SCAN_NONE;
}

/*
 * The struct tag of the initializer that the designator '.' at dot is
 * in: "struct TAG x[] = { ..., .m = ... }"; SCAN_NONE if none.
 */
static size_t initializer_struct(const struct ctx *c, size_t dot)
{
	size_t k = dot, steps;
	int depth = 0;

	while (k-- > 0) {
		if (match_op(c->buf, &c->tok[k], '}'))
			depth++;
		else if (match_op(c->buf, &c->tok[k], '{') && depth-- == 0)
			break;
	}
	if (k == (size_t)-1 || k == 0)
		return SCAN_NONE;
	k = prev_tok(c, k);
	if (match_op(c->buf, &c->tok[k], '{'))	/* an array of structs */
		k = prev_tok(c, k);
	if (!match_op(c->buf, &c->tok[k], '='))
		return SCAN_NONE;
	if (c->tok[prev_tok(c, k)].type == TOKEN_IDENT &&
	    is_arrow(c, prev_tok(c, prev_tok(c, k))))
		return SCAN_NONE;	/* .outer = { .m = ... }: nested */
	for (steps = 0; k > 1 && steps < 12; steps++) {
		k = prev_tok(c, k);
		if (match_op(c->buf, &c->tok[k], ';') ||
		    match_op(c->buf, &c->tok[k], '}'))
			return SCAN_NONE;
		if (match_ident(c->buf, &c->tok[k], "struct") ||
		    match_ident(c->buf, &c->tok[k], "union"))
			return c->tok[k + 1].type == TOKEN_IDENT ? k + 1 :
			       SCAN_NONE;
	}
	return SCAN_NONE;
}

/*
 * Can the file's own structs all be seen: every '#include "x"' read (not
 * one the build makes, dummy.skel.h), and the file not a fragment of
 * another's initializer (a .c whose code starts with '{', #included into
 * the array of the file that defines its struct)?
 */
static bool members_all_seen(struct ctx *c)
{
	const struct header_set *hs = file_headers(c->pt);
	size_t i = 0;

	while (c->tok[i].type == TOKEN_COMMENT || (c->tok[i].flags & TF_PP))
		i++;
	return hs && !hs->unread && !match_op(c->buf, &c->tok[i], '{');
}

/*
 * A member m after '->' or '.' whose struct is not known here (a->b.m,
 * f()->m, p of a typedef'd type): reported only where no struct or union
 * of some kernel of the target has a member m at all (the atlas's M line,
 * the union over every struct), no kernel macro spells it, and neither
 * the file nor its local headers define anything of that name (the
 * struct may be the driver's own).
 */
static void member_of_none(struct ctx *c, size_t i)
{
	const struct token *m = &c->tok[i];
	const char *s = c->buf + m->pos;
	uint32_t had = atlas_mask(ATLAS_ANY_MEMBER, NULL, 0, s, m->len);
	uint32_t present;
	unsigned int last, missing;

	if (!had)
		return;
	present = had | atlas_mask(ATLAS_IDENT, NULL, 0, s, m->len);
	/*
	 * The cheap tests first: most members are in every kernel's structs,
	 * and a kernel tree's own headers define the rest (the set of their
	 * names, read once a run); whether the file's own headers can all be
	 * read (members_all_seen()) and what they and the file define
	 * (in_shadow) cost a reading of them all.
	 */
	if (!went_away(c, had, present, &last, &missing))
		return;
	switch (projnames_member(c->target, s, m->len)) {
	case 0:
		break;
	case 1:
		return;		/* the project's own struct may have it */
	default:
		porter_fail(c->pt, -12);	/* ENOMEM */
		return;
	}
	if (!members_all_seen(c) ||
	    shadowed(c, s, m->len) || shadowed_member(c, s, m->len) ||
	    in_shadow(c, SHADOW_UNTAGGED, s, m->len))
		return;
	report_of(c, i, "the member (of any struct)", NULL, SCAN_NONE, had,
		  present);
}

/*
 * A member after '->' or '.' at token arrow: reported only where the
 * struct is known - "p->m" with p declared "struct TAG *p", or
 * ".m = " in "struct TAG x = { ... }" - and the kernel's TAG lost m.
 */
static void member_use(struct ctx *c, size_t i, size_t arrow)
{
	const struct token *m = &c->tok[i];
	size_t var = prev_tok(c, arrow), tag;
	uint32_t had, tag_mask;
	unsigned int last, missing;

	if (var == arrow || ((c->tok[var].flags & TF_PP) &&
			     !(c->tok[arrow].flags & TF_PP)))
		return;	/* after a directive (#ifdef X .m = ...): unknown */
	if (c->tok[var].type == TOKEN_IDENT && var > 0 &&
	    is_arrow(c, prev_tok(c, var)))
		tag = SCAN_NONE;	/* a->b.m: b's struct unknown here */
	else if (c->tok[var].type == TOKEN_IDENT)
		tag = struct_of(c, var);
	else if (match_op(c->buf, &c->tok[var], '{') ||
		 match_op(c->buf, &c->tok[var], ','))
		tag = initializer_struct(c, arrow);
	else
		tag = SCAN_NONE;	/* f()->m, (x)->m, a[i].m */
	if (tag == SCAN_NONE) {
		member_of_none(c, i);
		return;
	}
	had = atlas_mask(ATLAS_MEMBER, c->buf + c->tok[tag].pos,
			 c->tok[tag].len, c->buf + m->pos, m->len);
	if (!had) {
		/* a macro that spells a member: #define flowi4_tos ... */
		had = atlas_ident_kinds(c->buf + m->pos, m->len, "d");
		if (!had)
			return;
		/* unless the file defines the name */
		report_of(c, i, "the member", &c->tok[tag], i, had,
			  atlas_mask(ATLAS_IDENT, NULL, 0, c->buf + m->pos,
				     m->len));
		return;
	}
	/* what every release of the target has, went nowhere (report_of) */
	if (!went_away(c, had, had, &last, &missing))
		return;
	tag_mask = atlas_mask(ATLAS_TAG, NULL, 0, c->buf + c->tok[tag].pos,
			      c->tok[tag].len);
	if (!tag_mask)
		tag_mask = ~0u;	/* every release has the struct */
	/* where a macro in its body declares members, they are unknown */
	tag_mask &= ~atlas_mask(ATLAS_OPAQUE, NULL, 0,
				c->buf + c->tok[tag].pos, c->tok[tag].len);
	/* a tag that is a macro (spi_master): its members are another's */
	tag_mask &= ~atlas_mask(ATLAS_IDENT, NULL, 0, c->buf + c->tok[tag].pos,
				c->tok[tag].len);
	/*
	 * present: where TAG still has m (or a macro spells it), or is
	 * unknown; unless the file defines the struct
	 */
	report_of(c, i, "the member", &c->tok[tag], tag, had, had | ~tag_mask |
	       atlas_mask(ATLAS_IDENT, NULL, 0, c->buf + m->pos, m->len));
}

/*
 * The members that the structs and unions of the file being walked name
 * ("struct TAG", "union TAG") lost within the target, gathered on the
 * first member asked of (file_lost()) for wants() and run() both, and
 * forgotten when the walk of the next file starts (wants_names()).  A tag
 * that struct_of() and initializer_struct() find is one of them: the
 * token right after struct or union.
 */
static struct {
	const struct token *tok;	/* the file's, NULL: not gathered */
	struct hash_set set;
	int err;			/* -ENOMEM */
} lost;

static int make_lost(const char *buf, const struct token_list *tl,
		     uint32_t target)
{
	struct hash_set seen = { 0 };
	const struct atlas_gone_member *gm;
	const struct token *t;
	uint64_t tag;
	size_t n, k, a;
	int ret = 0;

	/* the identifiers that may be struct or union (the tokenizer's) */
	for (a = 0; !ret && a < tl->nr_aggr; a++) {
		t = &tl->tok[tl->aggr[a]];
		if (t[1].type != TOKEN_IDENT ||
		    (!match_ident(buf, t, "struct") &&
		     !match_ident(buf, t, "union")))
			continue;
		tag = hashset_key(buf + t[1].pos, t[1].len);
		if (hashset_has(&seen, tag))
			continue;
		ret = hashset_add(&seen, tag);
		n = atlas_gone_members(target, buf + t[1].pos, t[1].len, &gm);
		for (k = 0; k < n && !ret; k++)
			ret = hashset_add(&lost.set, gm[k].member);
	}
	hashset_free(&seen);
	return ret;
}

/* Forget the last file's lost members (wants_names(): a walk starts). */
static void lost_forget(void)
{
	hashset_free(&lost.set);
	lost.tok = NULL;
	lost.err = 0;
}

/*
 * Did a struct of the file's tags lose the member s[0..len) within
 * target?  1, 0, or -ENOMEM.
 */
static int file_lost(const struct porter *pt, uint32_t target, const char *s,
		     size_t len)
{
	if (lost.tok != pt->tl->tok) {
		lost_forget();
		lost.tok = pt->tl->tok;
		lost.err = make_lost(pt->buf, pt->tl, target);
	}
	if (lost.err)
		return lost.err;
	return hashset_has(&lost.set, hashset_key(s, len));
}

/*
 * Can member_use() report the member s[0..len)?  Only a member that a
 * struct of the file's tags lost, or one missing from every struct, or a
 * macro that spells one (member_of_none(), the d kind): for the rest -
 * most members after '->' - struct_of() need not look.  -ENOMEM, 1, 0.
 */
static int member_may(const struct porter *pt, uint32_t target, const char *s,
		      size_t len)
{
	if (atlas_may_be_gone(target, ATLAS_USE_ANY_MEMBER, s, len))
		return 1;
	return file_lost(pt, target, s, len);
}

static bool lost_member(struct ctx *c, size_t i)
{
	const struct token *m = &c->tok[i];
	int may = member_may(c->pt, c->target, c->buf + m->pos, m->len);

	if (may < 0)
		porter_fail(c->pt, may);
	return may > 0;
}

/* Is the name at i used as a type: "T x", "T *x", "(T)"? */
static bool type_use(const struct ctx *c, size_t i, size_t next)
{
	const struct token *n = &c->tok[next];

	static const char *const type_ops[] = {
		"sizeof", "typeof", "__typeof__", "_Alignof", "__alignof__",
	};
	size_t open, before;

	if (n->type == TOKEN_IDENT || match_op(c->buf, n, '*'))
		return true;
	if (!match_op(c->buf, n, ')') || i == 0)
		return false;
	open = prev_tok(c, i);
	if (!match_op(c->buf, &c->tok[open], '('))
		return false;
	/* f(T) is an argument (DEVICE_ATTR_RO(flag)); sizeof(T) a type */
	before = prev_tok(c, open);
	return before == open || c->tok[before].type != TOKEN_IDENT ||
	       TOKEN_IN(c->buf, &c->tok[before], type_ops);
}

/* Does the file define the function name[0..len): "name(...) {" at file scope? */
static bool defines_function(const struct ctx *c, const char *name, size_t len)
{
	const struct token_list *tl = c->pt->tl;
	size_t k, open, close;
	int depth = 0;

	for (k = 0; c->tok[k].type != TOKEN_EOF; k++) {
		const struct token *t = &c->tok[k];

		if (t->flags & TF_PP)
			continue;
		if (match_op(c->buf, t, '{'))
			depth++;
		else if (match_op(c->buf, t, '}') && depth > 0)
			depth--;
		else if (!depth && t->type == TOKEN_IDENT && t->len == len &&
			 !memcmp(c->buf + t->pos, name, len) &&
			 call_parens(c->buf, tl, k, &open, &close) &&
			 match_op(c->buf, &c->tok[next_code(tl, close)], '{'))
			return true;
	}
	return false;
}

struct sibling_name {
	const char *s;
	size_t len;
};

static bool sibling_names(const struct sibling *sib, void *arg)
{
	const struct sibling_name *sn = arg;
	const struct token *t;

	for (t = sib->tl->tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_IDENT && t->len == sn->len &&
		    !memcmp(sib->buf + t->pos, sn->s, sn->len))
			return true;
	return false;
}

/*
 * A call at token i of a function that the project declares itself (a
 * prototype of the file's or of a local header: no kernel header declares
 * it) and that neither the file nor another .c of its folder defines: the
 * kernel defined it, and exported it to modules in the releases of x
 * (2.4's register_busmouse(), of drivers/char/busmouse.c).  Where a
 * release of the target no longer exports it, the module does not link.
 * Asked of a .c that shows its age with another finding: in a tree of
 * today a driver calls its own folders' functions and the built-in core's,
 * which need no export (over linux-source-6.1: 158 such calls).
 */
static void export_use(struct ctx *c, size_t i, uint32_t x)
{
	const struct token *t = &c->tok[i];
	const char *s = c->buf + t->pos;
	struct sibling_name sn = { s, t->len };
	unsigned int last, missing;

	if (c->pt->header || !c->pt->nr_found[1])
		return;	/* today's tree: its core's calls need no export */
	if (!went_away(c, x, x, &last, &missing) || line_taken(c, t->pos) ||
	    version_skip(c, t->pos, missing) || porter_edited(c->pt, t->pos) ||
	    !shadowed(c, s, t->len) || defines_function(c, s, t->len) ||
	    in_arch_branch(c->buf, c->pt->tl, i) || ifdef_guarded(c->pt, i) ||
	    !judged(c) || sibling_any(c->pt->path, sibling_names, &sn) ||
	    !first_report(c, "the export of", t, NULL))
		return;
	gone_finding(c, i, "the kernel's export of the function", NULL, last,
		     missing);
}

/* Names of the language and the compiler, never the kernel's. */
static bool builtin(const char *s, size_t len)
{
#define NAME(s) { s, sizeof(s) - 1 }
	static const struct { const char *s; size_t len; } names[] = {
		NAME("__func__"), NAME("__FUNCTION__"),
		NAME("__PRETTY_FUNCTION__"), NAME("NULL"), NAME("true"),
		NAME("false"), NAME("bool"), NAME("offsetof"), NAME("main"),
		NAME("inline"), NAME("__inline__"), NAME("__inline"),
		NAME("asm"), NAME("__asm__"), NAME("typeof"),
		NAME("__typeof__"), NAME("__attribute__"),
		NAME("__builtin_expect"),
	};
#undef NAME
	size_t k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (names[k].len == len && !memcmp(names[k].s, s, len))
			return true;
	return false;
}

/*
 * Is token i inside the parentheses of a sparse annotation (__acquires(),
 * __releases(), __must_hold()), which the compiler never sees?
 */
static bool in_annotation(const struct ctx *c, size_t i)
{
	static const char *const notes[] = {
		"__acquires", "__releases", "__must_hold", "__cond_acquires",
		"__cond_releases",
	};
	size_t k = i, steps;
	int depth = 0;

	for (steps = 0; k > 0 && steps < 64; steps++) {
		k = prev_tok(c, k);
		if (match_op(c->buf, &c->tok[k], ')'))
			depth++;
		else if (match_op(c->buf, &c->tok[k], '(') && depth-- == 0)
			return k > 0 && TOKEN_IN(c->buf, &c->tok[prev_tok(c, k)],
						 notes);
		else if (match_op(c->buf, &c->tok[k], ';') ||
			 match_op(c->buf, &c->tok[k], '{'))
			return false;
	}
	return false;
}

/*
 * A name the atlas has no i line for, at token i, that is a number macro
 * of a header the file includes as <H> (the atlas's D lines: 2.4's
 * EFI_RTC_MINOR of <linux/miscdevice.h>), gone from that header while the
 * header stays: the #include builds and the name is where the build
 * stops.  Asked only of a file that shows its age with another finding
 * (as export_use() and arch_error()): a macro alone, in a tree of today,
 * is too often a driver's own.
 */
static bool num_macro(struct ctx *c, size_t i)
{
	const struct token *t = &c->tok[i], *h;
	uint32_t mask;
	char *what;

	if (!c->pt->nr_found[1])
		return false;
	for (h = c->tok; h->type != TOKEN_EOF; h++) {
		if (h->type != TOKEN_HEADER || h->len < 3 ||
		    c->buf[h->pos] != '<' ||
		    scan_is_dead(&c->pt->sc, (size_t)(h - c->tok)))
			continue;
		mask = atlas_mask(ATLAS_NUM_MACRO, c->buf + t->pos, t->len,
				  c->buf + h->pos + 1, h->len - 2);
		if (!mask)
			continue;	/* no such line: every line has a release */
		what = porter_printf(c->pt, "the number macro of %.*s",
				     (int)h->len, c->buf + h->pos);
		if (what)
			report(c, i, what, mask, mask);
		free(what);
		return true;
	}
	return false;
}

static void ident(struct ctx *c, size_t i)
{
	const struct token *t = &c->tok[i];
	size_t prev = prev_tok(c, i), next = next_tok(c, i);
	const char *s = c->buf + t->pos;
	uint32_t id, tag;
	bool call = match_op(c->buf, &c->tok[next], '(');

	if (builtin(s, t->len) || in_annotation(c, i))
		return;
	if (c->pt->header && !call)
		return;		/* a header's names may come from its includer */
	if (prev != i && is_arrow(c, prev)) {
		if (lost_member(c, i))
			member_use(c, i, prev);
		return;
	}
	id = atlas_mask(ATLAS_IDENT, NULL, 0, s, t->len);
	if (!id && atlas_mask(ATLAS_EXPORT, NULL, 0, s, t->len)) {
		if (call)	/* not declared by the kernel's headers? */
			export_use(c, i, atlas_mask(ATLAS_EXPORT, NULL, 0, s,
						    t->len));
		id = ~0u;	/* declared by every release (atlasfmt.h) */
	}
	if ((id & c->target) == c->target) {	/* every kernel has it */
		if (call)
			check_call(c, i, next);
		return;
	}
	if (prev != i && match_ident(c->buf, &c->tok[prev], "enum"))
		return;	/* an enum's tag, not a type's name */
	tag = atlas_mask(ATLAS_TAG, NULL, 0, s, t->len);
	if (prev != i && (match_ident(c->buf, &c->tok[prev], "struct") ||
			  match_ident(c->buf, &c->tok[prev], "union"))) {
		report(c, i, the_struct, tag, tag | id);	/* rcu_head */
		return;
	}
	/*
	 * What a module can have used: a function the kernel exported, a
	 * type, or a name of the table of changes.  A macro or a constant
	 * alone is too often a header's private name (SR, D, mode) for a
	 * finding.
	 */
	if (call) {
		uint32_t used = atlas_mask(ATLAS_EXPORT, NULL, 0, s, t->len);

		if (change_for(s, t->len))
			used |= atlas_ident_kinds(s, t->len, "pfnmv");
		/* exported by the target's source: there, whatever its form */
		report(c, i, "the function", used, id |
		       atlas_mask(ATLAS_EXPORT, NULL, 0, s, t->len));
		check_call(c, i, next);
	} else {
		/* a type where a declarator or a cast's ')' follows it */
		uint32_t used = type_use(c, i, next) ?
				atlas_ident_kinds(s, t->len, "t") : 0;

		if (change_for(s, t->len))
			used |= atlas_ident_kinds(s, t->len, "metv");
		if (!id && num_macro(c, i))
			return;
		report(c, i, "the name", used, id);
	}
}

static void header(struct ctx *c, size_t i)
{
	const struct token *t = &c->tok[i];

	uint32_t mask;

	if (t->len <= 2)
		return;
	mask = atlas_mask(ATLAS_HEADER, NULL, 0, c->buf + t->pos + 1,
			  t->len - 2);
	report(c, i, "the header", mask, mask);
}

/*
 * Is token i inside an #if group?  In a header, an include that depends
 * on the configuration (#ifdef CONFIG_HAVE_ARCH_HASH) is the including
 * kernel's choice, not the header's.
 */
static bool guarded(const struct ctx *c);

static bool conditional(const struct ctx *c, size_t i)
{
	/* the include guard's #ifndef is not a condition */
	return pp_open_groups(c->buf, c->pt->tl, 0, i) > (guarded(c) ? 1 : 0);
}

/* Does the file open with an include guard (#ifndef X / #define X)? */
static bool guarded(const struct ctx *c)
{
	const struct token *t = c->tok;
	size_t k = 0;

	while (t[k].type == TOKEN_COMMENT)
		k++;
	return match_op(c->buf, &t[k], '#') && t[k + 1].type == TOKEN_IDENT &&
	       match_ident(c->buf, &t[k + 1], "ifndef");
}

/* The directive word of the line at l ("ifdef" of "#  ifdef X"), its length. */
static size_t directive_word(const char *l, const char **word)
{
	size_t n = 0;

	while (*l == ' ' || *l == '\t')
		l++;
	if (*l++ != '#')
		return 0;
	while (*l == ' ' || *l == '\t')
		l++;
	while (l[n] >= 'a' && l[n] <= 'z')
		n++;
	*word = l;
	return n;
}

/*
 * Walking back from the line before *l (a position in buf), the next #if,
 * #ifdef or #ifndef that opens a group around it: its word to *word and
 * the word's length (2, 5 or 6; 0 when there is none), *l moved to its
 * line, so that the next call finds the group around that one; *in_else:
 * whether the start was past an #else or #elif of that group.
 */
static size_t opener_around(const char *buf, const char **l, bool *in_else,
			    const char **word)
{
	int depth = 0;
	size_t n;

	*in_else = false;
	while (*l > buf) {
		for (--*l; *l > buf && (*l)[-1] != '\n'; --*l)
			;	/* the line before */
		n = directive_word(*l, word);
		if (n == 5 && !memcmp(*word, "endif", 5))
			depth++;
		else if (n == 4 && (!memcmp(*word, "else", 4) ||
				    !memcmp(*word, "elif", 4)))
			*in_else |= !depth;
		else if (n >= 2 && !memcmp(*word, "if", 2) &&
			 (n == 2 || n == 5 || n == 6) && !depth--)
			return n;
	}
	return 0;
}

/*
 * Does the condition at s (to the line's end) name only "__KERNEL__"
 * ("defined(__KERNEL__)"; *not: "!" before it)?  Or only the macro
 * another system's compiler predefines (__FreeBSD__: *not is set, as the
 * kernel's build is then the branch's "not")?
 */
static bool kernel_test(const char *s, bool *not)
{
	static const char *const other_os[] = {
		"__FreeBSD__", "__NetBSD__", "__OpenBSD__", "__DragonFly__",
		"__APPLE__", "_WIN32", "__sun",
	};
	char c[64];
	const char *w;
	size_t n = 0, k;

	for (; *s && *s != '\n' && n + 1 < sizeof(c); s++)
		if (*s != ' ' && *s != '\t' && *s != '(' && *s != ')')
			c[n++] = *s;
	c[n] = 0;
	*not = c[0] == '!';
	w = c + *not;
	if (!strncmp(w, "defined", 7))
		w += 7;
	if (!strcmp(w, "__KERNEL__"))
		return true;
	for (k = 0; !*not && k < sizeof(other_os) / sizeof(other_os[0]); k++)
		if (!strcmp(w, other_os[k])) {
			*not = true;	/* the kernel's build is its "not" */
			return true;
		}
	return false;
}

/*
 * Is pos in a branch that the kernel's build, which defines __KERNEL__,
 * never compiles: "#ifndef __KERNEL__", "#if !defined(__KERNEL__)", the
 * #else of "#ifdef __KERNEL__", "#if defined(__FreeBSD__)"?  A header
 * that kernel code and a program share (jool's types.h), or another
 * system's build (dahdi's octtype.h), includes the C library's there.
 */
static bool userspace_branch(const char *buf, size_t pos)
{
	const char *l = buf + pos, *w;
	bool in_else, not;
	size_t n;

	while ((n = opener_around(buf, &l, &in_else, &w))) {
		/* the kernel's build takes the first branch iff !not */
		if (n == 5 && !memcmp(w, "ifdef", 5) &&
		    kernel_test(w + 5, &not) && !not == in_else)
			return true;
		if (n == 6 && !memcmp(w, "ifndef", 6) &&
		    kernel_test(w + 6, &not) && not == in_else)
			return true;
		if (n == 2 && kernel_test(w + 2, &not) && !not == in_else)
			return true;
	}
	return false;
}

/*
 * Is the header at t the C library's (a program's, not kernel code's)?
 * Not in a branch the kernel's build never compiles (userspace_branch()).
 */
static bool libc_header(const char *buf, const struct token *t)
{
	static const char *const libc[] = {
		"<stdio.h>", "<stdlib.h>", "<unistd.h>", "<string.h>",
		"<errno.h>", "<fcntl.h>", "<stdint.h>", "<assert.h>",
		"<pthread.h>", "<getopt.h>", "<signal.h>", "<stdbool.h>",
		"<time.h>", "<dirent.h>", "<limits.h>", "<inttypes.h>",
	};

	return t->type == TOKEN_HEADER &&
	       (TOKEN_IN(buf, t, libc) ||
		(t->len > 6 && !memcmp(buf + t->pos, "<sys/", 5))) &&
	       !userspace_branch(buf, t->pos);
}

/*
 * An <asm/...> header at t that x86 never had (the atlas lists all of
 * its): the file is another architecture's.
 */
static bool foreign_asm(const char *buf, const struct token *t)
{
	return t->type == TOKEN_HEADER && t->len > 7 &&
	       !memcmp(buf + t->pos, "<asm/", 5) &&
	       !atlas_has(ATLAS_HEADER, buf + t->pos + 1, t->len - 2);
}

/*
 * An <asm/...> header x86 never had, included at token i other than in a
 * branch for another architecture of an old file: a 2.4 file (another
 * finding already, as foreign_2_4() asks) that includes one only under
 * '#ifdef __sparc__' builds on x86 too, and is judged as x86's (without
 * its branches for the others: in_arch_branch()).  Today's files of
 * several architectures stay unjudged: their arch's names reach outside
 * such branches (a pointer to an arch's struct, a macro set under one).
 */
static bool foreign_asm_always(const struct porter *pt, size_t i)
{
	return foreign_asm(pt->buf, &pt->tl->tok[i]) &&
	       (!pt->nr_found[1] || !in_arch_branch(pt->buf, pt->tl, i));
}

/*
 * An <asm/...> header at t that x86 had, which the target lacks, and
 * which the file's own kernel tree has for another architecture only
 * (kbuildarch.h): in that tree the file is that architecture's.
 */
static bool tree_foreign_asm(const struct porter *pt, const struct token *t)
{
	char range[48];
	uint32_t mask, target;

	if (t->type != TOKEN_HEADER || t->len <= 7 ||
	    memcmp(pt->buf + t->pos, "<asm/", 5) ||
	    !(mask = atlas_mask(ATLAS_HEADER, NULL, 0, pt->buf + t->pos + 1,
				t->len - 2)))
		return false;
	target = target_atlas_releases(pt->opts->rules, range,
				       sizeof(range));
	return (target & mask) != target &&
	       kbuild_asm_elsewhere(pt->path, pt->buf + t->pos + 5, t->len - 6);
}

/*
 * Is the file not kernel code for x86: a program (it includes the C
 * library's headers), or another architecture's (in its arch/ folder, or
 * including an asm header x86 never had, other than under a condition, or
 * one its tree has for another architecture only)?  The atlas would judge
 * it by the wrong kernel.  (A program whose local header includes them,
 * and a file kbuild builds for another architecture only: judged().)
 */
static bool not_x86_file(const struct porter *pt)
{
	const char *a = pt->path ? strstr(pt->path, "arch/") : NULL;
	const struct token_list *tl = pt->tl;
	const struct token *t;
	size_t h, w, n;

	if (a && (a == pt->path || a[-1] == '/') && strncmp(a + 5, "x86/", 4))
		return true;
	/* a <header> token is a directive's third (tokenize.c) */
	for (h = 0; h < tl->nr_hash; h++) {
		w = pp_next(tl, tl->hash[h]);
		n = w == SCAN_NONE ? SCAN_NONE : pp_next(tl, w);
		if (n == SCAN_NONE)
			continue;
		t = &tl->tok[n];
		if (t->type == TOKEN_HEADER &&	/* what the three ask about */
		    (libc_header(pt->buf, t) || foreign_asm_always(pt, n) ||
		     tree_foreign_asm(pt, t)))
			return true;
	}
	return false;
}

bool not_x86_kernel(struct porter *pt)
{
	if (!pt->not_x86_known) {	/* once a file: gone and methods ask */
		pt->not_x86 = not_x86_file(pt);
		pt->not_x86_known = true;
	}
	return pt->not_x86;
}

static bool libc_include(const char *buf, const struct token *t, void *arg)
{
	(void)arg;
	return libc_header(buf, t);
}

/*
 * Does the copy of the kernel's header <P> (token t) that the file's
 * folder ships include the C library's headers?  A test program built
 * with -I. against shims of the kernel's headers (a linux/kernel.h
 * beside it that includes <stdio.h>) is a program.
 */
static bool libc_copy(const struct porter *pt, const struct token *t)
{
	struct token_list tl = { 0 };
	const struct token *k;
	char *copy, *buf;
	size_t len;
	bool libc = false;

	if (t->type != TOKEN_HEADER || t->len < 3 || !pt->path ||
	    !(copy = include_beside(pt->path, pt->buf, t)))
		return false;
	buf = source_slurp(copy, &len);
	free(copy);
	if (buf && !tokenize(buf, len, &tl))
		for (k = tl.tok; !libc && k->type != TOKEN_EOF; k++)
			libc = libc_header(buf, k);
	token_list_free(&tl);
	free(buf);
	return libc;
}

/*
 * Does a local header of the file, or a copy of a kernel header its
 * folder ships, include the C library's headers?
 */
static bool program_by_headers(struct porter *pt)
{
	const struct token *t;

	if (local_header_any(pt, libc_include, NULL))
		return true;
	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++)
		if (libc_copy(pt, t))
			return true;
	return false;
}

/*
 * A 2.4 file of another architecture (an <asm/...> header x86 never had,
 * outside arch/, and another finding already: a file of today's tree for
 * another architecture builds there) cannot build on x86: its first
 * include of the other architecture's, and those the target lacks, are
 * named - the first of them is where its build stops.  Its names are not judged: they are
 * that architecture's.
 */
static bool foreign_2_4(const struct porter *pt)
{
	const char *a = pt->path ? strstr(pt->path, "arch/") : NULL;
	const struct token *t;
	bool foreign = false;

	if (!pt->nr_found[1] || (a && (a == pt->path || a[-1] == '/')))
		return false;
	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++) {
		if (libc_header(pt->buf, t) || tree_foreign_asm(pt, t))
			return false;
		foreign |= foreign_asm_always(pt, (size_t)(t - pt->tl->tok));
	}
	/* a file of today's tree that kbuild builds for another arch only */
	return foreign && !kbuild_other_arch(pt->path);
}

/* The releases of a non-empty release mask, "2.6.0" or "2.4.22 to 2.6.18". */
static const char *mask_releases(uint32_t mask, char *buf, size_t size)
{
	unsigned int lo, hi;

	for (lo = 0; !(mask & (1u << lo)); lo++)
		;
	for (hi = lo; mask >> (hi + 1); hi++)
		;
	if (lo == hi)
		return atlas_release_name(lo);
	snprintf(buf, size, "%s to %s", atlas_release_name(lo),
		 atlas_release_name(hi));
	return buf;
}

/*
 * The finding on t, an <asm/...> header x86 never had: the architectures
 * whose trees have it when the atlas knows them (its a line), and the
 * releases.
 */
static void foreign_header(struct ctx *c, const struct token *t)
{
	const char *dirs;
	size_t dlen;
	uint32_t mask = atlas_arch(ATLAS_ARCH_HEADER, c->buf + t->pos + 1,
				   t->len - 2, &dirs, &dlen);
	char names[256];
	char span[48];
	size_t nr;

	if (!mask || !(nr = arch_list_names(dirs, dlen, names, sizeof(names)))) {
		add_finding(c->pt, t->pos, R_GONE, SEV_WARNING, false,
			    "the header '%.*s' is another architecture's: x86 never had it (the atlas holds every x86 <asm/...> header), so this file cannot build on x86; port it by hand",
			    (int)t->len, c->buf + t->pos);
		return;
	}
	add_finding(c->pt, t->pos, R_GONE, SEV_WARNING, false,
		    "the header '%.*s' is %s: the kernel's trees have it only for %s (%s), x86 never had it: this file is written for %s and the x86 build cannot compile it; port it by hand",
		    (int)t->len, c->buf + t->pos, names,
		    nr > 1 ? "those architectures" : "that architecture",
		    mask_releases(mask, span, sizeof(span)),
		    nr > 1 ? "them" : "it");
}

/*
 * The first include of a module's .c file (one outside a kernel tree,
 * whose build judges its own: kbuild_other_arch(), and COMPILE_TEST)
 * outside any #if group of an <asm/...> header that x86 never had and
 * that the atlas's trees have for other architectures (an a line), when
 * the file is no program: whatever its age the file is those
 * architectures', and x86's build stops there (SuperH's
 * <asm/machvec.h>).  SCAN_NONE when none.
 */
static size_t arch_only_include(const struct ctx *c)
{
	const char *dirs;
	const struct token *t;
	size_t dlen, first = SCAN_NONE;

	if (c->pt->header || kbuild_in_tree(c->pt->path))
		return SCAN_NONE;
	for (t = c->tok; t->type != TOKEN_EOF; t++) {
		size_t i = (size_t)(t - c->tok);

		if (libc_header(c->buf, t))
			return SCAN_NONE;
		if (first == SCAN_NONE && foreign_asm(c->buf, t) &&
		    !scan_is_dead(&c->pt->sc, i) &&
		    !pp_open_groups(c->buf, c->pt->tl, 0, i) &&
		    atlas_arch(ATLAS_ARCH_HEADER, c->buf + t->pos + 1,
			       t->len - 2, &dirs, &dlen))
			first = i;
	}
	return first;
}

static void foreign_includes(struct ctx *c, const struct hit *h, size_t n)
{
	const struct token *t;
	size_t k;

	for (t = c->tok; t->type != TOKEN_EOF; t++) {
		if (!foreign_asm(c->buf, t) || scan_is_dead(&c->pt->sc,
							     (size_t)(t - c->tok)))
			continue;
		foreign_header(c, t);
		break;		/* the first: where the build stops */
	}
	for (k = 0; k < n && !c->pt->error; k++)
		if (!(h[k].flags & H_DEAD) && h[k].kw == KW_INCLUDE &&
		    c->tok[h[k].tok].type == TOKEN_HEADER)
			header(c, h[k].tok);
}

/* Is token i the "error" of an #error directive? */
static bool error_directive(const struct porter *pt, size_t i)
{
	const struct token *t = &pt->tl->tok[i];

	return i > 0 && (t->flags & TF_PP) && t->len == 5 &&
	       !memcmp(pt->buf + t->pos, "error", 5) &&
	       directive_of(pt->tl, i) == i - 1;
}

/*
 * The first #error of a 2.4 file (another finding already) that x86
 * reaches because of the architectures its #if asks for (SuperH's
 * watchdog: "#if defined(CONFIG_CPU_SH5) ... #else #error"; "#if
 * !defined(CONFIG_MIPS) || ... #error"): where its build stops, named.
 */
static void arch_error(struct ctx *c)
{
	const struct token_list *tl = c->pt->tl;
	const struct tokens ts = { c->buf, tl };
	size_t k;

	if (c->pt->header || !c->pt->nr_found[1] || !judged(c))
		return;
	for (k = 0; c->tok[k].type != TOKEN_EOF; k++) {
		if (!(c->tok[k].flags & TF_BOL) || !(c->tok[k].flags & TF_PP) ||
		    !match_op(c->buf, &c->tok[k], '#') ||
		    !directive_is(&ts, k, "error") ||
		    scan_is_dead(&c->pt->sc, k) ||
		    !x86_takes_branch(c->buf, tl, k))
			continue;
		add_finding(c->pt, c->tok[k].pos, R_GONE, SEV_WARNING, false,
			    "this #error stops the build on x86: the #if before it asks for another architecture, whose file this is; port it by hand");
		return;
	}
}

/*
 * Is token u, a use of a macro's name, one that expands it: not the
 * name of "#define NAME", "#undef NAME", "#ifdef NAME", "#ifndef NAME",
 * nor "defined(NAME)"?
 */
static bool expands(const struct ctx *c, size_t u)
{
	const struct tokens s = { c->buf, c->pt->tl };
	size_t hash, p;

	if (!(c->tok[u].flags & TF_PP))
		return true;
	hash = directive_of(c->pt->tl, u);
	p = prev_tok(c, u);
	if (match_op(c->buf, &c->tok[p], '('))
		p = prev_tok(c, p);
	if (match_ident(c->buf, &c->tok[p], "defined"))
		return false;
	return hash == SCAN_NONE || pp_next(c->pt->tl, pp_next(c->pt->tl, hash)) != u ||
	       !(directive_is(&s, hash, "define") || directive_is(&s, hash, "undef") ||
		 directive_is(&s, hash, "ifdef") || directive_is(&s, hash, "ifndef"));
}

/*
 * The name of the macro whose #define body token i is in, of a .c file:
 * its token, or SCAN_NONE.
 */
static size_t body_macro(const struct ctx *c, size_t i)
{
	size_t hash = directive_of(c->pt->tl, i), name;

	if (c->pt->header || hash == SCAN_NONE ||
	    (name = pp_next(c->pt->tl, pp_next(c->pt->tl, hash))) == SCAN_NONE ||
	    c->tok[name].type != TOKEN_IDENT)
		return SCAN_NONE;
	return name;
}

/*
 * Is token i in the body of a macro of a .c file that the file never
 * expands (isci's for_each_sas_task)?  Its body is never compiled.  A
 * .c that another .c includes is not judged at all (judged()).
 */
static bool unexpanded_body(struct ctx *c, size_t i)
{
	struct id_index *ix;
	const struct id_use *use;
	size_t name = body_macro(c, i), k, nr;

	if (name == SCAN_NONE || !(ix = file_idents(c->pt)))
		return false;
	nr = idindex_find(ix, c->buf + c->tok[name].pos, c->tok[name].len, &use);
	for (k = 0; k < nr; k++)
		if (expands(c, use[k].tok))
			return false;
	return true;
}

/*
 * The macros whose bodies run() asks unexpanded_body() of (hits[0..n)):
 * their uses gathered in one walk (idindex_gather()), where the second
 * macro asked would index every identifier of the file.
 */
static void gather_body_macros(struct ctx *c, const struct hit *h, size_t n)
{
	size_t *toks, k, nr = 0;

	if (c->pt->header)
		return;		/* body_macro(): none */
	toks = malloc((n ? n : 1) * sizeof(*toks));
	/* no memory for the list: each asked as it comes */
	for (k = 0; toks && k < n; k++) {
		if (h[k].kw != KW_DEFINE || !(h[k].flags & H_BODY) ||
		    (h[k].flags & (H_DEAD | H_ARG)))
			continue;
		toks[nr] = body_macro(c, h[k].tok);
		nr += toks[nr] != SCAN_NONE;
	}
	if (toks)
		file_idents_gather(c->pt, toks, nr);
	free(toks);
}

/*
 * The first call in a module's .c file (one outside any kernel tree: in
 * 2.4's, calls of waitpid(), which its x86 declared through _syscall3(),
 * and of __irq_itoa() under conditions archbranch does not read, were
 * named) of a function that x86's headers never declared
 * and other architectures' asm headers do (the atlas's o line: 2.4
 * PowerPC's find_path_device() of <asm/prom.h>), neither the file's nor
 * its local headers', outside a branch for another architecture: the file
 * is those architectures', and x86's build stops there.
 */
static void arch_only_call(struct ctx *c)
{
	const struct token *t;
	const char *dirs;
	char names[256];
	size_t dlen, nr, i, prev;
	uint32_t mask = 0;
	char span[48];

	if (c->pt->header || kbuild_any_tree(c->pt->path) || !judged(c))
		return;	/* 2.4's tree too: its x86 declared waitpid() by _syscall3() */
	for (t = c->tok; t->type != TOKEN_EOF; t++) {
		i = (size_t)(t - c->tok);
		if (t->type != TOKEN_IDENT || (t->flags & TF_PP) ||
		    !match_op(c->buf, &c->tok[next_tok(c, i)], '('))
			continue;
		prev = prev_tok(c, i);
		if ((prev != i && (is_arrow(c, prev) ||
				   match_op(c->buf, &c->tok[prev], '.'))) ||
		    !(mask = atlas_arch(ATLAS_ARCH_FUNC, c->buf + t->pos, t->len,
					&dirs, &dlen)) ||
		    scan_is_dead(&c->pt->sc, i) ||
		    in_arch_branch(c->buf, c->pt->tl, i) ||
		    ifdef_guarded(c->pt, i) || shadowed(c, c->buf + t->pos, t->len))
			continue;
		if (!(nr = arch_list_names(dirs, dlen, names, sizeof(names))))
			return;
		add_finding(c->pt, t->pos, R_GONE, SEV_WARNING, false,
			    "the function '%.*s' is declared only by %s asm headers (%s), never by x86's: this file is written for %s and the x86 build cannot compile it; port it by hand",
			    (int)t->len, c->buf + t->pos, names,
			    mask_releases(mask, span, sizeof(span)),
			    nr > 1 ? "those architectures" : "that architecture");
		return;		/* the first: where the build stops */
	}
}

/*
 * Does the file use what the w line's names (nr of them, space-separated)
 * export: one of them, or a name of their family (their common prefix up
 * to an underscore, 4 characters or more: scx200_gpio_get(), the header's
 * inline that reads scx200_gpio_base), in code the build compiles?  Not
 * when the file defines one of them itself (2.4's scx200.c exports
 * scx200_gpio_base, toshiba.c has its own tosh_smm()).  An include alone
 * of <linux/pnp.h>, whose pnpbios_protocol only pnp_device_is_pnpbios()
 * reads under CONFIG_PNPBIOS, links on x86-64.
 */
static bool uses_x86_32(struct ctx *c, const char *names, size_t nlen,
			unsigned int nr, size_t from)
{
	const char *p, *end = names + nlen;
	size_t plen = 0, w, i;
	const struct token *t;

	for (p = names; p < end; p += w + 1) {
		w = strcspn(p, " \n");
		if (shadowed(c, p, w))
			return false;	/* the file's own */
		if (p == names) {
			plen = w;
			continue;
		}
		for (i = 0; i < plen && i < w && p[i] == names[i]; i++)
			;
		plen = i;
	}
	while (plen && names[plen - 1] != '_')
		plen--;
	if (nr < 2 || plen < 4)
		plen = 0;	/* no family: the names alone */
	for (t = c->tok; t->type != TOKEN_EOF; t++) {
		i = (size_t)(t - c->tok);
		if (t->type != TOKEN_IDENT || i == from ||
		    scan_is_dead(&c->pt->sc, i))
			continue;
		if (plen && t->len > plen && !memcmp(c->buf + t->pos, names, plen))
			return true;
		for (p = names; p < end; p += w + 1) {
			w = strcspn(p, " \n");
			if (w == t->len && !memcmp(c->buf + t->pos, p, w))
				return true;
		}
	}
	return false;
}

/*
 * The includes of a module's .c file (one outside a kernel tree) of a
 * header that declares what the kernel exports only on 32-bit x86 within
 * the target (the atlas's w line: <linux/scx200_gpio.h>'s
 * scx200_gpio_base, exported by scx200_32.c, which kbuild builds only
 * for X86_32), when the file uses them (uses_x86_32()): the module links
 * only against a 32-bit kernel, and x86-64's modpost stops on them.  An
 * include outside any #if group (#ifdef CONFIG_X86_32 would keep it from
 * a 64-bit build).
 */
static void x86_32_include(struct ctx *c)
{
	const struct token *t;
	const char *names, *p, *end;
	char list[512];
	size_t nlen, used, i;
	uint32_t mask;
	unsigned int nr, k;
	char span[48];

	if (c->pt->header || kbuild_in_tree(c->pt->path) || !judged(c))
		return;
	for (t = c->tok; t->type != TOKEN_EOF; t++) {
		i = (size_t)(t - c->tok);
		if (t->type != TOKEN_HEADER || t->len < 3 ||
		    c->buf[t->pos] != '<' ||
		    !(mask = atlas_arch(ATLAS_X86_32, c->buf + t->pos + 1,
					t->len - 2, &names, &nlen)) ||
		    !(mask & c->target) || scan_is_dead(&c->pt->sc, i) ||
		    pp_open_groups(c->buf, c->pt->tl, 0, i))
			continue;	/* under #ifdef CONFIG_X86_32... */
		for (nr = 0, p = names, end = names + nlen; p < end; nr++) {
			p += strcspn(p, " \n");
			p += p < end && *p == ' ';
		}
		if (!uses_x86_32(c, names, nlen, nr, i))
			continue;
		list[0] = 0;
		for (k = 0, used = 0, p = names; k < nr && used < sizeof(list); k++) {
			size_t w = strcspn(p, " \n");
			int n = snprintf(list + used, sizeof(list) - used,
					 "%s%.*s", !k ? "" : k + 1 == nr ?
					 " and " : ", ", (int)w, p);

			if (n < 0)
				break;
			used += (size_t)n;
			p += w + 1;
		}
			add_finding(c->pt, t->pos, R_GONE, SEV_WARNING, false,
			    "the header '%.*s' declares %s, which the kernel exports only on 32-bit x86 (from files kbuild builds only for X86_32, %s): this module links only against a 32-bit x86 kernel, and on x86-64 modpost finds %s undefined; port it by hand",
			    (int)t->len, c->buf + t->pos, list,
			    mask_releases(mask, span, sizeof(span)),
			    nr > 1 ? "them" : "it");
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .tok = pt->tl->tok, .buf = pt->buf,
			 .unit = -1 };
	size_t k;
	bool errors = false;	/* an #error: arch_error() */

	if (!rule_on(pt, R_GONE) && !rule_on(pt, R_SIGNATURE) &&
	    !rule_on(pt, R_OWN_HEADER))
		return;
	c.target = target_atlas_releases(pt->opts->rules, c.range,
					 sizeof(c.range));
	if (c.target && not_x86_kernel(pt)) {
		if (foreign_2_4(pt) && rule_on(pt, R_GONE)) {
			foreign_includes(&c, h, n);
		} else if (rule_on(pt, R_GONE)) {
			size_t i = arch_only_include(&c);

			if (i != SCAN_NONE)
				foreign_header(&c, &c.tok[i]);
		}
		ctx_free(&c);
		return;
	}
	if (c.target)
		gather_body_macros(&c, h, n);
	for (k = 0; k < n && c.target && !pt->error; k++) {
		if (h[k].flags & H_DEAD)
			continue;
		if (error_directive(pt, h[k].tok)) {
			errors = true;
			continue;
		}
		if (h[k].kw != KW_NONE && h[k].kw != KW_DEFINE &&
		    h[k].kw != KW_INCLUDE)
			continue;	/* #ifdef X, #undef X: not uses */
		if (h[k].kw == KW_DEFINE && (h[k].flags & H_ARG))
			continue;	/* the file defines it */
		if (h[k].kw == KW_DEFINE && pt->header)
			continue;	/* a header's macro: code where it is used */
		if (h[k].kw == KW_DEFINE && (h[k].flags & H_BODY) &&
		    unexpanded_body(&c, h[k].tok))
			continue;	/* a macro the file never expands */
		if (c.tok[h[k].tok].type == TOKEN_HEADER) {
			if (h[k].kw == KW_INCLUDE &&
			    !(pt->header && conditional(&c, h[k].tok)))
				header(&c, h[k].tok);
		} else {
			ident(&c, h[k].tok);
		}
	}
	own_settle(&c);
	if (errors && c.target && rule_on(pt, R_GONE) && !pt->error)
		arch_error(&c);
	if (c.target && rule_on(pt, R_GONE) && !pt->error) {
		arch_only_call(&c);
		x86_32_include(&c);
	}
	ctx_free(&c);
}

/* The gone set of the run's target, made once a target. */
static inline const struct atlas_gone_set *gone_set_of(const struct porter *pt)
{
	static unsigned int lo, hi;
	static uint32_t target;
	static const struct atlas_gone_set *set;
	static bool made;
	const struct rule_set *rs = pt->opts->rules;
	unsigned int l = rs ? rs->target_lo : 0, h = rs ? rs->target_hi : 0;

	if (!made || l != lo || h != hi) {	/* once a target */
		char range[48];

		target = target_atlas_releases(rs, range, sizeof(range));
		lo = l;
		hi = h;
		made = true;
		set = NULL;
	}
	if (!set || set->target != target)	/* made for another: again */
		set = atlas_gone_set(target);
	return set;
}

/*
 * Can a use of the name s[0..len) that is neither a call, nor a member,
 * nor a tag after struct or union make a finding of ident()'s within
 * target?  Not when each kernel of the target has it (or only its export
 * went away: no i line, an x line); nor when the releases that had it
 * know it neither as a type nor by a row of the table of changes (as a
 * macro, constant or variable): ident() then reports nothing ("a macro
 * or a constant alone is too often a header's private name").  A name
 * with neither an i nor an x line is asked (num_macro()'s D lines).
 */
static bool value_use_may(uint32_t target, const char *s, size_t len)
{
	uint32_t id = atlas_mask(ATLAS_IDENT, NULL, 0, s, len);

	if (!id)
		return !atlas_mask(ATLAS_EXPORT, NULL, 0, s, len);
	if ((id & target) == target)
		return false;
	return atlas_ident_kinds(s, len, "t") ||
	       (change_for(s, len) && atlas_ident_kinds(s, len, "metv"));
}

/*
 * value_use_may()'s answers for one target, made as asked: the names
 * asked, by the hash_span() the engine made (nameset.h), each in the set
 * of its answer.
 */
static struct {
	uint32_t target;
	struct nameset yes, no;
} value_memo;

/* value_use_may() of s[0..len), whose hash_span() is span, asked once. */
static bool value_use_wanted(uint32_t target, uint64_t span, const char *s,
			     size_t len)
{
	bool may;

	if (value_memo.target != target) {
		nameset_free(&value_memo.yes);
		nameset_free(&value_memo.no);
		value_memo.target = target;
	}
	if (nameset_has_hashed(&value_memo.no, s, len, span))
		return false;	/* the most asked: i, dev, err */
	if (nameset_has_hashed(&value_memo.yes, s, len, span))
		return true;
	may = value_use_may(target, s, len);
	if (nameset_add_hashed(may ? &value_memo.yes : &value_memo.no, s, len,
			       span))
		return true;	/* ENOMEM: asked, as before */
	return may;
}

/*
 * The names that can be gone within the target (atlas_may_be_gone()) as
 * ident() reads them - a member after '.' or '->', else a name - and the
 * <asm/...> headers x86 never had: every other name of the file is one
 * that each kernel of the target has, and no finding of this family.
 * And of those, what ident() reads further: a member that lost_member()
 * lets through; a name called, or a tag; else a name that ident() can
 * report (value_use_wanted()).  In a header, nothing but calls (ident():
 * its includer may define the rest).
 */
static bool wants(const struct porter *pt, size_t i, uint64_t span)
{
	const struct atlas_gone_set *set = gone_set_of(pt);
	const struct token *tok = pt->tl->tok, *t = &tok[i], *p;
	const char *s = pt->buf + t->pos, *dirs;
	size_t prev, dlen;
	bool member, call;

	if (t->type == TOKEN_HEADER)
		return (t->len > 7 && !memcmp(s, "<asm/", 5) &&
			!atlas_has(ATLAS_HEADER, s + 1, t->len - 2)) ||
		       (set && atlas_gone_set_has(set, ATLAS_USE_HEADER,
						  span)) ||
		       (t->len > 2 && atlas_arch(ATLAS_X86_32, s + 1, t->len - 2,
						 &dirs, &dlen));	/* x86_32_include() */
	prev = tok_before(tok, i);
	p = prev < i && tok[prev].type != TOKEN_COMMENT ? &tok[prev] : NULL;
	if ((t->flags & TF_PP) && error_directive(pt, i))
		return true;	/* arch_error() */
	if (t->type == TOKEN_IDENT && t[1].type == TOKEN_SPECIAL &&
	    t[1].len == 1 && pt->buf[t[1].pos] == '(' &&
	    atlas_arch_span(ATLAS_ARCH_FUNC, s, t->len, span, &dirs, &dlen))
		return true;	/* arch_only_call() */
	member = p && is_member_op(pt->buf, p);
	if (!set || !atlas_gone_set_has(set, member ? ATLAS_USE_MEMBER :
						      ATLAS_USE_NAME, span))
		return false;
	call = match_op(pt->buf, &tok[tok_after(tok, i)], '(');
	if (!call && pt->header)
		return false;	/* ident(): its includer may define it */
	if (member)		/* ident(): lost_member() first */
		return member_may(pt, set->target, s, t->len) != 0;
	if (call)
		return true;
	if (p && (match_ident(pt->buf, p, "struct") ||
		  match_ident(pt->buf, p, "union")))
		return true;	/* a tag */
	return value_use_wanted(set->target, span, s, t->len);
}

/*
 * A name that wants() can want is in the gone set as it is used - after
 * '.' or '->' as a member, else as a name - or a function only other
 * arches declare (arch_only_call()): the set's filters, of any name and
 * then of its place (all have those functions); or the "error" of an
 * #error (arch_error()): copies of the set's filters with "error" in
 * each, made once a set.  (A <header> is asked whatever they say.)
 */
static bool wants_names(const struct porter *pt, struct span_filter *sf)
{
	static uint64_t *bits[ATLAS_SPANS_MEMBER + 1];	/* the three it asks */
	static const uint64_t *of;	/* the set's first filter, copied */
	static uint32_t of_target;
	const struct atlas_gone_set *set = gone_set_of(pt);
	unsigned int f;

	lost_forget();		/* a new file's walk */
	if (!set)
		return false;
	if (!bits[ATLAS_SPANS_MEMBER] || of != set->spans[0] ||
	    of_target != set->target) {
		of = NULL;
		for (f = 0; f <= ATLAS_SPANS_MEMBER; f++) {
			size_t n = set->spans_mask[f] + 1;
			uint64_t *more = realloc(bits[f], n * sizeof(*more));

			if (!more)
				return false;	/* every name asked */
			bits[f] = more;
			memcpy(bits[f], set->spans[f], n * sizeof(*more));
			span_bloom_set(bits[f], set->spans_mask[f],
				       hash_span("error", 5));
		}
		of = set->spans[0];
		of_target = set->target;
	}
	*sf = (struct span_filter){
		.bits = bits[ATLAS_SPANS_ANY],
		.mask = set->spans_mask[ATLAS_SPANS_ANY],
		.name_bits = bits[ATLAS_SPANS_NAME],
		.name_mask = set->spans_mask[ATLAS_SPANS_NAME],
		.member_bits = bits[ATLAS_SPANS_MEMBER],
		.member_mask = set->spans_mask[ATLAS_SPANS_MEMBER],
	};
	return true;
}

static const struct family gone = {
	.name = "gone",
	.rules = rules,
	.wants = wants,
	.wants_names = wants_names,
	.run = run,
};
FAMILY(gone)
