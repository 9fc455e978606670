// SPDX-License-Identifier: GPL-2.0
/*
 * extsym.c: the extmod-symbol rule.  A module's file uses a function or
 * variable that another module of the same project defines and exports
 * (LDD3's sculld calls register_ldd_driver(), which ../lddbus/lddbus.c
 * exports; ../include/lddbus.h declares it): built on its own with M=,
 * the module gets to modpost with the kernel's Module.symvers and its own
 * folder's symbols only, and modpost finds the name undefined.  For a
 * module outside the kernel that is an ERROR that stops the build since
 * 5.4 in the atlas's trees (4.19's Makefile.modpost still passed -w for
 * KBUILD_EXTMOD, and its check_exports() counted nothing; 5.4's passes -w
 * only for KBUILD_MODPOST_WARN); until then a warning, and a module that
 * does not load without the other's symbols.  modpost learns them from
 * KBUILD_EXTRA_SYMBOLS (read by 2.6.32's Makefile.modpost, not yet by
 * 2.6.24's) or from one Kbuild that builds both folders
 * (Documentation/kbuild/modules: "Symbols From Another External
 * Module"; copying the other's Module.symvers is no longer among its
 * ways in 5.15).
 *
 * Reported at the first use of each such name inside braces (a body or
 * an initializer: not its file-scope declaration) in a file outside any
 * kernel tree (in a tree, kbuild builds every module together and
 * resolves their exports), when no file of the module's folder defines
 * the name, the kernel of the target neither exports nor declares it
 * (the atlas), every exporter lies in another folder - not the module's,
 * nor one above or below it - and no Kbuild, Makefile or dkms.conf from
 * the module's folder up to the folder it shares with the exporter says
 * KBUILD_EXTRA_SYMBOLS or builds objects of another folder (obj-m += a/
 * b/; dahdi's obj-m += ../staging/echo/echo.o).
 *
 *	extmod-symbol	a symbol of another module of the project
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../atlas.h"
#include "../engine.h"
#include "../kbuildarch.h"
#include "../kversion.h"
#include "../projexports.h"
#include "../sibling.h"
#include "../source.h"
#include "../target.h"

static const enum rule_id rules[] = { R_EXTMOD_SYMBOL, NR_RULES };

#define EXPORTERS_MAX 8
#define REPORTED_MAX 64

/* The folder of path, into buf ("." for a bare name). */
static void dir_of_path(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;

	if (!slash) {
		snprintf(buf, size, ".");
		return;
	}
	if (!n)
		n = 1;	/* "/x.c" */
	snprintf(buf, size, "%.*s", (int)n, path);
}

/* Is folder a the folder b, or one above it? */
static bool at_or_above(const char *a, const char *b)
{
	size_t n = strlen(a);

	if (!strcmp(a, ".") && b[0] != '/')
		return true;
	return !strncmp(a, b, n) && (b[n] == 0 || b[n] == '/' || a[n - 1] == '/');
}

/* The folder that a and b share, into buf ("." when none). */
static void common_dir(const char *a, const char *b, char *buf, size_t size)
{
	size_t k, end = 0;

	for (k = 0; a[k] && a[k] == b[k]; k++)
		if (a[k] == '/')
			end = k;
	if ((!a[k] && b[k] == '/') || (!b[k] && a[k] == '/') || (!a[k] && !b[k]))
		end = k;
	if (!end) {
		snprintf(buf, size, a[0] == '/' ? "/" : ".");
		return;
	}
	snprintf(buf, size, "%.*s", (int)end, a);
}

/*
 * Is the line l a kbuild assignment of objects (obj-m, obj-y, obj-$(X),
 * NAME-objs, NAME-y, NAME-m; not a *flags-y) with a path in its value
 * ("obj-m += a/ b/", "obj-m += ../staging/echo/echo.o")?  Then the build
 * reaches another folder.
 */
static bool objects_elsewhere(const char *l)
{
	const char *eq = strchr(l, '='), *v, *end;

	if (!eq || eq == l)
		return false;
	for (end = eq; end > l && (end[-1] == ':' || end[-1] == '+' ||
				   end[-1] == '?' || end[-1] == ' ' ||
				   end[-1] == '\t'); end--)
		;
	for (v = end; v > l && v[-1] != ' ' && v[-1] != '\t'; v--)
		;
	if (memmem(v, (size_t)(end - v), "flags", 5) ||
	    !(!strncmp(v, "obj-", 4) ||
	      (end - v > 5 && !memcmp(end - 5, "-objs", 5)) ||
	      (end - v > 2 && (!memcmp(end - 2, "-y", 2) ||
			       !memcmp(end - 2, "-m", 2)))))
		return false;
	for (v = eq + 1; *v; v++) {
		while (*v == ' ' || *v == '\t')
			v++;
		end = v + strcspn(v, " \t");
		if (*v != '-' && memchr(v, '/', (size_t)(end - v)))
			return true;
		v = end;
		if (!*v)
			break;
	}
	return false;
}

/*
 * Does a build file of folder dir (Kbuild, Makefile, makefile,
 * GNUmakefile, dkms.conf) say KBUILD_EXTRA_SYMBOLS, or build objects of
 * another folder (objects_elsewhere())?
 */
static bool build_links(const char *dir)
{
	static const char *const names[] = {
		"Kbuild", "Makefile", "makefile", "GNUmakefile", "dkms.conf", NULL
	};
	char path[4200];
	size_t k, len;

	for (k = 0; names[k]; k++) {
		char *buf, *l, *nl;
		bool yes = false;

		snprintf(path, sizeof(path), "%s/%s", dir, names[k]);
		if (!(buf = source_slurp(path, &len)))
			continue;
		yes = strstr(buf, "KBUILD_EXTRA_SYMBOLS") != NULL;
		for (l = buf; !yes && l && *l; l = nl ? nl + 1 : NULL) {
			nl = strchr(l, '\n');
			if (nl)
				*nl = 0;
			while (*l == ' ' || *l == '\t')
				l++;
			yes = objects_elsewhere(l);
		}
		free(buf);
		if (yes)
			return true;
	}
	return false;
}

/*
 * Does the build from folder dir up to folder top (one of dir's, or dir
 * itself) link the module with another folder's symbols?
 */
static bool build_linked(const char *dir, const char *top)
{
	char d[4096], *slash;

	snprintf(d, sizeof(d), "%s", dir);
	for (;;) {
		if (build_links(d))
			return true;
		if (!strcmp(d, top) || !(slash = strrchr(d, '/')) || slash == d)
			return false;
		*slash = 0;
	}
}

/*
 * Do the tokens (buf, tl) define name[0..len) at file scope: a function
 * with its body, or an object declared without extern?
 */
static bool defines(const char *buf, const struct token_list *tl,
		    const char *name, size_t len)
{
	const struct token *t = tl->tok;
	size_t i, j, close, stmt = 0;
	int depth = 0;

	for (i = 0; t[i].type != TOKEN_EOF; i++) {
		if (!is_code(&t[i]))
			continue;
		if (match_op(buf, &t[i], '{') || match_op(buf, &t[i], '(') ||
		    match_op(buf, &t[i], '[')) {
			depth++;
		} else if (match_op(buf, &t[i], '}') || match_op(buf, &t[i], ')') ||
			   match_op(buf, &t[i], ']')) {
			depth -= depth > 0;
			if (!depth && match_op(buf, &t[i], '}'))
				stmt = i + 1;
		} else if (!depth && match_op(buf, &t[i], ';')) {
			stmt = i + 1;
		}
		if (depth || t[i].type != TOKEN_IDENT || t[i].len != len ||
		    memcmp(buf + t[i].pos, name, len))
			continue;
		j = next_code(tl, i);
		if (match_op(buf, &t[j], '(')) {
			close = match_close(buf, tl, j, '(', ')');
			if (close != SCAN_NONE &&
			    match_op(buf, &t[next_code(tl, close)], '{'))
				return true;
			continue;
		}
		if (!match_op(buf, &t[j], '=') && !match_op(buf, &t[j], ';') &&
		    !match_op(buf, &t[j], '[') && !match_op(buf, &t[j], ','))
			continue;
		for (j = stmt; j < i; j++)
			if (is_code(&t[j]) && (match_ident(buf, &t[j], "extern") ||
					       match_ident(buf, &t[j], "typedef")))
				break;
		if (j == i)
			return true;
	}
	return false;
}

struct def_ask {
	const char *name;
	size_t len;
};

static bool sibling_defines(const struct sibling *s, void *arg)
{
	const struct def_ask *a = arg;

	return defines(s->buf, s->tl, a->name, a->len);
}

/*
 * The path from folder dir to folder to, both below top (their shared
 * folder): "../lddbus" from "./sculld" to "./lddbus".
 */
static void relative(const char *dir, const char *to, const char *top,
		     char *buf, size_t size)
{
	size_t n = strcmp(top, ".") ? strlen(top) : 0, used = 0;
	const char *p = dir + n, *rest = to + n;

	if (!n && dir[0] == '.' && dir[1] == '/')
		p = dir + 1;	/* "./sculld": one level below "." */
	if (!n && to[0] == '.' && to[1] == '/')
		rest = to + 1;
	buf[0] = 0;
	for (; *p; p++)
		if (*p == '/' && used + 4 < size) {
			memcpy(buf + used, "../", 4);
			used += 3;
		}
	if (!n && dir[0] != '.' && dir[0] != '/' && used + 4 < size) {
		memcpy(buf + used, "../", 4);	/* "sculld": below "." */
		used += 3;
	}
	while (*rest == '/')
		rest++;
	snprintf(buf + used, size - used, "%s", rest);
}

/* path without a leading "./". */
static const char *shown(const char *path)
{
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

/*
 * The exporter of name[0..len) in another module's folder, or NULL (none,
 * or one in the module's folder or above or below it: the same build).
 */
static const char *other_exporter(const struct porter *pt, const char *dir,
				  const char *name, size_t len, char *edir,
				  size_t esize)
{
	const char *paths[EXPORTERS_MAX], *found = NULL;
	char d[4096];
	size_t nr, k;

	nr = projexports_find(pt->path, name, len, paths, EXPORTERS_MAX);
	for (k = 0; k < nr; k++) {
		dir_of_path(paths[k], d, sizeof(d));
		if (at_or_above(d, dir) || at_or_above(dir, d))
			return NULL;
		if (!found) {
			found = paths[k];
			snprintf(edir, esize, "%s", d);
		}
	}
	return found;
}

static void one(struct porter *pt, size_t i, const char *dir, uint32_t target,
		const char *range)
{
	const struct token *t = &pt->tl->tok[i];
	const char *name = pt->buf + t->pos, *exp, *base;
	char edir[4096], top[4096], rel[4096];
	struct def_ask ask = { name, t->len };

	if (!(exp = other_exporter(pt, dir, name, t->len, edir, sizeof(edir))) ||
	    (atlas_mask(ATLAS_EXPORT, NULL, 0, name, t->len) & target) ||
	    (atlas_ident_kinds(name, t->len, "fnvmp") & target) ||
	    defines(pt->buf, pt->tl, name, t->len) ||
	    sibling_any(pt->path, sibling_defines, &ask))
		return;
	common_dir(dir, edir, top, sizeof(top));
	if (build_linked(dir, top))
		return;
	base = strrchr(edir, '/') ? strrchr(edir, '/') + 1 : edir;
	relative(dir, edir, top, rel, sizeof(rel));
	add_finding(pt, t->pos, R_EXTMOD_SYMBOL, SEV_WARNING, false,
		    "'%.*s' is defined and exported (EXPORT_SYMBOL) by %s, another module of this project, not by this module's files nor by the kernel of %s: modpost, run for this folder alone, finds '%.*s' undefined, an ERROR that stops a module built outside the kernel since 5.4 (a warning until 4.19, and the module does not load without %s); build %s first and hand modpost its symbols (KBUILD_EXTRA_SYMBOLS=$(PWD)/%s/Module.symvers in this module's make, 2.6.32 on), or build both folders from one Kbuild (obj-m += %s/ ...); port it by hand",
		    (int)t->len, name, shown(exp), range, (int)t->len, name,
		    base, base, rel, base);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token *t = pt->tl->tok;
	size_t i, k, reported[REPORTED_MAX], nr = 0, before;
	char dir[4096], range[64];
	uint32_t target;
	int depth = 0;	/* file scope: declarations (extern int f(void);) */

	(void)h;
	(void)n;
	if (!rule_on(pt, R_EXTMOD_SYMBOL) || !pt->path ||
	    pt->header || kbuild_any_tree(pt->path))
		return;	/* in a kernel tree kbuild builds the modules together */
	dir_of_path(pt->path, dir, sizeof(dir));
	target = target_atlas_releases(pt->opts->rules, range, sizeof(range));
	for (i = 0; t[i].type != TOKEN_EOF && nr < REPORTED_MAX; i++) {
		if (is_code(&t[i]) && match_op(pt->buf, &t[i], '{'))
			depth++;
		else if (is_code(&t[i]) && match_op(pt->buf, &t[i], '}'))
			depth -= depth > 0;
		if (!depth || t[i].type != TOKEN_IDENT || !is_code(&t[i]) ||
		    scan_is_dead(&pt->sc, i) ||
		    after_member_op(pt->buf, pt->tl, i))
			continue;
		for (k = 0; k < nr; k++)
			if (t[reported[k]].len == t[i].len &&
			    !memcmp(pt->buf + t[reported[k]].pos,
				    pt->buf + t[i].pos, t[i].len))
				break;
		if (k < nr)
			continue;	/* its first use is named */
		before = pt->nr_found[0];
		one(pt, i, dir, target, range);
		if (pt->nr_found[0] > before)
			reported[nr++] = i;
	}
}

static const struct family extsym = {
	.name = "extsym", .rules = rules, .run = run,
};
FAMILY(extsym)
