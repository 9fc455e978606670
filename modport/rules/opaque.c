// SPDX-License-Identifier: GPL-2.0
/*
 * opaque.c: is a struct tag the target lacks only the type of pointers
 * that nothing dereferences (opaque.h)?  Two passes over the file and its
 * local headers: every "struct X" must have a shape that compiles with X
 * incomplete, and gives the names it declares; then every other use of
 * those names must be one that compiles too.  Anything not recognized
 * answers false: the finding stays.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../directive.h"
#include "../scan.h"
#include "opaque.h"

/* A token of a unit: a declared name, an initializer's '=', a cast's '='. */
struct site {
	size_t unit, tok;
};

struct sites {
	struct site *s;
	size_t nr, alloc;
};

struct oq {
	const struct opaque_unit *u;
	size_t n;
	struct sites decl;	/* the names "struct X *name" declares */
	struct sites init;	/* '=' of "struct X *name = ..." */
	struct sites cast;	/* '=' of "... = (struct X *)..." */
	struct sites fn;	/* f of "f(..., struct X *p, ...)" */
	struct sites pos;	/* and p's position there (tok: the number) */
	int err;
};

/* Functions of every target that return void * (a pointer to anything). */
static const char *const void_getters[] = {
	"dev_get_platdata", "dev_get_drvdata", "platform_get_drvdata",
	"pci_get_drvdata", "usb_get_intfdata", "i2c_get_clientdata",
	"spi_get_drvdata", "netdev_priv", "kmalloc", "kzalloc", "kcalloc",
	"kmalloc_array", "vmalloc", "vzalloc", "devm_kzalloc", "devm_kmalloc",
	"devm_kcalloc", "kmemdup",
};

/* Functions of every target whose parameter is a (const) void *. */
static const char *const void_takers[] = {
	"kfree", "vfree", "kvfree", "kfree_sensitive", "kzfree",
};

/* Words that may stand before "struct X" in a declaration. */
static const char *const specifiers[] = {
	"const", "volatile", "static", "extern", "register",
};

static int add(struct sites *ss, size_t unit, size_t tok)
{
	if (ss->nr == ss->alloc) {
		size_t na = ss->alloc ? 2 * ss->alloc : 8;
		struct site *s = realloc(ss->s, na * sizeof(*s));

		if (!s)
			return -ENOMEM;
		ss->s = s;
		ss->alloc = na;
	}
	ss->s[ss->nr++] = (struct site){ unit, tok };
	return 0;
}

static const struct token *tk(const struct oq *q, size_t u, size_t k)
{
	return &q->u[u].tl->tok[k];
}

static const char *bf(const struct oq *q, size_t u)
{
	return q->u[u].buf;
}

/* The token before k, comments skipped; SCAN_NONE at the start. */
static size_t prv(const struct oq *q, size_t u, size_t k)
{
	while (k > 0 && tk(q, u, k - 1)->type == TOKEN_COMMENT)
		k--;
	return k > 0 ? k - 1 : SCAN_NONE;
}

static size_t nxt(const struct oq *q, size_t u, size_t k)
{
	if (tk(q, u, k)->type == TOKEN_EOF)
		return k;
	for (k++; tk(q, u, k)->type == TOKEN_COMMENT; k++)
		;
	return k;
}

/* Is token k (SCAN_NONE: no token) the punctuator s? */
static bool op(const struct oq *q, size_t u, size_t k, const char *s)
{
	return k != SCAN_NONE && tk(q, u, k)->type == TOKEN_SPECIAL &&
	       token_is(bf(q, u), tk(q, u, k), s);
}

static bool word(const struct oq *q, size_t u, size_t k, const char *s)
{
	return k != SCAN_NONE && match_ident(bf(q, u), tk(q, u, k), s);
}

static bool ident(const struct oq *q, size_t u, size_t k)
{
	return k != SCAN_NONE && tk(q, u, k)->type == TOKEN_IDENT;
}

/* NULL or 0. */
static bool null_ptr(const struct oq *q, size_t u, size_t k)
{
	const struct token *t;

	if (k == SCAN_NONE)
		return false;
	t = tk(q, u, k);
	return word(q, u, k, "NULL") ||
	       (t->type == TOKEN_NUMBER && token_is(bf(q, u), t, "0"));
}

/* The '(' or '[' that the ')' or ']' at k closes, or SCAN_NONE. */
static size_t opener(const struct oq *q, size_t u, size_t k)
{
	int depth = 0;
	size_t steps = 0;

	for (; k != SCAN_NONE && steps < 4096; k = prv(q, u, k), steps++) {
		if (op(q, u, k, ")") || op(q, u, k, "]"))
			depth++;
		else if ((op(q, u, k, "(") || op(q, u, k, "[")) && !--depth)
			return k;
		else if (op(q, u, k, ";") || op(q, u, k, "{") ||
			 op(q, u, k, "}"))
			return SCAN_NONE;
	}
	return SCAN_NONE;
}

/* The token after the ')' or ']' that closes the group opened at k. */
static size_t past_group(const struct oq *q, size_t u, size_t k)
{
	int depth = 0;
	size_t steps = 0;

	for (; tk(q, u, k)->type != TOKEN_EOF && steps < 4096;
	     k = nxt(q, u, k), steps++) {
		if (op(q, u, k, "(") || op(q, u, k, "["))
			depth++;
		else if ((op(q, u, k, ")") || op(q, u, k, "]")) && !--depth)
			return nxt(q, u, k);
		else if (op(q, u, k, ";") || op(q, u, k, "{") ||
			 op(q, u, k, "}"))
			return SCAN_NONE;
	}
	return SCAN_NONE;
}

/*
 * The '(' of the call or parameter list whose argument token k is in, or
 * SCAN_NONE; *pos: the argument's position (0 the first).
 */
static size_t call_open(const struct oq *q, size_t u, size_t k, size_t *pos)
{
	int depth = 0;
	size_t steps = 0;

	*pos = 0;
	for (k = prv(q, u, k); k != SCAN_NONE && steps < 4096;
	     k = prv(q, u, k), steps++) {
		if (op(q, u, k, ")") || op(q, u, k, "]"))
			depth++;
		else if (op(q, u, k, "(") || op(q, u, k, "[")) {
			if (!depth)
				return op(q, u, k, "(") ? k : SCAN_NONE;
			depth--;
		} else if (op(q, u, k, ";") || op(q, u, k, "{") ||
			   op(q, u, k, "}")) {
			return SCAN_NONE;
		} else if (!depth && op(q, u, k, ",")) {
			++*pos;
		}
	}
	return SCAN_NONE;
}

/* Words before a call's name: it is called, not declared, there. */
static const char *const call_words[] = {
	"return", "else", "do", "case", "sizeof", "if", "while", "for",
	"switch",
};

/*
 * The first token of the postfix expression whose last name is at k
 * (s->a.pe, f(x)->pe, t[i].pe), or SCAN_NONE where it cannot tell.  A
 * designator ".pe = " of an initializer starts at its '.'.
 */
static size_t chain_start(const struct oq *q, size_t u, size_t k)
{
	size_t p, j, o;

	for (;;) {
		p = prv(q, u, k);
		if (!op(q, u, p, "->") && !op(q, u, p, "."))
			return k;
		j = prv(q, u, p);
		if (ident(q, u, j)) {
			k = j;
			continue;
		}
		if (op(q, u, j, "{") || op(q, u, j, ","))
			return op(q, u, p, ".") ? p : SCAN_NONE;
		if (!op(q, u, j, ")") && !op(q, u, j, "]"))
			return SCAN_NONE;
		o = opener(q, u, j);
		if (o == SCAN_NONE)
			return SCAN_NONE;
		k = o;
		if (ident(q, u, prv(q, u, o)))	/* f(x)->, a[i]. */
			k = prv(q, u, o);
	}
}

/*
 * The token after the operand that starts at k - an optional '&', then
 * a name or a parenthesized group, then any '->m', '.m', '(...)' or
 * '[...]' - or SCAN_NONE.  *last: the operand's last token.
 */
static size_t operand_end(const struct oq *q, size_t u, size_t k,
			  size_t *last)
{
	if (op(q, u, k, "&"))
		k = nxt(q, u, k);
	if (ident(q, u, k)) {
		*last = k;
		k = nxt(q, u, k);
	} else if (op(q, u, k, "(")) {
		k = past_group(q, u, k);
		*last = SCAN_NONE;
	} else {
		return SCAN_NONE;
	}
	while (k != SCAN_NONE) {
		if (op(q, u, k, "->") || op(q, u, k, ".")) {
			k = nxt(q, u, k);
			if (!ident(q, u, k))
				return SCAN_NONE;
			*last = k;
			k = nxt(q, u, k);
		} else if (op(q, u, k, "(") || op(q, u, k, "[")) {
			k = past_group(q, u, k);
			*last = SCAN_NONE;
		} else {
			return k;
		}
	}
	return SCAN_NONE;
}

/* Does token k of unit u spell a name the tag's declarations declare? */
static bool declared(const struct oq *q, size_t u, size_t k)
{
	size_t d;

	if (!ident(q, u, k))
		return false;
	for (d = 0; d < q->decl.nr; d++)
		if (same_name(bf(q, q->decl.s[d].unit),
			      tk(q, q->decl.s[d].unit, q->decl.s[d].tok),
			      bf(q, u), tk(q, u, k)))
			return true;
	return false;
}

/* Is token k a function whose parameter pos is one of the tag's pointers? */
static bool takes_at(const struct oq *q, size_t u, size_t k, size_t pos)
{
	size_t d;

	if (!ident(q, u, k))
		return false;
	for (d = 0; d < q->fn.nr; d++)
		if (q->pos.s[d].tok == pos &&
		    same_name(bf(q, q->fn.s[d].unit),
			      tk(q, q->fn.s[d].unit, q->fn.s[d].tok),
			      bf(q, u), tk(q, u, k)))
			return true;
	return false;
}

/*
 * Is token k a member ("->k", ".k")?  Matched by its spelling, it may be
 * another struct's (a kernel's, of another type): its type is not known.
 */
static bool member(const struct oq *q, size_t u, size_t k)
{
	size_t p = prv(q, u, k);

	return op(q, u, p, "->") || op(q, u, p, ".");
}

/* One of the tag's pointers, surely: a name declared so, no member. */
static bool ours(const struct oq *q, size_t u, size_t k)
{
	return declared(q, u, k) && !member(q, u, k);
}

static bool is_decl(const struct oq *q, size_t u, size_t k)
{
	size_t d;

	for (d = 0; d < q->decl.nr; d++)
		if (q->decl.s[d].unit == u && q->decl.s[d].tok == k)
			return true;
	return false;
}

/* Where an assignment's or initializer's value ends. */
static bool value_end(const struct oq *q, size_t u, size_t k)
{
	return op(q, u, k, ";") || op(q, u, k, ",") || op(q, u, k, "}");
}

/* Is "(struct TAG *...)" or "(void *)" at k?  *after: past its ')'. */
static bool pointer_cast(const struct oq *q, size_t u, size_t k,
			 const char *tag, size_t len, size_t *after)
{
	const struct token *t;

	if (!op(q, u, k, "("))
		return false;
	k = nxt(q, u, k);
	if (word(q, u, k, "void")) {
		k = nxt(q, u, k);
		if (!op(q, u, k, "*"))
			return false;
	} else {
		if (!word(q, u, k, "struct") && !word(q, u, k, "union"))
			return false;
		k = nxt(q, u, k);
		t = tk(q, u, k);
		if (t->type != TOKEN_IDENT || t->len != len ||
		    memcmp(bf(q, u) + t->pos, tag, len))
			return false;
		k = nxt(q, u, k);
		if (!op(q, u, k, "*"))
			return false;
	}
	while (op(q, u, k, "*"))
		k = nxt(q, u, k);
	if (!op(q, u, k, ")"))
		return false;
	*after = nxt(q, u, k);
	return true;
}

/*
 * The value after the '=' at eq, up to ';', ',' or '}': NULL or 0, a call
 * of a void *-returning function, a cast to struct TAG * or void *, or an
 * expression whose last name is one of the tag's pointers.  With any (the
 * pointer assigned may be of any type), NULL, 0 or a void * only.
 */
static bool value_ok(const struct oq *q, size_t u, size_t eq, const char *tag,
		     size_t len, bool any)
{
	size_t k = nxt(q, u, eq), e, last = SCAN_NONE;

	if (null_ptr(q, u, k))
		return value_end(q, u, nxt(q, u, k));
	if (!any && pointer_cast(q, u, k, tag, len, &e))
		return (e = operand_end(q, u, e, &last)) != SCAN_NONE &&
		       value_end(q, u, e);
	if (ident(q, u, k) &&
	    TOKEN_IN(bf(q, u), tk(q, u, k), void_getters) &&
	    op(q, u, nxt(q, u, k), "("))
		return (e = past_group(q, u, nxt(q, u, k))) != SCAN_NONE &&
		       value_end(q, u, e);
	e = operand_end(q, u, k, &last);
	return !any && e != SCAN_NONE && value_end(q, u, e) &&
	       !op(q, u, k, "&") && last != SCAN_NONE && ours(q, u, last);
}

/* A statement's first token follows p. */
static bool statement_before(const struct oq *q, size_t u, size_t p)
{
	return op(q, u, p, ";") || op(q, u, p, "{") || op(q, u, p, "}") ||
	       op(q, u, p, ")") || word(q, u, p, "else");
}

/* Is the use at k of a pointer's name one that compiles, X incomplete? */
static bool use_ok(const struct oq *q, size_t u, size_t k, const char *tag,
		   size_t len)
{
	size_t s = chain_start(q, u, k), p, n = nxt(q, u, k), pp, at;
	bool lp, ln;

	if (s == SCAN_NONE)
		return false;
	p = prv(q, u, s);
	if (op(q, u, n, "="))	/* pe = ...; s->pe = ...; .pe = ... */
		return (statement_before(q, u, p) ||
			(op(q, u, s, ".") && op(q, u, p, ","))) &&
		       value_ok(q, u, n, tag, len, member(q, u, k));
	if (op(q, u, p, "=") && value_end(q, u, n))	/* a = pe; */
		return ours(q, u, prv(q, u, p)) && s == k;
	if (op(q, u, n, "==") || op(q, u, n, "!=")) {
		size_t v = nxt(q, u, n), w = nxt(q, u, v);

		return (op(q, u, p, "(") || op(q, u, p, "&&") ||
			op(q, u, p, "||") || op(q, u, p, "=")) &&
		       null_ptr(q, u, v) &&
		       (op(q, u, w, ")") || op(q, u, w, ";") ||
			op(q, u, w, "&&") || op(q, u, w, "||"));
	}
	if ((op(q, u, p, "==") || op(q, u, p, "!=")) &&
	    null_ptr(q, u, prv(q, u, p)))
		return op(q, u, n, ")") || op(q, u, n, ";") ||
		       op(q, u, n, "&&") || op(q, u, n, "||");
	/* a truth value: !pe, a && pe, (pe || b), pe ? a : b */
	lp = op(q, u, p, "!") || op(q, u, p, "&&") || op(q, u, p, "||");
	ln = op(q, u, n, "&&") || op(q, u, n, "||") || op(q, u, n, "?");
	if (lp || ln)
		return (lp || op(q, u, p, "(") ||
			(op(q, u, n, "?") && (op(q, u, p, "=") ||
					      word(q, u, p, "return")))) &&
		       (ln || op(q, u, n, ")") || op(q, u, n, ";") ||
			op(q, u, n, ","));
	if ((!op(q, u, p, "(") && !op(q, u, p, ",")) ||
	    (!op(q, u, n, ")") && !op(q, u, n, ",")))
		return false;
	if (op(q, u, p, "(") && op(q, u, n, ")")) {
		pp = prv(q, u, p);
		if (word(q, u, pp, "if") || word(q, u, pp, "while") ||
		    (ident(q, u, pp) &&
		     TOKEN_IN(bf(q, u), tk(q, u, pp), void_takers)))
			return true;
	}
	/* an argument of the file's function whose parameter is one too */
	if (member(q, u, k))
		return false;
	pp = call_open(q, u, k, &at);
	return pp != SCAN_NONE && takes_at(q, u, prv(q, u, pp), at);
}

/* Does p (before "struct X") end what came before a declaration? */
static bool decl_before(const struct oq *q, size_t u, size_t p)
{
	return p == SCAN_NONE || op(q, u, p, ";") || op(q, u, p, "{") ||
	       op(q, u, p, "}") || (tk(q, u, p)->flags & TF_PP);
}

/* After a declared name at k: its initializer's end, or the next name. */
static bool declarators(struct oq *q, size_t u, size_t k)
{
	for (;;) {
		size_t n = nxt(q, u, k), steps = 0;
		int depth = 0;

		if (add(&q->decl, u, k)) {
			q->err = -ENOMEM;
			return false;
		}
		if (op(q, u, n, "=")) {
			if (add(&q->init, u, n)) {
				q->err = -ENOMEM;
				return false;
			}
			for (n = nxt(q, u, n); tk(q, u, n)->type != TOKEN_EOF &&
			     steps < 4096; n = nxt(q, u, n), steps++) {
				if (op(q, u, n, "(") || op(q, u, n, "[") ||
				    op(q, u, n, "{"))
					depth++;
				else if (op(q, u, n, ")") || op(q, u, n, "]") ||
					 op(q, u, n, "}"))
					depth--;
				else if (!depth && (op(q, u, n, ",") ||
						    op(q, u, n, ";")))
					break;
			}
		}
		if (op(q, u, n, ";"))
			return true;
		if (!op(q, u, n, ","))
			return false;	/* an array, a function, ... */
		k = nxt(q, u, n);
		if (!op(q, u, k, "*"))
			return false;	/* "struct X *a, b": b is an X */
		while (op(q, u, k, "*"))
			k = nxt(q, u, k);
		if (!ident(q, u, k))
			return false;
	}
}

/*
 * Is token k at file scope: outside any function's braces (a struct's
 * body is no scope: a member's "struct X *p" declares X where the struct
 * is)?
 */
static bool file_scope(const struct oq *q, size_t u, size_t k)
{
	size_t steps = 0, p;
	int depth = 0;

	for (k = prv(q, u, k); k != SCAN_NONE && steps < 65536;
	     k = prv(q, u, k), steps++) {
		if (!is_code(tk(q, u, k)))
			continue;
		if (op(q, u, k, "}")) {
			depth++;
		} else if (op(q, u, k, "{") && depth) {
			depth--;
		} else if (op(q, u, k, "{")) {	/* the braces around k */
			p = prv(q, u, k);
			if (ident(q, u, p) && !word(q, u, p, "struct") &&
			    !word(q, u, p, "union"))
				p = prv(q, u, p);
			if (!word(q, u, p, "struct") && !word(q, u, p, "union"))
				return false;
		}
	}
	return k == SCAN_NONE;
}

/*
 * The use of the tag at token x (after "struct"): a shape that compiles
 * with the struct incomplete?  Declared names go to q->decl.  *decl: it
 * declares the tag where it stands (struct X; or a declaration's type),
 * not in a parameter list or a cast, where a tag no one declared before
 * is another type, seen there only.
 */
static bool tag_use(struct oq *q, size_t u, size_t s, size_t x, bool *decl)
{
	size_t n = nxt(q, u, x), b = prv(q, u, s), bb;

	*decl = false;

	while (b != SCAN_NONE && TOKEN_IN(bf(q, u), tk(q, u, b), specifiers))
		b = prv(q, u, b);
	if (op(q, u, n, ";"))	/* struct X; */
		return (*decl = decl_before(q, u, b) && b == prv(q, u, s) &&
				file_scope(q, u, s));
	if (!op(q, u, n, "*"))
		return false;	/* struct X v, struct X {, sizeof(struct X) */
	while (op(q, u, n, "*"))
		n = nxt(q, u, n);
	if (op(q, u, n, ")")) {
		if (!op(q, u, b, "("))
			return false;
		bb = prv(q, u, b);
		if (word(q, u, bb, "sizeof"))	/* sizeof(struct X *) */
			return true;
		if (!op(q, u, bb, "=") || !ident(q, u, prv(q, u, bb)))
			return false;	/* a cast passed on, a prototype */
		if (add(&q->cast, u, bb))
			q->err = -ENOMEM;
		return !q->err;
	}
	if (!ident(q, u, n))
		return false;
	if (op(q, u, b, "(") || op(q, u, b, ",")) {	/* a parameter */
		size_t e = nxt(q, u, n), at, o = call_open(q, u, n, &at), f;

		if ((!op(q, u, e, ",") && !op(q, u, e, ")")) ||
		    o == SCAN_NONE || !ident(q, u, f = prv(q, u, o)) ||
		    TOKEN_IN(bf(q, u), tk(q, u, f), call_words))
			return false;	/* (*f)(struct X *p), for (...) */
		if (add(&q->decl, u, n) || add(&q->fn, u, f) ||
		    add(&q->pos, u, at))
			q->err = -ENOMEM;
		return !q->err;
	}
	return (*decl = decl_before(q, u, b) && declarators(q, u, n));
}

/* The file's last #include, or 0. */
static size_t last_include(const struct oq *q)
{
	const struct tokens ts = { bf(q, 0), q->u[0].tl };
	size_t k, last = 0;

	for (k = 0; tk(q, 0, k)->type != TOKEN_EOF; k++)
		if ((tk(q, 0, k)->flags & TF_BOL) && (tk(q, 0, k)->flags & TF_PP) &&
		    op(q, 0, k, "#") && directive_is(&ts, k, "include"))
			last = k;
	return last;
}

static bool tag_uses(struct oq *q, const char *tag, size_t len)
{
	size_t u, k, nr, s;
	const struct id_use *use;

	bool first, decl, in_header = false;

	for (u = q->n; u-- > 0;) {	/* the file last */
		nr = idindex_find(q->u[u].ix, tag, len, &use);
		for (k = 0, first = true; k < nr; k++) {
			s = prv(q, u, use[k].tok);
			if (!word(q, u, s, "struct") && !word(q, u, s, "union"))
				continue;	/* another name spelt the same */
			if (!use[k].code || !tag_use(q, u, s, use[k].tok, &decl))
				return false;
			/*
			 * The first declares the tag: at file scope, all the
			 * others are the same type (the first of the unit
			 * that comes first is the first of all); or, in the
			 * file, a local header it includes before declared it.
			 */
			if (first && (!decl || !file_scope(q, u, s)) &&
			    (u || !in_header || s < last_include(q)))
				return false;
			first = false;
			in_header |= u > 0;
		}
	}
	return true;
}

/*
 * The uses of name[0..len) in unit u, whose index keeps the names it is
 * asked (a file's, idindex.h) and must not keep another unit's text.
 */
static int scan_uses(struct oq *q, size_t u, const char *name, size_t len,
		     struct id_use **uses, size_t *nr)
{
	const struct token *t = q->u[u].tl->tok;
	size_t k, alloc = 0;
	int depth = 0;

	*uses = NULL;
	*nr = 0;
	for (k = 0; t[k].type != TOKEN_EOF; k++) {
		if (is_code(&t[k]) && op(q, u, k, "{"))
			depth++;
		else if (is_code(&t[k]) && op(q, u, k, "}"))
			depth--;
		if (t[k].type != TOKEN_IDENT || t[k].len != len ||
		    memcmp(bf(q, u) + t[k].pos, name, len))
			continue;
		if (*nr == alloc) {
			struct id_use *more;

			alloc = alloc ? 2 * alloc : 8;
			more = realloc(*uses, alloc * sizeof(*more));
			if (!more) {
				free(*uses);
				*uses = NULL;
				q->err = -ENOMEM;
				return -ENOMEM;
			}
			*uses = more;
		}
		(*uses)[(*nr)++] = (struct id_use){ k, depth,
						    is_code(&t[k]) };
	}
	return 0;
}

/*
 * The argument at position pos of the call whose '(' is at o: NULL, 0
 * or one of the tag's pointers?
 */
static bool argument_ok(const struct oq *q, size_t u, size_t o, size_t pos)
{
	size_t k = nxt(q, u, o), e, last = SCAN_NONE;

	while (pos--) {		/* past pos arguments */
		int depth = 0;

		for (; !(depth == 0 && op(q, u, k, ",")); k = nxt(q, u, k)) {
			if (tk(q, u, k)->type == TOKEN_EOF ||
			    op(q, u, k, ";") || op(q, u, k, "{") ||
			    op(q, u, k, "}"))
				return false;
			if (op(q, u, k, "(") || op(q, u, k, "["))
				depth++;
			else if (op(q, u, k, ")") || op(q, u, k, "]"))
				if (--depth < 0)
					return false;	/* too few */
		}
		k = nxt(q, u, k);
	}
	if (null_ptr(q, u, k))
		e = nxt(q, u, k);
	else if ((e = operand_end(q, u, k, &last)) == SCAN_NONE ||
		 op(q, u, k, "&") || last == SCAN_NONE ||
		 !ours(q, u, last))
		return false;
	return op(q, u, e, ",") || op(q, u, e, ")");
}

/* Is "static" among the words and stars that end at p ("static int *")? */
static bool static_decl(const struct oq *q, size_t u, size_t p)
{
	for (; ident(q, u, p) || op(q, u, p, "*"); p = prv(q, u, p))
		if (word(q, u, p, "static"))
			return true;
	return false;
}

/*
 * Every use of the function at q->fn[d], whose parameter is one of the
 * tag's pointers: its declarations (at file scope), and calls that pass
 * NULL or such a pointer there.  Given to anything else (a callback), its
 * type needs the struct the kernel no longer has: no.  Nor where it is
 * not static: other files may take its address.
 */
static bool function_ok(struct oq *q, size_t d)
{
	const struct site *fs = &q->fn.s[d];
	const struct token *t = tk(q, fs->unit, fs->tok);
	size_t u, k, nr, e;
	const struct id_use *use;
	bool is_static = false;

	for (u = 0; u < q->n; u++) {
		struct id_use *own = NULL;
		bool ok = true;

		if (u == fs->unit || q->u[u].ix->full)
			nr = idindex_find(q->u[u].ix, bf(q, fs->unit) + t->pos,
					  t->len, &use);
		else if (scan_uses(q, u, bf(q, fs->unit) + t->pos, t->len,
				   &own, &nr))
			return false;
		else
			use = own;
		for (k = 0; k < nr && ok; k++) {
			size_t x = use[k].tok, o = nxt(q, u, x),
			       p = prv(q, u, x);

			if (!use[k].code || !op(q, u, o, "(")) {
				ok = false;
			} else if (!use[k].depth &&
				   (op(q, u, p, "*") ||
				    (ident(q, u, p) &&
				     !TOKEN_IN(bf(q, u), tk(q, u, p),
					       call_words)))) {
				is_static |= static_decl(q, u, p);
				continue;	/* declared: int f(...) */
			}
			for (e = 0; ok && e < q->fn.nr; e++)
				if (same_name(bf(q, q->fn.s[e].unit),
					      tk(q, q->fn.s[e].unit,
						 q->fn.s[e].tok), bf(q, u),
					      tk(q, u, x)))
					ok = argument_ok(q, u, o,
							 q->pos.s[e].tok);
		}
		free(own);
		if (!ok)
			return false;
	}
	return is_static;
}

/* Every use of every declared name, every initializer and cast. */
static bool names_ok(struct oq *q, const char *tag, size_t len)
{
	size_t d, u, k, nr, e;
	const struct id_use *use;

	for (d = 0; d < q->init.nr; d++)
		if (!value_ok(q, q->init.s[d].unit, q->init.s[d].tok, tag,
			      len, false))
			return false;
	for (d = 0; d < q->cast.nr; d++) {
		const struct site *c = &q->cast.s[d];
		size_t last;

		if (!ours(q, c->unit, prv(q, c->unit, c->tok)) ||
		    !pointer_cast(q, c->unit, nxt(q, c->unit, c->tok), tag,
				  len, &e) ||
		    (e = operand_end(q, c->unit, e, &last)) == SCAN_NONE ||
		    !value_end(q, c->unit, e))
			return false;
	}
	for (d = 0; d < q->fn.nr; d++)
		if (!function_ok(q, d))
			return false;
	for (d = 0; d < q->decl.nr; d++) {
		const struct site *ds = &q->decl.s[d];
		const struct token *t = tk(q, ds->unit, ds->tok);

		for (e = 0; e < d; e++)		/* once a spelling */
			if (same_name(bf(q, q->decl.s[e].unit),
				      tk(q, q->decl.s[e].unit,
					 q->decl.s[e].tok),
				      bf(q, ds->unit), t))
				break;
		if (e < d)
			continue;
		for (u = 0; u < q->n; u++) {
			struct id_use *own = NULL;

			if (u == ds->unit || q->u[u].ix->full) {
				nr = idindex_find(q->u[u].ix,
						  bf(q, ds->unit) + t->pos,
						  t->len, &use);
			} else if (scan_uses(q, u, bf(q, ds->unit) + t->pos,
					     t->len, &own, &nr)) {
				return false;
			} else {
				use = own;
			}
			for (k = 0; k < nr; k++)
				if (!is_decl(q, u, use[k].tok) &&
				    (!use[k].code ||
				     !use_ok(q, u, use[k].tok, tag, len)))
					break;
			free(own);
			if (k < nr)
				return false;
		}
	}
	return true;
}

bool opaque_tag(const struct opaque_unit *units, size_t n, const char *tag,
		size_t len, int *err)
{
	struct oq q = { .u = units, .n = n };
	bool ok = tag_uses(&q, tag, len) && !q.err && names_ok(&q, tag, len);

	free(q.decl.s);
	free(q.init.s);
	free(q.cast.s);
	free(q.fn.s);
	free(q.pos.s);
	*err = q.err;
	return ok && !q.err;
}
