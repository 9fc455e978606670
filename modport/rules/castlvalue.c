// SPDX-License-Identifier: GPL-2.0
/*
 * castlvalue.c: the cast-lvalue rule.  GCC before 4.0 let a cast be
 * assigned to and incremented; 2.4's drivers walk a byte buffer in wider
 * steps so: "*((u16 *)buf)++ = v;" (ne2k-pci, and others that move data
 * by 16 or 32 bits).  GCC 4.0 made it an error ("lvalue required as
 * increment operand").  The same step, written without the lvalue cast:
 *
 *	*((T *)p)++		((T *)(p += sizeof(T)))[-1]
 *	((T *)p)++;		p += sizeof(T);
 *
 * only where p is declared a pointer to bytes (char, u8, void, their
 * signed, unsigned and const forms), so that p += sizeof(T) is T's step;
 * other shapes are left to the compiler's error.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"

/*
 * The "++" of the step, not the ')' before it: a file has ten times
 * as many ')' as "++", and every word found is a hit to look at.
 */
static const char *const words[] = { "++", NULL };
static const enum rule_id rules[] = { R_CAST_LVALUE, NR_RULES };

static const char *const bytes[] = {
	"char", "u8", "__u8", "s8", "__s8", "uint8_t", "int8_t", "void",
};

static bool op(const struct porter *pt, size_t i, const char *s)
{
	return i != SCAN_NONE && pt->tl->tok[i].type == TOKEN_SPECIAL &&
	       token_is(pt->buf, &pt->tl->tok[i], s);
}

/* Is p, at token i, declared "BYTE *p" by its nearest declaration? */
static bool byte_pointer(const struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	const struct token *t = &tl->tok[i];
	size_t j, star, type, after;

	for (j = code_before(tl, i); j != SCAN_NONE; j = code_before(tl, j)) {
		if (tl->tok[j].len != t->len ||
		    tl->tok[j].type != TOKEN_IDENT ||
		    memcmp(pt->buf + tl->tok[j].pos, pt->buf + t->pos, t->len))
			continue;
		star = code_before(tl, j);
		after = next_code(tl, j);
		if (!op(pt, star, "*") || !(op(pt, after, ";") ||
					   op(pt, after, "=") ||
					   op(pt, after, ",") ||
					   op(pt, after, ")")))
			continue;
		type = code_before(tl, star);
		return type != SCAN_NONE &&
		       TOKEN_IN(pt->buf, &tl->tok[type], bytes);
	}
	return false;
}

/*
 * "( ( T * ) p ) ++" with the ')' after p at close: the outer '(' in
 * *open, the "++" in *inc, T's text in [*t_from, *t_to).
 */
static bool cast_step(const struct porter *pt, size_t close, size_t *open,
		      size_t *inc, size_t *t_from, size_t *t_to, size_t *p)
{
	const struct token_list *tl = pt->tl;
	size_t cast_close = code_before(tl, close), star, cast_open;

	*p = cast_close;
	cast_close = code_before(tl, cast_close);
	if (*p == SCAN_NONE || tl->tok[*p].type != TOKEN_IDENT ||
	    !op(pt, cast_close, ")"))
		return false;
	star = code_before(tl, cast_close);
	cast_open = match_open(pt->buf, tl, cast_close, '(', ')');
	*open = cast_open == SCAN_NONE ? SCAN_NONE : code_before(tl, cast_open);
	*inc = next_code(tl, close);
	if (!op(pt, star, "*") || !op(pt, *open, "(") || !op(pt, *inc, "++") ||
	    match_close(pt->buf, tl, *open, '(', ')') != close ||
	    next_code(tl, cast_open) == star)
		return false;
	*t_from = tl->tok[next_code(tl, cast_open)].pos;
	*t_to = tok_end(&tl->tok[code_before(tl, star)]);
	return byte_pointer(pt, *p);
}

static void one(struct porter *pt, struct target *tg, size_t step)
{
	const struct token_list *tl = pt->tl;
	size_t close = code_before(tl, step), open, inc, tf, tt, p, deref;
	size_t from, to;
	int lt, lp;
	const char *pp;
	char *text;
	bool stmt;

	if (!op(pt, close, ")") ||
	    !cast_step(pt, close, &open, &inc, &tf, &tt, &p))
		return;
	deref = code_before(tl, open);
	lt = (int)(tt - tf);
	lp = (int)tl->tok[p].len;
	pp = pt->buf + tl->tok[p].pos;
	stmt = op(pt, next_code(tl, inc), ";") && deref != SCAN_NONE &&
	       (op(pt, deref, ";") || op(pt, deref, "{") || op(pt, deref, "}"));
	if (!stmt && !op(pt, deref, "*"))
		return;
	if (!target_finding(tg, tl->tok[open].pos, R_CAST_LVALUE, true,
			    "a cast is no lvalue since GCC 4.0 (\"lvalue required as increment operand\"): the pointer steps by the size of the type it was cast to"))
		return;
	from = stmt ? tl->tok[open].pos : tl->tok[deref].pos;
	to = tok_end(&tl->tok[inc]);
	text = stmt ? porter_printf(pt, "%.*s += sizeof(%.*s)", lp, pp, lt,
				    pt->buf + tf) :
		      porter_printf(pt, "((%.*s *)(%.*s += sizeof(%.*s)))[-1]",
				    lt, pt->buf + tf, lp, pp, lt, pt->buf + tf);
	if (text)
		add_edit(pt, from, to - from, text);
	free(text);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct target tg;
	size_t k;

	target_init(&tg, pt);
	for (k = 0; k < n; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)) && h[k].depth)
			one(pt, &tg, h[k].tok);
}

static const struct family castlvalue = {
	.name = "castlvalue", .rules = rules, .words = words, .run = run,
};
FAMILY(castlvalue)
