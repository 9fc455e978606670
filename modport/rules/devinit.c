// SPDX-License-Identifier: GPL-2.0
/*
 * devinit.c: what the PCI drivers of 2.4 and 2.6 wore that is gone:
 *
 *	devinit			__devinit, __devexit, __devinitdata,
 *				__devexitdata, __devinitconst, __devexitconst
 *				go (no-ops since 3.8, gone in 3.10);
 *				__devexit_p(f) becomes f
 *	pci-slot-name		pdev->slot_name, pdev a struct pci_dev *,
 *				becomes pci_name(pdev) (gone in 2.6.10)
 *	page-index		page->index, page a struct page *, becomes
 *				page_folio(page)->index (the member is the
 *				folio's since 6.16: __folio_index in the page)
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"
#include "shape.h"

enum { W_DEVEXIT_P = 6, W_SLOT_NAME = 7, W_INDEX = 8 };

static const char *const words[] = {
	"__devinit", "__devexit", "__devinitdata", "__devexitdata",
	"__devinitconst", "__devexitconst", "__devexit_p", "slot_name",
	"index", NULL
};

static const enum rule_id rules[] = {
	R_DEVINIT, R_PCI_SLOT_NAME, R_PAGE_INDEX, NR_RULES
};

/* A member gone from a struct: X->member, X a struct tag *, becomes pre X post. */
static const struct gone_member {
	int word;
	const char *tag, *pre, *post;	/* X becomes pre X post */
	enum rule_id rule;
	const char *why;
} gone_members[] = {
	{ W_SLOT_NAME, "pci_dev", "pci_name(", ")", R_PCI_SLOT_NAME,
	  "struct pci_dev has no slot_name since 2.6.10: pci_name(pdev)" },
	{ W_INDEX, "page", "page_folio(", ")->index", R_PAGE_INDEX,
	  "struct page has no index since 6.16 (it is the folio's: __folio_index in the page): page_folio(page)->index, the same for a page that is not part of a larger folio" },
};

/* __devexit_p(f): f. */
static void devexit_p(struct porter *pt, struct target *tg, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t open, close, f;

	if (!call_parens(pt->buf, tl, i, &open, &close))
		return;
	f = next_code(tl, open);
	if (next_code(tl, f) != close || tl->tok[f].type != TOKEN_IDENT)
		return;
	if (!target_finding(tg, tl->tok[i].pos, R_DEVINIT, true,
			    "__devexit_p() is gone since 3.10 (CONFIG_HOTPLUG is always on): the function itself"))
		return;
	add_edit(pt, tl->tok[i].pos, tl->tok[f].pos - tl->tok[i].pos, "");
	add_edit(pt, tl->tok[close].pos, 1, "");
}

/* An annotation: the token and the blanks after it go. */
static void annotation(struct porter *pt, struct target *tg, size_t i)
{
	const struct token *t = &pt->tl->tok[i];
	size_t end = tok_end(t);

	if (!target_finding(tg, t->pos, R_DEVINIT, true,
			    "the __dev* section annotations are gone since 3.10 (no-ops since 3.8, CONFIG_HOTPLUG always on): the word goes"))
		return;
	while (end < pt->len && (pt->buf[end] == ' ' || pt->buf[end] == '\t'))
		end++;
	add_edit(pt, t->pos, end - t->pos, "");
}

/* Is the identifier at x's nearest declaration a struct tag *? */
static bool tag_ptr_var(const struct porter *pt, size_t x, const char *tag)
{
	bool ptr = false;
	size_t t = sh_var_tag(pt, x, &ptr);

	return t != SCAN_NONE && ptr && sh_ident(pt, t, tag);
}

/* X->slot_name: pci_name(X); X->index: page_folio(X)->index. */
static void gone_member(struct porter *pt, struct target *tg, size_t m,
			const struct gone_member *g)
{
	const struct token_list *tl = pt->tl;
	size_t a = code_before(tl, m), x = code_before(tl, a);
	char *text;

	if (a == SCAN_NONE || x == SCAN_NONE ||
	    !token_is(pt->buf, &tl->tok[a], "->") ||
	    tl->tok[x].type != TOKEN_IDENT || !tag_ptr_var(pt, x, g->tag) ||
	    after_member_op(pt->buf, tl, x))
		return;
	if (!target_finding(tg, tl->tok[m].pos, g->rule, true, g->why))
		return;
	text = porter_printf(pt, "%s%.*s%s", g->pre, (int)tl->tok[x].len,
			     pt->buf + tl->tok[x].pos, g->post);
	if (text)
		add_edit(pt, tl->tok[x].pos, tok_end(&tl->tok[m]) - tl->tok[x].pos,
			 text);
	free(text);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct target tg;
	size_t k;

	target_init(&tg, pt);
	for (k = 0; k < n; k++, h++) {
		if (h->flags & (H_DEAD | H_PP))
			continue;
		if (h->word == W_DEVEXIT_P)
			devexit_p(pt, &tg, h->tok);
		else if (h->word == W_SLOT_NAME)
			gone_member(pt, &tg, h->tok, &gone_members[0]);
		else if (h->word == W_INDEX)
			gone_member(pt, &tg, h->tok, &gone_members[1]);
		else if (!after_member_op(pt->buf, pt->tl, h->tok))
			annotation(pt, &tg, h->tok);
	}
}

static const struct family devinit = {
	.name = "devinit", .rules = rules, .words = words, .run = run,
};
FAMILY(devinit)
