// SPDX-License-Identifier: GPL-2.0
/*
 * removals.c: what 2.6 made obsolete and fix simply removes or renames -
 * '#define MODULE' (define-module), '#define EXPORT_SYMTAB'
 * (export-symtab), '#define __NO_VERSION__' (no-version),
 * <linux/config.h> (config-h), <linux/malloc.h> (malloc-h) and the
 * EXPORT_NO_SYMBOLS statement (export-no-symbols).
 */
#include "../directive.h"
#include "../engine.h"

enum { W_MODULE, W_EXPORT_SYMTAB, W_NO_VERSION, W_CONFIG_H, W_MALLOC_H,
       W_EXPORT_NO_SYMBOLS };

static const char *const words[] = {
	[W_MODULE] = "MODULE",
	[W_EXPORT_SYMTAB] = "EXPORT_SYMTAB",
	[W_NO_VERSION] = "__NO_VERSION__",
	[W_CONFIG_H] = "<linux/config.h>",
	[W_MALLOC_H] = "<linux/malloc.h>",
	[W_EXPORT_NO_SYMBOLS] = "EXPORT_NO_SYMBOLS",
	NULL
};

static const enum rule_id rules[] = {
	R_DEFINE_MODULE, R_EXPORT_SYMTAB, R_NO_VERSION, R_CONFIG_H, R_MALLOC_H,
	R_EXPORT_NO_SYMBOLS, NR_RULES
};

static void remove_directive(struct porter *pt, size_t i, enum rule_id rule,
			     const char *msg)
{
	size_t hash = directive_of(pt->tl, i), from, to;

	add_finding(pt, pt->tl->tok[hash].pos, rule, SEV_WARNING, true, "%s",
		    msg);
	define_range(pt, hash, &from, &to);
	add_edit(pt, from, to - from, "");
}

/* EXPORT_NO_SYMBOLS; */
static void export_no_symbols(struct porter *pt, size_t i)
{
	const struct token *tok = pt->tl->tok;
	size_t semi = next_code(pt->tl, i);

	if (!match_op(pt->buf, &tok[semi], ';')) {
		add_finding(pt, tok[i].pos, R_EXPORT_NO_SYMBOLS, SEV_WARNING,
			    false,
			    "EXPORT_NO_SYMBOLS is gone in 2.6 (a module exports nothing unless it says EXPORT_SYMBOL()); not a plain statement here, remove it by hand");
		return;
	}
	add_finding(pt, tok[i].pos, R_EXPORT_NO_SYMBOLS, SEV_WARNING, true,
		    "EXPORT_NO_SYMBOLS is gone in 2.6, where a module exports nothing unless it says EXPORT_SYMBOL(): the build fails on the undefined name");
	delete_line_range(pt, tok[i].pos, tok_end(&tok[semi]));
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token *tok = pt->tl->tok;
	size_t k;

	for (k = 0; k < n; k++, h++) {
		bool define_arg = (h->flags & H_ARG) && h->kw == KW_DEFINE;
		bool include_arg = (h->flags & H_ARG) && h->kw == KW_INCLUDE;

		switch (h->word) {
		case W_MODULE:
			if (define_arg && !(h->flags & H_DEAD) &&
			    pp_next(pt->tl, h->tok) == SCAN_NONE)
				remove_directive(pt, h->tok, R_DEFINE_MODULE,
						 "'#define MODULE' is obsolete: kbuild passes -DMODULE, and redefining it draws a \"MODULE\" redefined warning");
			break;
		case W_EXPORT_SYMTAB:
			if (define_arg)
				remove_directive(pt, h->tok, R_EXPORT_SYMTAB,
						 "'#define EXPORT_SYMTAB' is obsolete: since 2.6 every EXPORT_SYMBOL() works without it, and kbuild never looks at it");
			break;
		case W_NO_VERSION:
			if (define_arg)
				remove_directive(pt, h->tok, R_NO_VERSION,
						 "'#define __NO_VERSION__' is obsolete: 2.6's <linux/module.h> no longer defines kernel_version, the version lives in the modpost-made .mod.c");
			break;
		case W_CONFIG_H:
			if (include_arg)
				remove_directive(pt, h->tok, R_CONFIG_H,
						 "<linux/config.h> is gone since 2.6.19 (kbuild force-includes the configuration): the build fails with \"linux/config.h: No such file\"");
			break;
		case W_MALLOC_H:
			if (!include_arg)
				break;
			add_finding(pt, tok[h->tok].pos, R_MALLOC_H,
				    SEV_WARNING, true,
				    "<linux/malloc.h> is gone since 2.5: kmalloc() and kfree() are declared in <linux/slab.h>");
			add_edit(pt, tok[h->tok].pos, tok[h->tok].len,
				 "<linux/slab.h>");
			break;
		case W_EXPORT_NO_SYMBOLS:
			if (!(h->flags & H_PP))
				export_no_symbols(pt, h->tok);
			break;
		}
	}
}

static const struct family removals = {
	.name = "removals", .rules = rules, .words = words, .run = run,
};
FAMILY(removals)
