// SPDX-License-Identifier: GPL-2.0
/*
 * irqhandler.c: the void-irq-handler rule, report-only.  A 2.4 interrupt
 * handler is void NAME(int irq, void *dev_id, struct pt_regs *regs); 2.6
 * made it return irqreturn_t and 2.6.19 dropped the pt_regs.  Which value
 * to return depends on whether the device raised the interrupt, so a
 * person ports it.  A function of that shape is reported when the file
 * registers it (request_irq(), or the handler member of an initializer such
 * as struct irqaction's), or shows 2.4 code already (another finding): a
 * few arch entry points of today's kernels still have the shape.
 */
#include <string.h>

#include "../engine.h"

#define MAX_PARAMS 3

/* The parameter list's commas at depth 0; the count of parameters. */
static int split_params(const struct porter *pt, size_t lp, size_t *rp,
			size_t comma[MAX_PARAMS])
{
	const struct token_list *tl = pt->tl;
	int depth = 0, n = 1;
	size_t j;

	for (j = lp; tl->tok[j].type != TOKEN_EOF; j = next_code(tl, j)) {
		const struct token *t = &tl->tok[j];

		if (match_op(pt->buf, t, '(')) {
			depth++;
		} else if (match_op(pt->buf, t, ')') && !--depth) {
			*rp = j;
			return n;
		} else if (depth == 1 && match_op(pt->buf, t, ',')) {
			if (n == MAX_PARAMS)
				return 0;
			comma[n++ - 1] = j;
		}
	}
	return 0;
}

/* Tokens from i: "void *" or "struct pt_regs *", an optional name, then end. */
static bool param_is(const struct porter *pt, size_t i, size_t end,
		     bool regs)
{
	const struct token_list *tl = pt->tl;

	if (regs) {
		if (!match_ident(pt->buf, &tl->tok[i], "struct"))
			return false;
		i = next_code(tl, i);
		if (!match_ident(pt->buf, &tl->tok[i], "pt_regs"))
			return false;
	} else if (!match_ident(pt->buf, &tl->tok[i], "void")) {
		return false;
	}
	i = next_code(tl, i);
	if (!match_op(pt->buf, &tl->tok[i], '*'))
		return false;
	i = next_code(tl, i);
	if (tl->tok[i].type == TOKEN_IDENT)
		i = next_code(tl, i);
	return i == end;
}

/* void NAME(int, void *, struct pt_regs *) { at name token i? */
static bool is_handler_def(const struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t lp = next_code(tl, i), rp, comma[MAX_PARAMS];

	if (!match_op(pt->buf, &tl->tok[lp], '(') || i == 0 ||
	    !match_ident(pt->buf, &tl->tok[prev_code(tl, i)], "void") ||
	    split_params(pt, lp, &rp, comma) != 3)
		return false;
	return param_is(pt, next_code(tl, comma[0]), comma[1], false) &&
	       param_is(pt, next_code(tl, comma[1]), rp, true) &&
	       match_op(pt->buf, &tl->tok[next_code(tl, rp)], '{');
}

/* Token j is the value of a handler member: ".handler = j" or "handler: j". */
static bool handler_member(const struct porter *pt, size_t j)
{
	const struct token_list *tl = pt->tl;
	size_t op = prev_code(tl, j), m = prev_code(tl, op);

	if (!match_ident(pt->buf, &tl->tok[m], "handler"))
		return false;
	if (match_op(pt->buf, &tl->tok[op], ':'))
		return true;
	return match_op(pt->buf, &tl->tok[op], '=') &&
	       match_op(pt->buf, &tl->tok[prev_code(tl, m)], '.');
}

/* Token i is an argument of request_irq(): the call's '(' is at or before. */
static bool in_request_irq(const struct porter *pt, size_t j)
{
	const struct token_list *tl = pt->tl;
	int depth = 0;

	for (; j > 0; j = prev_code(tl, j)) {
		const struct token *t = &tl->tok[j];

		if (match_op(pt->buf, t, ')'))
			depth++;
		else if (match_op(pt->buf, t, '(') && --depth < 0)
			return match_ident(pt->buf, &tl->tok[prev_code(tl, j)],
					   "request_irq");
		else if (match_op(pt->buf, t, ';') || match_op(pt->buf, t, '{'))
			return false;
	}
	return false;
}

/*
 * Is the function at name registered as an interrupt handler in this
 * file: given to request_irq(), or the handler of an initializer (struct
 * irqaction)?
 */
static bool registered_handler(const struct porter *pt, size_t name)
{
	const struct token_list *tl = pt->tl;
	const struct token *n = &tl->tok[name];
	size_t j;

	for (j = 0; tl->tok[j].type != TOKEN_EOF; j++) {
		const struct token *t = &tl->tok[j];

		if (j == name || t->type != TOKEN_IDENT || !is_code(t) ||
		    t->len != n->len ||
		    memcmp(pt->buf + t->pos, pt->buf + n->pos, n->len))
			continue;
		if (handler_member(pt, j) || in_request_irq(pt, j))
			return true;
	}
	return false;
}

static const char *const words[] = { "void", NULL };
static const enum rule_id rules[] = { R_VOID_IRQ_HANDLER, NR_RULES };

/* "void" at the top level, in code: a function's return type? */
static void run(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	bool cue = pt->nr_found[0] > 0;
	size_t k, i;

	for (k = 0; k < n; k++) {
		const struct token *t;

		if ((h[k].flags & H_PP) || h[k].depth)
			continue;
		i = next_code(tl, h[k].tok);
		t = &tl->tok[i];
		if (t->type != TOKEN_IDENT || !is_handler_def(pt, i) ||
		    scan_is_dead(&pt->sc, i) ||
		    !(cue || registered_handler(pt, i)))
			continue;
		add_finding(pt, t->pos, R_VOID_IRQ_HANDLER, SEV_WARNING, false,
			    "%.*s(): an interrupt handler returns irqreturn_t since 2.6 (IRQ_HANDLED if its device interrupted, else IRQ_NONE) and takes no struct pt_regs * since 2.6.19: make it irqreturn_t %.*s(int irq, void *dev_id); port it by hand",
			    (int)t->len, pt->buf + t->pos, (int)t->len,
			    pt->buf + t->pos);
	}
}

static const struct family irqhandler = {
	.name = "irqhandler", .rules = rules, .words = words, .run = run,
};
FAMILY(irqhandler)
