// SPDX-License-Identifier: GPL-2.0
/*
 * series.c: the mechanical rules of LWN's "Porting drivers to 2.6" series
 * beyond the hello-world article - removals (export-no-symbols,
 * export-symtab, no-version, config-h, malloc-h) and the rest, all found in
 * one walk over the tokens.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "porter.h"

#define PARM_INCLUDE "module-parm"

static bool only_blanks(const char *buf, size_t from, size_t to)
{
	for (; from < to; from++)
		if (buf[from] != ' ' && buf[from] != '\t')
			return false;
	return true;
}

/*
 * Delete buf[from, to): the whole line when nothing else is on it, else
 * the range and the blanks after it.
 */
int delete_line_range(struct porter *pt, size_t from, size_t to)
{
	size_t start = line_start(pt->buf, from);
	size_t end = line_end(pt->buf, pt->len, to);

	if (only_blanks(pt->buf, start, from) &&
	    only_blanks(pt->buf, to, end))
		return add_edit(pt, start, after_eol(pt->buf, pt->len, end) -
				start, "");
	while (to < end && (pt->buf[to] == ' ' || pt->buf[to] == '\t'))
		to++;
	return add_edit(pt, from, to - from, "");
}

static int remove_directive(struct porter *pt, size_t hash, const char *rule,
			    const char *msg)
{
	size_t from, to;

	if (add_finding(pt, pt->tl->tok[hash].pos, rule, SEV_WARNING, true,
			"%s", msg))
		return -ENOMEM;
	define_range(pt, hash, &from, &to);
	return add_edit(pt, from, to - from, "");
}

/* #define EXPORT_SYMTAB, #define __NO_VERSION__ */
static int do_define(struct porter *pt, size_t hash, size_t name)
{
	const struct token *t = &pt->tl->tok[name];

	if (match_ident(pt->buf, t, "EXPORT_SYMTAB"))
		return remove_directive(pt, hash, "export-symtab",
					"'#define EXPORT_SYMTAB' is obsolete: since 2.6 every EXPORT_SYMBOL() works without it, and kbuild never looks at it");
	if (match_ident(pt->buf, t, "__NO_VERSION__"))
		return remove_directive(pt, hash, "no-version",
					"'#define __NO_VERSION__' is obsolete: 2.6's <linux/module.h> no longer defines kernel_version, the version lives in the modpost-made .mod.c");
	return 0;
}

struct series {
	bool has_moduleparam_h;
	bool needs_moduleparam_h;
};

static bool header_is(const char *buf, const struct token *t, const char *s)
{
	return t->type == TOKEN_HEADER && t->len == strlen(s) &&
	       !memcmp(buf + t->pos, s, t->len);
}

/* #include <linux/config.h>, <linux/malloc.h> */
static int do_include(struct porter *pt, struct series *se, size_t hash,
		      size_t h)
{
	const struct token *t = &pt->tl->tok[h];

	if (header_is(pt->buf, t, "<linux/moduleparam.h>"))
		se->has_moduleparam_h = true;
	if (header_is(pt->buf, t, "<linux/config.h>"))
		return remove_directive(pt, hash, "config-h",
					"<linux/config.h> is gone since 2.6.19 (kbuild force-includes the configuration): the build fails with \"linux/config.h: No such file\"");
	if (!header_is(pt->buf, t, "<linux/malloc.h>"))
		return 0;
	if (add_finding(pt, t->pos, "malloc-h", SEV_WARNING, true,
			"<linux/malloc.h> is gone since 2.5: kmalloc() and kfree() are declared in <linux/slab.h>"))
		return -ENOMEM;
	return add_edit(pt, t->pos, t->len, "<linux/slab.h>");
}

/* A directive at '#' token i. */
static int do_directive(struct porter *pt, struct series *se, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t name = pp_next(tl, i), arg;

	if (name == SCAN_NONE || tl->tok[name].type != TOKEN_IDENT)
		return 0;
	arg = pp_next(tl, name);
	if (arg == SCAN_NONE)
		return 0;
	if (match_ident(pt->buf, &tl->tok[name], "define"))
		return do_define(pt, i, arg);
	if (match_ident(pt->buf, &tl->tok[name], "include"))
		return do_include(pt, se, i, arg);
	return 0;
}

/* EXPORT_NO_SYMBOLS; */
static int do_export_no_symbols(struct porter *pt, size_t i)
{
	const struct token *tok = pt->tl->tok;
	size_t semi = next_code(pt->tl, i);

	if (!match_op(pt->buf, &tok[semi], ';'))
		return add_finding(pt, tok[i].pos, "export-no-symbols",
				   SEV_WARNING, false,
				   "EXPORT_NO_SYMBOLS is gone in 2.6 (a module exports nothing unless it says EXPORT_SYMBOL()); not a plain statement here, remove it by hand");
	if (add_finding(pt, tok[i].pos, "export-no-symbols", SEV_WARNING,
			true,
			"EXPORT_NO_SYMBOLS is gone in 2.6, where a module exports nothing unless it says EXPORT_SYMBOL(): the build fails on the undefined name"))
		return -ENOMEM;
	return delete_line_range(pt, tok[i].pos, tok_end(&tok[semi]));
}

/*
 * A GCC 2 string literal with raw newlines: each newline becomes \n" and
 * the next line reopens the string, so its value is the same (in a
 * directive the line also gets a backslash, to go on).
 */
static int do_multiline_string(struct porter *pt, size_t i)
{
	const struct token *t = &pt->tl->tok[i];
	size_t k, end = tok_end(t);

	if (add_finding(pt, t->pos, "multiline-string", SEV_WARNING, true,
			"a string literal that runs over lines is GCC 2 only (GCC 3.3 and later: \"missing terminating \" character\"): end each line with \\n\" and reopen the string on the next, which keeps its value"))
		return -ENOMEM;
	for (k = t->pos; k < end; k++) {
		bool cr = k > t->pos && pt->buf[k - 1] == '\r';

		if (pt->buf[k] == '\\') {
			k++;	/* an escape, or a splice: not a raw newline */
			continue;
		}
		if (pt->buf[k] != '\n')
			continue;
		if (add_edit(pt, cr ? k - 1 : k, 0,
			     t->flags & TF_PP ? "\\n\" \\" : "\\n\"") ||
		    add_edit(pt, k + 1, 0, "\""))
			return -ENOMEM;
	}
	return 0;
}

/* An identifier in code; i is not in a directive. */
static int do_ident(struct porter *pt, struct series *se, size_t i)
{
	const struct token *t = &pt->tl->tok[i];

	switch (t->len) {
	case 11:
		if (match_ident(pt->buf, t, "MODULE_PARM"))
			return rule_module_parm(pt, i,
						&se->needs_moduleparam_h);
		break;
	case 17:
		if (match_ident(pt->buf, t, "EXPORT_NO_SYMBOLS"))
			return do_export_no_symbols(pt, i);
		break;
	}
	return 0;
}

/* #include <linux/moduleparam.h> for the new module_param()s. */
static int add_moduleparam_h(struct porter *pt)
{
	char text[64];
	bool eol_first;
	size_t pos = include_pos(pt, &eol_first);

	snprintf(text, sizeof(text), "%s#include <linux/moduleparam.h>%s",
		 eol_first ? pt->eol : "", eol_first ? "" : pt->eol);
	if (add_finding(pt, pos, PARM_INCLUDE, SEV_WARNING, true,
			"module_param() is declared in <linux/moduleparam.h>, which this file does not include"))
		return -ENOMEM;
	return add_edit(pt, pos, 0, text);
}

int rule_series(struct porter *pt)
{
	const struct token_list *tl = pt->tl;
	struct series se = { false, false };
	size_t i;
	int ret = 0;

	for (i = 0; !ret && tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if ((t->flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL))
			ret = do_directive(pt, &se, i);
		else if (t->flags & TF_NEWLINE)
			ret = do_multiline_string(pt, i);
		else if (t->type == TOKEN_IDENT && (is_code(t) ||
			 (t->len == 11 && match_ident(pt->buf, t, "MODULE_PARM"))))
			ret = do_ident(pt, &se, i);
	}
	if (!ret && se.needs_moduleparam_h && !se.has_moduleparam_h)
		ret = add_moduleparam_h(pt);
	if (!ret)
		ret = rule_use_count(pt);
	if (!ret)
		ret = rule_gnu_initializer(pt);
	if (!ret)
		ret = rule_legacy(pt);
	return ret;
}
