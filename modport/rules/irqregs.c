// SPDX-License-Identifier: GPL-2.0
/*
 * irqregs.c: the irq-regs rule.  2.6.19 took the struct pt_regs * off
 * interrupt handlers (get_irq_regs() has them for the few that need
 * them):
 *
 *	irq-regs	irqreturn_t f(int irq, void *dev_id, struct pt_regs
 *			*regs) -> irqreturn_t f(int irq, void *dev_id), in
 *			its definition and prototypes, when the body does not
 *			read regs; the file's own calls f(a, b, c) lose their
 *			third argument
 *
 * A handler that reads regs is reported.  (A void handler of 2.4 is
 * void-irq-handler's, in irqhandler.c: its return value needs a person.)
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

static const char *const words[] = { "pt_regs", NULL };

static const enum rule_id rules[] = { R_IRQ_REGS, NR_RULES };

/* A function "irqreturn_t f(int a, void *b, struct pt_regs *c)". */
struct handler {
	size_t name, open, close, comma;	/* comma: before "struct" */
	size_t regs;		/* the parameter's name, or SCAN_NONE */
	size_t body;		/* '{', or SCAN_NONE: a prototype */
};

static bool handler_shape(const struct cb_ctx *c, size_t i, struct handler *f)
{
	size_t s = cb_prev(c, i), star = cb_next(c, i), comma[3], after;

	f->comma = cb_prev(c, s);
	f->regs = cb_next(c, star);
	f->close = c->tok[f->regs].type == TOKEN_IDENT ? cb_next(c, f->regs) :
		   f->regs;
	if (f->close == f->regs)
		f->regs = SCAN_NONE;
	if (!cb_ident(c, s, "struct") || !cb_op(c, f->comma, ",") ||
	    !cb_op(c, star, "*") || !cb_op(c, f->close, ")"))
		return false;
	f->open = match_open(c->buf, c->tl, f->close, '(', ')');
	if (f->open == SCAN_NONE || f->open == 0 ||
	    call_args(c->buf, c->tl, f->open, f->close, comma, 3) != 2 ||
	    comma[1] != f->comma)
		return false;
	f->name = cb_prev(c, f->open);
	after = cb_next(c, f->close);
	f->body = cb_op(c, after, "{") ? after : SCAN_NONE;
	return f->name != SCAN_NONE && c->tok[f->name].type == TOKEN_IDENT &&
	       cb_ident(c, cb_prev(c, f->name), "irqreturn_t") &&
	       (f->body != SCAN_NONE || cb_op(c, after, ";"));
}

/* Does the body of f read its regs? */
static bool reads_regs(const struct cb_ctx *c, const struct handler *f)
{
	size_t end, k;

	if (f->body == SCAN_NONE || f->regs == SCAN_NONE)
		return false;
	end = match_close(c->buf, c->tl, f->body, '{', '}');
	for (k = cb_next(c, f->body); end != SCAN_NONE && k < end; k = cb_next(c, k))
		if (cb_same(c, k, f->regs) && !after_member_op(c->buf, c->tl, k))
			return true;
	return end == SCAN_NONE;
}

/* The file's calls of f: their third argument goes. */
static void calls(struct cb_ctx *c, const struct handler *f)
{
	size_t k, open, close, comma[3];

	for (k = 0; c->tok[k].type != TOKEN_EOF; k = cb_next(c, k)) {
		size_t p = cb_prev(c, k);

		if (k == f->name || !cb_same(c, k, f->name) ||
		    !is_call(c->buf, c->tl, k) ||
		    (p != SCAN_NONE && (cb_ident(c, p, "irqreturn_t") ||
					cb_op(c, p, "*"))) ||
		    !call_parens(c->buf, c->tl, k, &open, &close) ||
		    call_args(c->buf, c->tl, open, close, comma, 3) != 2)
			continue;
		add_edit(c->pt, c->tok[comma[1]].pos,
			 c->tok[close].pos - c->tok[comma[1]].pos, "");
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct cb_ctx c;
	struct handler f;
	size_t k;

	cb_init(&c, pt);
	for (k = 0; k < n; k++, h++) {
		if ((h->flags & (H_DEAD | H_PP | H_BODY)) || h->depth ||
		    !handler_shape(&c, h->tok, &f))
			continue;
		if (reads_regs(&c, &f)) {
			target_finding(&c.tg, c.tok[f.name].pos, R_IRQ_REGS, false,
				       "interrupt handlers take no struct pt_regs * since 2.6.19, and this one reads it: get_irq_regs()");
			continue;
		}
		if (!target_finding(&c.tg, c.tok[f.name].pos, R_IRQ_REGS, true,
				    "interrupt handlers take no struct pt_regs * since 2.6.19: irqreturn_t f(int irq, void *dev_id)"))
			continue;
		add_edit(pt, c.tok[f.comma].pos,
			 c.tok[f.close].pos - c.tok[f.comma].pos, "");
		if (f.body != SCAN_NONE)
			calls(&c, &f);
	}
}

static const struct family irqregs = {
	.name = "irqregs", .rules = rules, .words = words, .run = run,
};
FAMILY(irqregs)
