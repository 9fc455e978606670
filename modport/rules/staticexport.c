// SPDX-License-Identifier: GPL-2.0
/*
 * staticexport.c: the static-export rule.  2.4 exported functions that
 * the file had declared static (8390.c: "static void ei_tx_timeout(struct
 * net_device *dev);" before "EXPORT_SYMBOL(ei_tx_timeout);"); since 5.13
 * the build refuses it ("local symbol ... was exported").  The "static" of
 * the function's declarations goes, when the file defines the function;
 * a static object or one defined elsewhere is left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"

static const char *const words[] = { "EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL",
				     NULL };
static const enum rule_id rules[] = { R_STATIC_EXPORT, NR_RULES };

/*
 * The top-level declarations of function name[0, len): their "static"
 * tokens to st (at most max); whether exactly one is a definition.
 */
static bool static_decls(struct porter *pt, const char *name,
			 size_t len, size_t *st, size_t *nr, size_t max)
{
	const struct token_list *tl = pt->tl;
	struct id_index *ix = file_idents(pt);
	const struct id_use *use;
	size_t i, close, s, k, uses;
	int defined = 0;

	*nr = 0;
	uses = ix ? idindex_find(ix, name, len, &use) : 0;
	for (k = 0; k < uses; k++) {	/* its code uses, at the top level */
		i = use[k].tok;
		if (!use[k].code || use[k].depth ||
		    !match_op(pt->buf, &tl->tok[next_code(tl, i)], '('))
			continue;
		close = match_close(pt->buf, tl, next_code(tl, i), '(', ')');
		if (close == SCAN_NONE)
			continue;
		if (match_op(pt->buf, &tl->tok[next_code(tl, close)], '{'))
			defined++;
		s = static_of(pt->buf, tl, i);
		if (s != SCAN_NONE && *nr < max)
			st[(*nr)++] = s;
	}
	return defined == 1;	/* two: one per #if branch, say */
}

static void one(struct porter *pt, struct target *tg, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t open = next_code(tl, i), name = next_code(tl, open);
	size_t st[4], nr, k;
	const struct token *n = &tl->tok[name];

	if (!match_op(pt->buf, &tl->tok[open], '(') || n->type != TOKEN_IDENT ||
	    !match_op(pt->buf, &tl->tok[next_code(tl, name)], ')') ||
	    !static_decls(pt, pt->buf + n->pos, n->len, st, &nr, 4) || !nr)
		return;
	if (!target_finding(tg, n->pos, R_STATIC_EXPORT, true,
			    "an exported function is not static since 5.13 (the build says \"local symbol ... was exported\"): its static goes"))
		return;
	for (k = 0; k < nr; k++) {
		size_t end = tok_end(&tl->tok[st[k]]);

		while (pt->buf[end] == ' ' || pt->buf[end] == '\t')
			end++;
		add_edit(pt, tl->tok[st[k]].pos, end - tl->tok[st[k]].pos, "");
	}
}

static bool judged_hit(const struct porter *pt, const struct hit *h)
{
	return !(h->flags & (H_DEAD | H_PP)) && !h->depth &&
	       is_call(pt->buf, pt->tl, h->tok);
}

/*
 * The names the file exports, their uses gathered in one walk over the
 * file (idindex_gather()) where there are two or more: one() asks for
 * each, and a second name alone would index every name of the file (one
 * is found by a walk that compares, not hashes, each name).
 */
static void gather_exports(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	size_t *toks = malloc((n ? n : 1) * sizeof(*toks)), k, nr = 0;

	/* no memory for the list: each asked as it comes */
	for (k = 0; toks && k < n; k++) {
		if (!judged_hit(pt, &h[k]))
			continue;
		toks[nr] = next_code(tl, next_code(tl, h[k].tok));
		nr += tl->tok[toks[nr]].type == TOKEN_IDENT;
	}
	if (toks)
		file_idents_gather(pt, toks, nr);
	free(toks);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct target tg;
	size_t k;

	target_init(&tg, pt);
	gather_exports(pt, h, n);
	for (k = 0; k < n; k++)
		if (judged_hit(pt, &h[k]))
			one(pt, &tg, h[k].tok);
}

static const struct family staticexport = {
	.name = "staticexport", .rules = rules, .words = words, .run = run,
};
FAMILY(staticexport)
