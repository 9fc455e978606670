// SPDX-License-Identifier: GPL-2.0
/*
 * irqhandler.c: the void-irq-handler rule.  A 2.4 interrupt handler is
 * void NAME(int irq, void *dev_id, struct pt_regs *regs); 2.6 made it
 * return irqreturn_t and 2.6.19 dropped the pt_regs.  A function of that
 * shape is found when the file registers it (request_irq(), or the handler
 * member of an initializer such as struct irqaction's), or shows 2.4 code
 * already (another finding): a few arch entry points of today's kernels
 * still have the shape.
 *
 * Which value to return says whether the device raised the interrupt; on
 * a line that is not shared nothing else can have, and 2.5.69's own
 * conversion returned IRQ_HANDLED there (the value only feeds the
 * detection of stuck shared lines).  So a handler given to request_irq()
 * only, each time with flags that do not share the line (0, SA_INTERRUPT,
 * SA_SAMPLE_RANDOM: no SA_SHIRQ, no IRQF_SHARED, no variable), whose body
 * does not read regs, is fixed:
 *
 *	void f(int irq, void *dev_id, struct pt_regs *regs)
 *	-> irqreturn_t f(int irq, void *dev_id), its prototypes too;
 *	return; -> return IRQ_HANDLED; and one at the end of the body
 *
 * A shared line's handler, or one the file also calls or stores, is
 * reported: its return value needs a person.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../sibling.h"
#include "../target.h"

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

/* Flags of request_irq() that do not share the line. */
static const char *const unshared[] = {
	"SA_INTERRUPT", "SA_SAMPLE_RANDOM", "IRQF_DISABLED",
	"IRQF_SAMPLE_RANDOM", NULL
};

/* Are the tokens (from, to) flags that do not share the line? */
static bool unshared_flags(const struct porter *pt, size_t from, size_t to)
{
	const struct token_list *tl = pt->tl;
	size_t j, k;

	for (j = next_code(tl, from); j < to; j = next_code(tl, j)) {
		const struct token *t = &tl->tok[j];

		if (t->type == TOKEN_NUMBER || match_op(pt->buf, t, '|'))
			continue;
		for (k = 0; unshared[k] && !match_ident(pt->buf, t, unshared[k]); k++)
			;
		if (!unshared[k])
			return false;
	}
	return true;
}

/*
 * Is the use of the handler's name at j the second argument of a
 * request_irq()?  Whether its flags share the line goes to *shared.
 */
static bool request_use(const struct porter *pt, size_t j, bool *shared)
{
	const struct token_list *tl = pt->tl;
	size_t comma = prev_code(tl, j), open = prev_code(tl, comma), close;
	size_t c[4], name;

	if (!match_op(pt->buf, &tl->tok[comma], ',') ||
	    !match_op(pt->buf, &tl->tok[next_code(tl, j)], ','))
		return false;
	for (; open > 0 && !match_op(pt->buf, &tl->tok[open], '(');
	     open = prev_code(tl, open))
		if (match_op(pt->buf, &tl->tok[open], ')') ||
		    match_op(pt->buf, &tl->tok[open], ';'))
			return false;
	name = prev_code(tl, open);
	close = match_close(pt->buf, tl, open, '(', ')');
	if (!match_ident(pt->buf, &tl->tok[name], "request_irq") ||
	    close == SCAN_NONE ||
	    call_args(pt->buf, tl, open, close, c, 4) != 4 || c[0] != comma)
		return false;
	if (!unshared_flags(pt, c[1], c[2]))
		*shared = true;
	return true;
}

/* EXPORT_SYMBOL(name) or EXPORT_SYMBOL_GPL(name) at the name j? */
static bool exported(const struct porter *pt, size_t j)
{
	const struct token_list *tl = pt->tl;
	size_t open = prev_code(tl, j), m = prev_code(tl, open);

	return match_op(pt->buf, &tl->tok[open], '(') &&
	       match_op(pt->buf, &tl->tok[next_code(tl, j)], ')') &&
	       (match_ident(pt->buf, &tl->tok[m], "EXPORT_SYMBOL") ||
		match_ident(pt->buf, &tl->tok[m], "EXPORT_SYMBOL_GPL"));
}

/* void NAME(int, void *, struct pt_regs *); at name token j? */
static bool is_prototype(const struct porter *pt, size_t j, size_t *rp,
			 size_t comma[MAX_PARAMS])
{
	const struct token_list *tl = pt->tl;
	size_t lp = next_code(tl, j);

	return j > 0 && match_op(pt->buf, &tl->tok[lp], '(') &&
	       match_ident(pt->buf, &tl->tok[prev_code(tl, j)], "void") &&
	       split_params(pt, lp, rp, comma) == 3 &&
	       param_is(pt, next_code(tl, comma[1]), *rp, true) &&
	       match_op(pt->buf, &tl->tok[next_code(tl, *rp)], ';');
}

/* Does the body (open, close) use the identifier at tok? */
static bool body_uses(const struct porter *pt, size_t open, size_t close,
		      size_t tok)
{
	const struct token *n = &pt->tl->tok[tok];
	size_t j;

	for (j = open; j < close; j++) {
		const struct token *t = &pt->tl->tok[j];

		if (t->type == TOKEN_IDENT && t->len == n->len &&
		    !memcmp(pt->buf + t->pos, pt->buf + n->pos, n->len))
			return true;
	}
	return false;
}

/* A statement "name(a, b, c);" at j: its comma before c and its ')'. */
static bool statement_call(const struct porter *pt, size_t j, size_t *comma,
			   size_t *close)
{
	const struct token_list *tl = pt->tl;
	size_t open, c[3], before = prev_code(tl, j);

	if (!is_call(pt->buf, tl, j) ||
	    !call_parens(pt->buf, tl, j, &open, close) ||
	    call_args(pt->buf, tl, open, *close, c, 3) != 2 ||
	    !match_op(pt->buf, &tl->tok[next_code(tl, *close)], ';') ||
	    !(match_op(pt->buf, &tl->tok[before], ';') ||
	      match_op(pt->buf, &tl->tok[before], '{') ||
	      match_op(pt->buf, &tl->tok[before], '}')))
		return false;
	*comma = c[1];
	return true;
}

/* What the uses of a handler's name in the driver's files come to. */
struct uses {
	const char *name;
	size_t len;
	unsigned int requests;
	bool shared;		/* a request shares the line */
	bool other;		/* a use a fix cannot follow */
};

/* The uses of the name in one sibling: requests, its prototypes, else other. */
static bool sibling_uses(const struct sibling *s, void *arg)
{
	struct uses *u = arg;
	struct porter sp = { .path = s->path, .buf = s->buf, .len = s->len,
			     .tl = s->tl };
	size_t j, rp, pc[MAX_PARAMS];

	for (j = 0; s->tl->tok[j].type != TOKEN_EOF; j++) {
		const struct token *t = &s->tl->tok[j];

		if (t->type != TOKEN_IDENT || !is_code(t) || t->len != u->len ||
		    memcmp(s->buf + t->pos, u->name, u->len))
			continue;
		if (request_use(&sp, j, &u->shared))
			u->requests++;
		else if (!is_prototype(&sp, j, &rp, pc))
			u->other = true;
	}
	return u->other;
}

/*
 * Does the file export the handler at name and another file of its folder
 * give it to request_irq() (8390.c's ei_interrupt, ne2k-pci.c's open)?
 */
static bool requested_elsewhere(const struct porter *pt, size_t name)
{
	const struct token_list *tl = pt->tl;
	const struct token *n = &tl->tok[name];
	struct uses u = { .name = pt->buf + n->pos, .len = n->len };
	size_t j;

	for (j = 0; tl->tok[j].type != TOKEN_EOF; j++) {
		const struct token *t = &tl->tok[j];

		if (t->type == TOKEN_IDENT && is_code(t) && t->len == n->len &&
		    !memcmp(pt->buf + t->pos, u.name, n->len) &&
		    exported(pt, j))
			break;
	}
	if (tl->tok[j].type == TOKEN_EOF)
		return false;
	sibling_any(pt->path, sibling_uses, &u);
	return u.requests > 0;
}

/*
 * Why the handler at name cannot be fixed (NULL: it can); its
 * prototypes' names go to protos, the file's calls of it (statements,
 * whose third argument goes) to calls; whether a request shares the line
 * to *shared.  A handler that the file exports is followed into the other
 * .c files of its folder (8390.c's ei_interrupt, requested by ne2k-pci.c).
 */
static const char *unfixable(const struct porter *pt, size_t name,
			     size_t *protos, size_t *nr_protos, size_t *calls,
			     size_t *nr_calls, bool *shared)
{
	const struct token_list *tl = pt->tl;
	const struct token *n = &tl->tok[name];
	size_t lp = next_code(tl, name), rp, comma[MAX_PARAMS], body, end, j;
	size_t regs, requests = 0;
	struct uses u = { .name = pt->buf + n->pos, .len = n->len };
	bool export = false;

	split_params(pt, lp, &rp, comma);
	body = next_code(tl, rp);
	end = match_close(pt->buf, tl, body, '{', '}');
	regs = prev_code(tl, rp);
	if (end == SCAN_NONE)
		return "its body does not end";
	if (tl->tok[regs].type == TOKEN_IDENT &&
	    body_uses(pt, body, end, regs))
		return "it reads its struct pt_regs *: get_irq_regs()";
	*nr_protos = *nr_calls = 0;
	for (j = 0; tl->tok[j].type != TOKEN_EOF; j++) {
		const struct token *t = &tl->tok[j];
		size_t prp, pc[MAX_PARAMS], cc, cl;

		if (j == name || t->type != TOKEN_IDENT || !is_code(t) ||
		    t->len != n->len ||
		    memcmp(pt->buf + t->pos, pt->buf + n->pos, n->len) ||
		    scan_is_dead(&pt->sc, j))
			continue;
		if (request_use(pt, j, shared)) {
			requests++;
		} else if (is_prototype(pt, j, &prp, pc) && *nr_protos < 4) {
			protos[(*nr_protos)++] = j;
		} else if (statement_call(pt, j, &cc, &cl) && *nr_calls < 8) {
			calls[(*nr_calls)++] = j;
		} else if (exported(pt, j)) {
			export = true;
		} else {
			return "the file uses it otherwise than giving it to request_irq(), calling it or exporting it: whether its device interrupted decides IRQ_HANDLED or IRQ_NONE";
		}
	}
	if (export && sibling_any(pt->path, sibling_uses, &u))
		return "another file of the driver uses it otherwise than giving it to request_irq()";
	if (u.shared)
		*shared = true;
	return requests || u.requests ? NULL : "it is not given to request_irq() (in this file, or another of its folder): whether its device interrupted decides IRQ_HANDLED or IRQ_NONE";
}

/* void -> irqreturn_t, the pt_regs parameter goes: at name j. */
static void convert_decl(struct porter *pt, size_t j)
{
	const struct token_list *tl = pt->tl;
	size_t v = prev_code(tl, j), rp, comma[MAX_PARAMS];

	split_params(pt, next_code(tl, j), &rp, comma);
	add_edit(pt, tl->tok[v].pos, tl->tok[v].len, "irqreturn_t");
	add_edit(pt, tl->tok[comma[1]].pos,
		 tl->tok[rp].pos - tl->tok[comma[1]].pos, "");
}

/* return; -> return IRQ_HANDLED; and one before the body's '}'. */
static void convert_returns(struct porter *pt, size_t name)
{
	const struct token_list *tl = pt->tl;
	size_t rp, comma[MAX_PARAMS], body, end, j, last;
	char *text;

	split_params(pt, next_code(tl, name), &rp, comma);
	body = next_code(tl, rp);
	end = match_close(pt->buf, tl, body, '{', '}');
	for (j = body; j < end; j++)
		if (match_ident(pt->buf, &tl->tok[j], "return") &&
		    match_op(pt->buf, &tl->tok[next_code(tl, j)], ';'))
			add_edit(pt, tl->tok[j].pos, tl->tok[j].len,
				 "return IRQ_HANDLED");
	last = prev_code(tl, end);
	if (match_op(pt->buf, &tl->tok[last], ';') &&
	    match_ident(pt->buf, &tl->tok[prev_code(tl, last)], "return"))
		return;		/* the last statement returns already */
	text = porter_printf(pt, "\treturn IRQ_HANDLED;%s", pt->eol);
	if (text)
		add_edit(pt, line_start(pt->buf, tl->tok[end].pos), 0, text);
	free(text);
}

static const char *const words[] = { "void", NULL };
static const enum rule_id rules[] = { R_VOID_IRQ_HANDLER, NR_RULES };

#define SHARED_WHY "; its line is shared, and it returns IRQ_HANDLED all the same: safe, as every handler of a shared line is called whatever they return, but the kernel then cannot find a stuck line (returning IRQ_NONE when its device did not interrupt is a person's refinement)"

static void one(struct porter *pt, struct target *tg, size_t i)
{
	const struct token *t = &pt->tl->tok[i];
	size_t protos[4], nr = 0, calls[8], nr_calls = 0, k, comma, close;
	bool shared = false;
	const char *why = unfixable(pt, i, protos, &nr, calls, &nr_calls,
				    &shared);
	char *msg;

	if (why) {
		msg = porter_printf(pt, "%.*s(): an interrupt handler returns irqreturn_t since 2.6 (IRQ_HANDLED if its device interrupted, else IRQ_NONE) and takes no struct pt_regs * since 2.6.19: make it irqreturn_t %.*s(int irq, void *dev_id) (not fixed: %s)",
				    (int)t->len, pt->buf + t->pos, (int)t->len,
				    pt->buf + t->pos, why);
		if (msg)
			target_finding(tg, t->pos, R_VOID_IRQ_HANDLER, false, msg);
		free(msg);
		return;
	}
	msg = porter_printf(pt, "%.*s(): an interrupt handler returns irqreturn_t since 2.6 and takes no struct pt_regs * since 2.6.19%s",
			    (int)t->len, pt->buf + t->pos, shared ? SHARED_WHY :
			    "; its line is not shared, so it returns IRQ_HANDLED, as 2.5.69's conversion did");
	if (msg && target_finding(tg, t->pos, R_VOID_IRQ_HANDLER, true, msg)) {
		convert_decl(pt, i);
		for (k = 0; k < nr; k++)
			convert_decl(pt, protos[k]);
		for (k = 0; k < nr_calls; k++)
			if (statement_call(pt, calls[k], &comma, &close))
				add_edit(pt, pt->tl->tok[comma].pos,
					 pt->tl->tok[close].pos -
					 pt->tl->tok[comma].pos, "");
		convert_returns(pt, i);
	}
	free(msg);
}

/* A handler's definition in a sibling, and whether it is fixed there. */
struct def {
	const char *name;
	size_t len;
	bool found, fixed;
};

/*
 * In a sibling: the definition "void NAME(int, void *, struct pt_regs *)
 * {", fixable as its own file would, or its port "irqreturn_t NAME(".
 */
static bool sibling_def(const struct sibling *s, void *arg)
{
	struct def *d = arg;
	struct porter sp = { .path = s->path, .buf = s->buf, .len = s->len,
			     .tl = s->tl };
	size_t j, protos[4], nr, calls[8], nr_calls, p;
	bool shared = false;

	for (j = 1; s->tl->tok[j].type != TOKEN_EOF; j++) {
		const struct token *t = &s->tl->tok[j];

		if (t->type != TOKEN_IDENT || !is_code(t) || t->len != d->len ||
		    memcmp(s->buf + t->pos, d->name, d->len))
			continue;
		p = prev_code(s->tl, j);
		if (match_ident(s->buf, &s->tl->tok[p], "irqreturn_t") &&
		    match_op(s->buf, &s->tl->tok[next_code(s->tl, j)], '(')) {
			d->found = d->fixed = true;
			return true;
		}
		if (!is_handler_def(&sp, j) || !(registered_handler(&sp, j) ||
						  requested_elsewhere(&sp, j)))
			continue;
		d->found = true;
		d->fixed = !unfixable(&sp, j, protos, &nr, calls, &nr_calls,
				      &shared);
		return true;
	}
	return false;
}

/*
 * A header's prototype "void NAME(int, void *, struct pt_regs *);" of a
 * handler that another file of the folder defines: converted with it.
 */
static void header_proto(struct porter *pt, struct target *tg, size_t i)
{
	const struct token *t = &pt->tl->tok[i];
	struct def d = { .name = pt->buf + t->pos, .len = t->len };
	size_t rp, comma[MAX_PARAMS];

	if (!is_prototype(pt, i, &rp, comma) ||
	    !sibling_any(pt->path, sibling_def, &d) || !d.fixed)
		return;	/* not converted there: its finding speaks */
	if (target_finding(tg, t->pos, R_VOID_IRQ_HANDLER, true,
			   "the prototype of an interrupt handler that another file of the driver defines and converts: irqreturn_t NAME(int irq, void *dev_id)"))
		convert_decl(pt, i);
}

/* "void" at the top level, in code: a function's return type? */
static void run(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	bool cue = pt->nr_found[0] > 0;
	bool header = pt->header;
	struct target tg;
	size_t k, i;

	target_init(&tg, pt);
	for (k = 0; k < n; k++) {
		const struct token *t;

		if ((h[k].flags & H_PP) || h[k].depth)
			continue;
		i = next_code(tl, h[k].tok);
		t = &tl->tok[i];
		if (t->type != TOKEN_IDENT || scan_is_dead(&pt->sc, i))
			continue;
		if (header && !is_handler_def(pt, i))
			header_proto(pt, &tg, i);
		else if (is_handler_def(pt, i) &&
			 (cue || registered_handler(pt, i) ||
			  requested_elsewhere(pt, i)))
			one(pt, &tg, i);
	}
}

static const struct family irqhandler = {
	.name = "irqhandler", .rules = rules, .words = words, .run = run,
};
FAMILY(irqhandler)
