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
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"

enum { W_DEVEXIT_P = 6, W_SLOT_NAME = 7 };

static const char *const words[] = {
	"__devinit", "__devexit", "__devinitdata", "__devexitdata",
	"__devinitconst", "__devexitconst", "__devexit_p", "slot_name", NULL
};

static const enum rule_id rules[] = { R_DEVINIT, R_PCI_SLOT_NAME, NR_RULES };

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

/* Is the identifier at x's nearest pointer declaration a struct pci_dev *? */
static bool pci_dev_var(const struct porter *pt, size_t x)
{
	const struct token_list *tl = pt->tl;
	size_t i, star, after;

	for (i = code_before(tl, x); i != SCAN_NONE; i = code_before(tl, i)) {
		if (tl->tok[i].type != TOKEN_IDENT ||
		    tl->tok[i].len != tl->tok[x].len ||
		    memcmp(pt->buf + tl->tok[i].pos, pt->buf + tl->tok[x].pos,
			   tl->tok[x].len))
			continue;
		star = code_before(tl, i);
		after = next_code(tl, i);
		if (star == SCAN_NONE || !match_op(pt->buf, &tl->tok[star], '*') ||
		    code_before(tl, star) == SCAN_NONE ||
		    !(match_op(pt->buf, &tl->tok[after], ',') ||
		      match_op(pt->buf, &tl->tok[after], ')') ||
		      match_op(pt->buf, &tl->tok[after], ';') ||
		      match_op(pt->buf, &tl->tok[after], '=')))
			continue;
		return match_ident(pt->buf, &tl->tok[code_before(tl, star)],
				   "pci_dev");
	}
	return false;
}

/* X->slot_name: pci_name(X). */
static void slot_name(struct porter *pt, struct target *tg, size_t m)
{
	const struct token_list *tl = pt->tl;
	size_t a = code_before(tl, m), x = code_before(tl, a);
	char *text;

	if (a == SCAN_NONE || x == SCAN_NONE ||
	    !token_is(pt->buf, &tl->tok[a], "->") ||
	    tl->tok[x].type != TOKEN_IDENT || !pci_dev_var(pt, x) ||
	    after_member_op(pt->buf, tl, x))
		return;
	if (!target_finding(tg, tl->tok[m].pos, R_PCI_SLOT_NAME, true,
			    "struct pci_dev has no slot_name since 2.6.10: pci_name(pdev)"))
		return;
	text = porter_printf(pt, "pci_name(%.*s)", (int)tl->tok[x].len,
			     pt->buf + tl->tok[x].pos);
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
			slot_name(pt, &tg, h->tok);
		else if (!after_member_op(pt->buf, pt->tl, h->tok))
			annotation(pt, &tg, h->tok);
	}
}

static const struct family devinit = {
	.name = "devinit", .rules = rules, .words = words, .run = run,
};
FAMILY(devinit)
