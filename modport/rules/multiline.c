// SPDX-License-Identifier: GPL-2.0
/*
 * multiline.c: the multiline-string rule.  A GCC 2 string literal with raw
 * newlines: each newline becomes \n" and the next line reopens the string,
 * so its value is the same (in a directive the line also gets a
 * backslash, to go on).
 */
#include "../engine.h"

static const enum rule_id rules[] = { R_MULTILINE_STRING, NR_RULES };

static void convert(struct porter *pt, size_t i)
{
	const struct token *t = &pt->tl->tok[i];
	size_t k, end = tok_end(t);

	add_finding(pt, t->pos, R_MULTILINE_STRING, SEV_WARNING, true,
		    "a string literal that runs over lines is GCC 2 only (GCC 3.3 and later: \"missing terminating \" character\"): end each line with \\n\" and reopen the string on the next, which keeps its value");
	for (k = t->pos; k < end; k++) {
		bool cr = k > t->pos && pt->buf[k - 1] == '\r';

		if (pt->buf[k] == '\\') {
			k++;	/* an escape, or a splice: not a raw newline */
			continue;
		}
		if (pt->buf[k] != '\n')
			continue;
		add_edit(pt, cr ? k - 1 : k, 0,
			 t->flags & TF_PP ? "\\n\" \\" : "\\n\"");
		add_edit(pt, k + 1, 0, "\"");
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		convert(pt, h[k].tok);
}

static const struct family multiline = {
	.name = "multiline", .rules = rules, .want_flags = TF_NEWLINE,
	.run = run,
};
FAMILY(multiline)
