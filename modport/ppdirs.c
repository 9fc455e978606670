// SPDX-License-Identifier: GPL-2.0
/* ppdirs.c: a text's directives, gathered once (ppdirs.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ppdirs.h"
#include "scan.h"

/* The kind of the directive whose '#' is token i (word: its name). */
static enum ppdir_kind kind_of(const char *buf, const struct token_list *tl,
			       size_t i, const struct token *word)
{
	if (!match_op(buf, &tl->tok[i], '#'))
		return PPD_OTHER;
	if (match_ident(buf, word, "if") || match_ident(buf, word, "ifdef") ||
	    match_ident(buf, word, "ifndef"))
		return PPD_IF;
	if (match_ident(buf, word, "else") || match_ident(buf, word, "elif"))
		return PPD_ELSE;
	if (match_ident(buf, word, "endif"))
		return PPD_ENDIF;
	return PPD_OTHER;
}

static int add(struct ppdirs *pd, size_t *alloc, struct ppdir d)
{
	if (pd->nr == *alloc) {
		struct ppdir *more;

		*alloc = *alloc ? 2 * *alloc : 64;
		more = realloc(pd->d, *alloc * sizeof(*more));
		if (!more)
			return -ENOMEM;
		pd->d = more;
	}
	pd->d[pd->nr++] = d;
	return 0;
}

int ppdirs_build(struct ppdirs *pd, const char *buf,
		 const struct token_list *tl)
{
	size_t i, w, k, h, alloc = 0;

	for (h = 0; h < tl->nr_hash; h++) {	/* each '#' at a line's start */
		const struct token *t = &tl->tok[i = tl->hash[h]];
		struct ppdir d = { i, SCAN_NONE, PPD_OTHER };

		if ((w = pp_next(tl, i)) == SCAN_NONE)
			continue;
		if (match_ident(buf, &tl->tok[w], "include"))
			d = (struct ppdir){ i, pp_next(tl, w), PPD_INCLUDE };
		else if (!match_op(buf, t, '#'))
			continue;	/* a line that only looks like one */
		else
			d.kind = kind_of(buf, tl, i, &tl->tok[w]);
		if (add(pd, &alloc, d))
			return -ENOMEM;
	}
	pd->inc = malloc((pd->nr ? pd->nr : 1) * sizeof(*pd->inc));
	if (!pd->inc)
		return -ENOMEM;
	for (k = 0; k < pd->nr; k++)
		if (pd->d[k].kind == PPD_INCLUDE)
			pd->inc[pd->nr_inc++] = k;
	pd->made = true;
	return 0;
}

size_t ppdirs_after(const struct ppdirs *pd, size_t a)
{
	size_t lo = 0, hi = pd->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (pd->d[mid].tok <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void ppdirs_free(struct ppdirs *pd)
{
	free(pd->d);
	free(pd->inc);
	memset(pd, 0, sizeof(*pd));
}
