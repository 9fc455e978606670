// SPDX-License-Identifier: GPL-2.0
/*
 * checkregion.c: the check-region rule.  check_region() went in 2.6.19:
 * testing a range of I/O ports and claiming it later races with another
 * driver's request between the two.  Two fixes, each one the kernel's own:
 *
 * - a test whose statement is followed directly by the claim of the same
 *   range takes the claim's result, as the drivers were converted in 2.5
 *   and 2.6:
 *
 *	if (check_region(A, N))			if (!request_region(A, N, X))
 *		S;			->		S;
 *	request_region(A, N, X);
 *
 *   (also "check_region(A, N) != 0" and "< 0"; S one statement or a block,
 *   no else);
 * - any other test (a probe that tests a range, reads the card and claims
 *   the range later, or leaves that to its caller: 2.4.22's mixcomwd and
 *   dtlk) calls the file's own check_region(), added after the includes:
 *   the kernel's from 2.6.0 to 2.6.18 (kernel/resource.c's
 *   __check_region(): request the range and release it at once).  The
 *   driver does what it did, race included, and the finding says so.
 *
 * A file that declares its own check_region() is left alone (legacy.h,
 * and any "int check_region(": the brace count, misled by the arms of an
 * #ifdef, may not see it at the top level); in a header the use is
 * reported.
 */
#include <stdlib.h>
#include <string.h>

#include "../target.h"
#include "fileadd.h"
#include "legacy.h"
#include "shape.h"

static const char *const words[] = { "check_region", NULL };
static const enum rule_id rules[] = { R_CHECK_REGION, NR_RULES };

#define GONE "check_region() is gone since 2.6.19: testing a range and claiming it later races with another driver's request"

#define OWN_FN \
	"/*%s" \
	" * check_region() as the kernel had it until 2.6.19: the range is%s" \
	" * requested and released at once, so the test still races with%s" \
	" * another driver's request before this driver's own.%s" \
	" */%s" \
	"static inline int check_region(resource_size_t start, resource_size_t n)%s" \
	"{%s" \
	"\tif (!request_region(start, n, \"check-region\"))%s" \
	"\t\treturn -EBUSY;%s" \
	"\trelease_region(start, n);%s" \
	"\treturn 0;%s" \
	"}%s"

/* Do the code tokens (a, a_end) and (b, b_end) spell the same? */
static bool same_text(const struct porter *pt, size_t a, size_t a_end,
		      size_t b, size_t b_end)
{
	const struct token *t = pt->tl->tok;

	for (a = sh_next(pt, a), b = sh_next(pt, b); a < a_end && b < b_end;
	     a = sh_next(pt, a), b = sh_next(pt, b))
		if (t[a].len != t[b].len ||
		    memcmp(pt->buf + t[a].pos, pt->buf + t[b].pos, t[a].len))
			return false;
	return a >= a_end && b >= b_end;
}

/* The end of the statement that starts at i: its ';' or '}'. */
static size_t statement_end(const struct porter *pt, size_t i)
{
	static const char *const nested[] = {
		"if", "for", "while", "do", "switch", "else",
	};

	if (sh_op(pt, i, "{"))
		return match_close(pt->buf, pt->tl, i, '{', '}');
	if (i == SCAN_NONE || (pt->tl->tok[i].type == TOKEN_IDENT &&
			       TOKEN_IN(pt->buf, &pt->tl->tok[i], nested)))
		return SCAN_NONE;
	for (; i != SCAN_NONE && !sh_op(pt, i, ";"); i = sh_next(pt, i))
		if (pt->tl->tok[i].type == TOKEN_EOF ||	/* unterminated */
		    (sh_op(pt, i, "(") &&
		     (i = match_close(pt->buf, pt->tl, i, '(', ')')) == SCAN_NONE) ||
		    sh_op(pt, i, "{") || sh_op(pt, i, "}"))
			return SCAN_NONE;
	return i;
}

/*
 * The test at i, "if (check_region(A, N)) S" (or "!= 0", "< 0"), then
 * "request_region(A, N, X);": the claim's name, and the bytes of the
 * condition (*from, *to) and of the claim (*claim, *claim_end).
 */
static bool claim_follows(const struct porter *pt, size_t i, size_t *from,
			  size_t *to, size_t *claim, size_t *claim_end)
{
	size_t p = sh_prev(pt, i), open, close, cond_end, end, r, ro, rc;
	size_t c1, rcomma[2];

	if (!sh_op(pt, p, "(") || !sh_ident(pt, sh_prev(pt, p), "if") ||
	    !call_parens(pt->buf, pt->tl, i, &open, &close) ||
	    call_args(pt->buf, pt->tl, open, close, &c1, 1) != 1 ||
	    (cond_end = match_close(pt->buf, pt->tl, p, '(', ')')) == SCAN_NONE)
		return false;
	r = sh_next(pt, close);
	if (r != cond_end &&
	    !((sh_op(pt, r, "!=") || sh_op(pt, r, "<")) &&
	      pt->tl->tok[sh_next(pt, r)].len == 1 &&
	      pt->buf[pt->tl->tok[sh_next(pt, r)].pos] == '0' &&
	      sh_next(pt, sh_next(pt, r)) == cond_end))
		return false;
	end = statement_end(pt, sh_next(pt, cond_end));
	r = end == SCAN_NONE ? SCAN_NONE : sh_next(pt, end);
	if (!sh_ident(pt, r, "request_region") ||
	    !call_parens(pt->buf, pt->tl, r, &ro, &rc) ||
	    !sh_op(pt, sh_next(pt, rc), ";") ||
	    call_args(pt->buf, pt->tl, ro, rc, rcomma, 2) != 2 ||
	    !same_text(pt, open, close, ro, rcomma[1]))
		return false;
	*from = pt->tl->tok[i].pos;
	*to = pt->tl->tok[cond_end].pos;
	*claim = pt->tl->tok[r].pos;
	*claim_end = tok_end(&pt->tl->tok[sh_next(pt, rc)]);
	return true;
}

/* The adjacent claim becomes the test; false if the shape is another. */
static bool take_claim(struct porter *pt, struct target *tg, size_t i)
{
	size_t from, to, claim, claim_end;
	char *text;

	if (!claim_follows(pt, i, &from, &to, &claim, &claim_end))
		return false;
	if (!target_finding(tg, from, R_CHECK_REGION, true,
			    GONE "; the claim that follows it becomes the test, request_region()'s result"))
		return true;
	text = porter_printf(pt, "!%.*s", (int)(claim_end - 1 - claim),
			     pt->buf + claim);
	if (text) {
		add_edit(pt, from, to - from, text);
		delete_line_range(pt, claim, claim_end);
	}
	free(text);
	return true;
}

static void own_check_region(struct porter *pt)
{
	const char *e = pt->eol;
	char *def = porter_printf(pt, OWN_FN, e, e, e, e, e, e, e, e, e, e, e,
				  e);

	if (def)
		add_after_includes(pt, "<linux/ioport.h>", def);
	free(def);
}

/*
 * Does the file define or declare "int check_region(" (the function this
 * rule adds, or one of its own, wherever the brace count stands)?
 */
static bool defines_own(const struct porter *pt, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (sh_ident(pt, sh_prev(pt, h[k].tok), "int") &&
		    sh_op(pt, sh_next(pt, h[k].tok), "("))
			return true;
	return false;
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct target tg;
	bool own = false;
	size_t k;

	if (defines_own(pt, h, n))
		return;
	target_init(&tg, pt);
	for (k = 0; k < n; k++) {
		size_t pos = pt->tl->tok[h[k].tok].pos;

		if (!legacy_call(pt, h, n, k))
			continue;
		if (!(h[k].flags & H_PP) && take_claim(pt, &tg, h[k].tok))
			continue;
		if (pt->header) {
			add_finding(pt, pos, R_CHECK_REGION, SEV_WARNING, false,
				    "%s; call request_region() and check its result instead; port it by hand", GONE);
			continue;
		}
		if (target_finding(&tg, pos, R_CHECK_REGION, true,
				   GONE "; it becomes the file's own check_region(), the kernel's until then (request_region() and release_region() at once): the driver's test races as it did in 2.4; testing request_region()'s result where the driver claims the range is the full port"))
			own = true;
	}
	if (own)
		own_check_region(pt);
}

static const struct family checkregion = {
	.name = "checkregion", .rules = rules, .words = words, .run = run,
};
FAMILY(checkregion)
