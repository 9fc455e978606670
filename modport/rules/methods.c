// SPDX-License-Identifier: GPL-2.0
/*
 * methods.c: a function that a struct's initializer puts in a method
 * (.remove = foo_remove, .uevent = foo_uevent) whose signature the kernel
 * changed.  The atlas, mined from the kernel's trees, has each method's
 * signature per release (its S lines); the function's own head is read the
 * same way and compared.  Where the target needs another form, the kinds
 * of change the kernel's maintainers made by the hundred are done as they
 * did them:
 *
 *	a parameter or the return type gains const	const is added
 *	int becomes void (.remove)			return 0; goes, or a
 *							void wrapper calls it
 *	a parameter is added				it is added, unused
 *	a parameter is dropped				it goes, if unused
 *	a parameter's struct replaced by another	it takes the new
 *							type, if unused; its
 *							members converted
 *							(retype.c), if used
 *
 * Where the target straddles the change, both heads are kept under #if
 * LINUX_VERSION_CODE (a wrapper for void), at the exact release the table
 * of changes (changes.def, METHOD rows) gives; without a row the atlas
 * knows the change only between two of its releases, and it is named.
 * Any other change (a used parameter's type replaced, two changes at
 * once) is named with the form the target wants.
 *
 *	method		a method's signature changed
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../atlas.h"
#include "../changes.h"
#include "../engine.h"
#include "../harvest.h"
#include "../include.h"
#include "../kversion.h"
#include "../vbranch.h"
#include "gone.h"
#include "retype.h"

#define SIG_MAX 512
#define MAX_PARAMS 16
#define MAX_PROTOS 4

static const enum rule_id rules[] = { R_METHOD, NR_RULES };
static const char *const words[] = {
	".", ":", "DEVICE_ATTR", "DRIVER_ATTR", "BUS_ATTR", "CLASS_ATTR", NULL
};
/* Findings on the line that leave it to this rule: GCC's field: */
static const enum rule_id not_taken[] = {
	R_METHOD, R_GNU_INITIALIZER, NR_RULES
};

struct mctx {
	struct porter *pt;
	const struct token_list *tl;
	const struct token *tok;
	const char *buf;
	struct kv_range r;
	char range[48];
	size_t last_dot, last_open;	/* open_of()'s last answer */
	size_t *opener;			/* each closer's (make_openers()) */
	bool openers_tried;
	size_t *made;			/* functions changed: their names */
	size_t nr_made, alloc_made;
	struct pending *pend;		/* the judgements run() makes last */
	size_t nr_pend, alloc_pend;
};

/*
 * A method whose signature the atlas says changed, and its function f:
 * judged once every such function of the file is known, so that their
 * uses are gathered in one walk (idindex_gather()), not a walk and then
 * an index of every identifier.
 */
struct pending {
	size_t dot, f, at;
	const char *tag, *mem;
	size_t tag_len, mem_len;
	bool gnu;
};

/* A method's function: its definition and prototypes in the file. */
struct fn {
	size_t name, start;		/* its name; the declaration's first token */
	size_t open, close, body, end;	/* ( ) { } */
	size_t proto[MAX_PROTOS], proto_start[MAX_PROTOS];
	size_t nr_proto;
	size_t others;			/* other uses of the name */
	char sig[SIG_MAX];
};

/* The change from the function's form to the target's. */
enum change {
	CH_OTHER, CH_CONST_PARAM, CH_CONST_RET, CH_VOID, CH_ADD_PARAM,
	CH_DROP_PARAM, CH_TYPE_PARAM, CH_RETYPE,
};

struct plan {
	enum change how;
	int param;			/* CH_CONST_PARAM, CH_ADD_PARAM... */
	char type[SIG_MAX];		/* CH_ADD_PARAM, CH_TYPE_PARAM: its type */
	const char *old, *now;		/* the atlas's signatures */
	size_t old_len, now_len;
	unsigned int since;		/* the exact release, or 0 */
	char when[64];			/* "since 6.3", "between 6.1 and 6.6" */
	bool straddle;
	const struct api_change *row;
	size_t decl;			/* the initializer's declaration */
};

static bool op(const struct mctx *c, size_t i, char ch)
{
	return i != SCAN_NONE && match_op(c->buf, &c->tok[i], ch);
}

static bool ident(const struct mctx *c, size_t i)
{
	return i != SCAN_NONE && c->tok[i].type == TOKEN_IDENT;
}

static bool same(const struct mctx *c, size_t i, size_t j)
{
	return c->tok[i].len == c->tok[j].len &&
	       !memcmp(c->buf + c->tok[i].pos, c->buf + c->tok[j].pos,
		       c->tok[i].len);
}

/* A walk of open_of() this long makes the closers' openers first. */
#define OPEN_WALK_STEPS 256

/* The bracket of code token i: 1 an opener, -1 a closer, else 0. */
static int bracket(const struct mctx *c, size_t i)
{
	const struct token *t = &c->tok[i];

	if (t->type != TOKEN_SPECIAL || t->len != 1 || !is_code(t))
		return 0;
	switch (c->buf[t->pos]) {
	case '{': case '(': case '[':
		return 1;
	case '}': case ')': case ']':
		return -1;
	}
	return 0;
}

/*
 * c->opener: for each closer of the code, its opener or SCAN_NONE, the
 * brackets matched by count whatever their kind, as open_of()'s walk
 * matches them; one pass.  false: no memory (open_of() walks).
 */
static bool make_openers(struct mctx *c)
{
	size_t *stack, nr = 0, k, n = c->tl->nr;

	c->openers_tried = true;
	c->opener = malloc((n ? n : 1) * sizeof(*c->opener));
	stack = malloc((n ? n : 1) * sizeof(*stack));
	if (!c->opener || !stack) {
		free(c->opener);
		free(stack);
		c->opener = NULL;
		return false;
	}
	for (k = 0; k < n; k++) {
		int b = bracket(c, k);

		c->opener[k] = SCAN_NONE;
		if (b > 0)
			stack[nr++] = k;
		else if (b < 0 && nr)
			c->opener[k] = stack[--nr];
	}
	free(stack);
	return true;
}

/*
 * The '{' of the initializer the '.' at dot is directly in, or SCAN_NONE.
 * The previous answer serves when the walk meets the previous '.' at the
 * same level (the next designator of one initializer).  A long walk (a
 * table's elements of nested braces, each designator crossing the
 * earlier ones) jumps each group at once, from its closer to its opener.
 */
static size_t open_of(struct mctx *c, size_t dot)
{
	size_t k, found = SCAN_NONE, steps = 0;
	int depth = 0, b;

	for (k = code_before(c->tl, dot); k != SCAN_NONE;
	     k = code_before(c->tl, k)) {
		if (k == c->last_dot && !depth) {
			found = c->last_open;
			break;
		}
		if (!c->opener && ++steps > OPEN_WALK_STEPS &&
		    !c->openers_tried && make_openers(c)) {
			k = dot;	/* again, by jumps */
			depth = 0;
			continue;
		}
		b = bracket(c, k);
		if (b < 0 && c->opener) {
			if ((k = c->opener[k]) == SCAN_NONE)
				break;	/* no opener: no initializer */
		} else if (b < 0) {
			depth++;
		} else if (b > 0) {
			if (!depth) {
				found = op(c, k, '{') ? k : SCAN_NONE;
				break;
			}
			depth--;
		} else if (op(c, k, ';') && !depth) {
			break;
		}
	}
	c->last_dot = dot;
	c->last_open = found;
	return found;
}

/*
 * The struct tag of the declaration whose initializer opens at '{' open:
 * "struct TAG NAME [...] [__attr] = {", directly or as an element of an
 * array ("= { {", "}, {").  Its token, or SCAN_NONE.
 */
static size_t tag_of(struct mctx *c, size_t open)
{
	size_t k = code_before(c->tl, open);

	if (op(c, k, ',') || op(c, k, '{')) {	/* an element of an array */
		size_t outer = open_of(c, open);

		c->last_dot = SCAN_NONE;
		if (outer == SCAN_NONE)
			return SCAN_NONE;
		k = code_before(c->tl, outer);
		if (!op(c, k, '='))
			return SCAN_NONE;
		k = code_before(c->tl, k);
		if (!op(c, k, ']'))
			return SCAN_NONE;
	} else if (!op(c, k, '=')) {
		return SCAN_NONE;
	} else {
		k = code_before(c->tl, k);
	}
	while (op(c, k, ']')) {
		k = match_open(c->buf, c->tl, k, '[', ']');
		k = k == SCAN_NONE ? k : code_before(c->tl, k);
	}
	if (ident(c, k) && c->buf[c->tok[k].pos] == '_' &&
	    ident(c, code_before(c->tl, k)))
		k = code_before(c->tl, k);	/* __initdata, __refdata */
	if (!ident(c, k))
		return SCAN_NONE;
	k = code_before(c->tl, k);	/* the tag */
	if (!ident(c, k) || !match_ident(c->buf, &c->tok[code_before(c->tl, k)], "struct"))
		return SCAN_NONE;
	return k;
}

/* The first token of the top-level declaration that has token i. */
static size_t decl_start(const struct mctx *c, size_t i)
{
	size_t k, start = i;

	for (k = code_before(c->tl, i); k != SCAN_NONE; k = code_before(c->tl, k)) {
		if (op(c, k, ';') || op(c, k, '}') || op(c, k, '{'))
			break;
		if (line_start(c->buf, c->tok[k].pos) != line_start(c->buf, c->tok[start].pos) &&
		    (c->tok[prev_code(c->tl, start) + 1].flags & TF_PP))
			break;	/* a directive line between */
		start = k;
	}
	return start;
}

static bool attr_macro_name(const struct mctx *c, size_t i);

/* Is token i an argument of an attribute macro (DEVICE_ATTR(n, m, i, i))? */
static bool attr_macro_arg(const struct mctx *c, size_t i)
{
	size_t k;
	int depth = 0;

	for (k = code_before(c->tl, i); k != SCAN_NONE; k = code_before(c->tl, k)) {
		if (op(c, k, ')'))
			depth++;
		else if (op(c, k, '(') && depth)
			depth--;
		else if (op(c, k, '('))
			return attr_macro_name(c, code_before(c->tl, k));
		else if (op(c, k, ';') || op(c, k, '{') || op(c, k, '}'))
			return false;
	}
	return false;
}

/* Is token i the value of a designator, ".m = i," (a method's function)? */
static bool designated(const struct mctx *c, size_t i)
{
	size_t eq = code_before(c->tl, i), m = eq == SCAN_NONE ? eq : code_before(c->tl, eq);
	size_t after = next_code(c->tl, i);

	if (attr_macro_arg(c, i))
		return true;
	if (op(c, eq, ':') && ident(c, m))	/* GCC's "m: f," */
		return (op(c, code_before(c->tl, m), '{') ||
			op(c, code_before(c->tl, m), ',')) &&
		       (op(c, after, ',') || op(c, after, '}'));
	return op(c, eq, '=') && ident(c, m) && op(c, code_before(c->tl, m), '.') &&
	       (op(c, after, ',') || op(c, after, '}'));
}

/* Find function f's definition and prototypes at the top level. */
static bool find_fn(struct mctx *c, size_t f, struct fn *fn)
{
	struct id_index *ix = file_idents(c->pt);
	const struct id_use *use;
	size_t i, after, close, k, nr;

	memset(fn, 0, sizeof(*fn));
	fn->name = SCAN_NONE;
	nr = ix ? idindex_find(ix, c->buf + c->tok[f].pos, c->tok[f].len,
			       &use) : 0;
	for (k = 0; k < nr; k++) {
		i = use[k].tok;
		if (!use[k].code || porter_edited(c->pt, c->tok[i].pos))
			continue;	/* (in a branch a fix deletes: dead) */
		if (use[k].depth || !op(c, next_code(c->tl, i), '(') ||
		    after_member_op(c->buf, c->tl, i)) {
			fn->others += !designated(c, i);
			continue;
		}
		close = match_close(c->buf, c->tl, next_code(c->tl, i), '(', ')');
		after = close == SCAN_NONE ? SCAN_NONE : next_code(c->tl, close);
		if (after != SCAN_NONE && op(c, after, '{') && fn->name == SCAN_NONE) {
			fn->name = i;
			fn->open = next_code(c->tl, i);
			fn->close = close;
			fn->body = after;
			fn->end = match_close(c->buf, c->tl, after, '{', '}');
		} else if (after != SCAN_NONE && op(c, after, ';') &&
			   fn->nr_proto < MAX_PROTOS) {
			fn->proto_start[fn->nr_proto] = decl_start(c, i);
			fn->proto[fn->nr_proto++] = i;
		} else {
			return false;	/* two heads (under #if), or unreadable */
		}
	}
	if (fn->name == SCAN_NONE || fn->end == SCAN_NONE)
		return false;
	fn->start = decl_start(c, fn->name);
	return !harvest_fn_sig(c->buf, c->tl, fn->start, fn->name, fn->sig,
			       sizeof(fn->sig)) && fn->sig[0];
}

/*
 * Function f is not defined in the file: its prototype in a local header
 * (the driver's other file defines it).  The view *hv reads that header.
 */
static bool find_proto(struct mctx *c, size_t f, struct mctx *hv,
		       struct fn *fn)
{
	struct header_set *hs = file_headers(c->pt);
	size_t k, i, close;
	int depth;

	for (k = 0; hs && k < hs->nr; k++) {
		*hv = *c;
		hv->buf = hs->h[k].buf;
		hv->tl = &hs->h[k].tl;
		hv->tok = hs->h[k].tl.tok;
		depth = 0;
		for (i = 0; hv->tok[i].type != TOKEN_EOF; i = next_code(hv->tl, i)) {
			if (op(hv, i, '{') || op(hv, i, '}'))
				depth += op(hv, i, '{') ? 1 : -1;
			if (depth || !is_code(&hv->tok[i]) || !ident(hv, i) ||
			    hv->tok[i].len != c->tok[f].len ||
			    memcmp(hv->buf + hv->tok[i].pos, c->buf + c->tok[f].pos,
				   c->tok[f].len) ||
			    !op(hv, next_code(hv->tl, i), '('))
				continue;
			close = match_close(hv->buf, hv->tl, next_code(hv->tl, i), '(', ')');
			if (close == SCAN_NONE || !op(hv, next_code(hv->tl, close), ';'))
				continue;
			memset(fn, 0, sizeof(*fn));
			fn->name = i;
			fn->open = next_code(hv->tl, i);
			fn->close = close;
			fn->start = decl_start(hv, i);
			return !harvest_fn_sig(hv->buf, hv->tl, fn->start, i, fn->sig,
					       sizeof(fn->sig)) && fn->sig[0];
		}
	}
	return false;
}

/*
 * A signature's spelling that typedefs do not change: __u32, u32 and
 * unsigned int are one type, as are "T []" and "T *" in a parameter.
 */
#define SAME(from, to) { from, to, sizeof(from) - 1, sizeof(to) - 1 }

static void canonical(const char *s, size_t len, char *out, size_t size)
{
	/* each "to" fits in the 20 bytes the loop keeps free */
	static const struct {
		const char *from, *to;
		size_t from_len, to_len;
	} same[] = {
		SAME("__u8", "unsigned char"), SAME("u8", "unsigned char"),
		SAME("__u16", "unsigned short"), SAME("u16", "unsigned short"),
		SAME("__u32", "unsigned int"), SAME("u32", "unsigned int"),
		SAME("__u64", "unsigned long long"),
		SAME("u64", "unsigned long long"),
		SAME("__s8", "signed char"), SAME("s8", "signed char"),
		SAME("__s16", "short"), SAME("s16", "short"),
		SAME("__s32", "int"), SAME("s32", "int"),
		SAME("__s64", "long long"), SAME("s64", "long long"),
		SAME("[ ]", "*"),
	};
	size_t o = 0, i = 0, k, n;

	while (i < len && o + 20 < size) {
		bool start = !i || s[i - 1] == ' ' || s[i - 1] == '(';

		/* the words of same[] begin with '_', 'u', 's' or '[' */
		if (start && !strchr("_us[", s[i]))
			start = false;
		for (k = 0; start && k < sizeof(same) / sizeof(same[0]); k++) {
			n = same[k].from_len;
			if (len - i >= n && !memcmp(s + i, same[k].from, n) &&
			    (len - i == n || strchr(" ,)", s[i + n])))
				break;
		}
		if (start && k < sizeof(same) / sizeof(same[0])) {
			memcpy(out + o, same[k].to, same[k].to_len + 1);
			o += same[k].to_len;
			i += same[k].from_len;
			continue;
		}
		if (start && len - i >= 8 && !memcmp(s + i, "unsigned", 8) &&
		    (len - i == 8 || strchr(",)", s[i + 8]) ||
		     (s[i + 8] == ' ' && s[i + 9] == '*'))) {
			memcpy(out + o, "unsigned int", 13);
			o += 12;
			i += 8;
			continue;
		}
		out[o++] = s[i++];
	}
	out[o] = 0;
}

#undef SAME

static bool sig_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	char x[SIG_MAX], y[SIG_MAX];

	canonical(a, alen, x, sizeof(x));
	canonical(b, blen, y, sizeof(y));
	return !strcmp(x, y);
}

/* Split "RET(P1, P2)" into its return type and parameters. */
static int split_sig(const char *s, size_t len, const char **ret,
		     size_t *ret_len, const char *p[MAX_PARAMS],
		     size_t plen[MAX_PARAMS])
{
	const char *open = memchr(s, '(', len), *q, *end = s + len - 1;
	int n = 0, depth = 0;

	if (!open || *end != ')')
		return -1;
	*ret = s;
	*ret_len = (size_t)(open - s);
	for (q = p[0] = open + 1; q <= end; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')' && depth)
			depth--;
		else if ((*q == ',' && !depth) || q == end) {
			if (n == MAX_PARAMS)
				return -1;
			plen[n] = (size_t)(q - p[n]);
			if (q == end && !plen[n] && !n)
				return 0;	/* () */
			n++;
			if (q < end && n < MAX_PARAMS)
				p[n] = q + 2;	/* ", " */
		}
	}
	return n;
}

/* Is b the words of a with "const " inserted once? */
static bool const_added(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t k;

	if (blen != alen + 6)
		return false;
	for (k = 0; k <= alen; k++)
		if ((!k || b[k - 1] == ' ') && !memcmp(b, a, k) &&
		    !memcmp(b + k, "const ", 6) && !memcmp(b + k + 6, a + k, alen - k))
			return true;
	return false;
}

static bool span_is(const char *s, size_t len, const char *t)
{
	return strlen(t) == len && !memcmp(s, t, len);
}

/*
 * The index in the longer parameter list whose leaving out gives the
 * shorter one, or -1.
 */
static int one_left_out(const char *const *lp, const size_t *ll, int ln,
			const char *const *sp, const size_t *sl)
{
	int k, a, b;

	for (k = 0; k < ln; k++) {
		for (a = b = 0; a < ln; a++) {
			if (a == k)
				continue;
			if (ll[a] != sl[b] || memcmp(lp[a], sp[b], ll[a]))
				break;
			b++;
		}
		if (a == ln)
			return k;
	}
	return -1;
}

static bool tag_macro(const char *p, size_t len);

/*
 * Is parameter a "struct A *" and b the same with another struct?  (Not
 * where one tag is a macro for the other: one type to the compiler.)
 */
static bool struct_replaced(const char *a, size_t alen, const char *b,
			    size_t blen)
{
	const char *from, *to;
	size_t from_len, to_len;

	return retype_tags(a, alen, b, blen, &from, &from_len, &to, &to_len) &&
	       !tag_macro(a, alen) && !tag_macro(b, blen);
}

/* What turns signature old into now (see enum change). */
static void classify(const char *old, size_t olen, const char *now,
		     size_t nlen, struct plan *pl)
{
	const char *or, *nr, *op_[MAX_PARAMS], *np[MAX_PARAMS];
	size_t orl, nrl, opl[MAX_PARAMS], npl[MAX_PARAMS];
	int on = split_sig(old, olen, &or, &orl, op_, opl);
	int nn = split_sig(now, nlen, &nr, &nrl, np, npl);
	int k, diff = -1, ndiff = 0;

	pl->how = CH_OTHER;
	if (on < 0 || nn < 0)
		return;
	if (on == nn) {
		for (k = 0; k < on; k++)
			if (opl[k] != npl[k] || memcmp(op_[k], np[k], opl[k]))
				diff = k, ndiff++;
		if (!ndiff && span_is(or, orl, "int") && span_is(nr, nrl, "void"))
			pl->how = CH_VOID;
		else if (!ndiff && const_added(or, orl, nr, nrl))
			pl->how = CH_CONST_RET;
		else if (ndiff == 1 && orl == nrl && !memcmp(or, nr, orl) &&
			 const_added(op_[diff], opl[diff], np[diff], npl[diff])) {
			pl->how = CH_CONST_PARAM;
			pl->param = diff;
		} else if (ndiff == 1 && orl == nrl && !memcmp(or, nr, orl) &&
			   struct_replaced(op_[diff], opl[diff], np[diff], npl[diff]) &&
			   npl[diff] < sizeof(pl->type)) {
			pl->how = CH_RETYPE;	/* another struct */
			pl->param = diff;
			memcpy(pl->type, np[diff], npl[diff]);
			pl->type[npl[diff]] = 0;
		}
		return;
	}
	if (orl != nrl || memcmp(or, nr, orl))
		return;
	if (nn == on - 1) {	/* a parameter dropped */
		k = one_left_out(op_, opl, on, np, npl);
		pl->how = k < 0 ? CH_OTHER : CH_DROP_PARAM;
		pl->param = k;
		return;
	}
	if (nn != on + 1 || (on == 1 && span_is(op_[0], opl[0], "void")))
		return;
	k = one_left_out(np, npl, nn, op_, opl);	/* a parameter added */
	if (k < 0 || npl[k] >= sizeof(pl->type))
		return;
	pl->how = CH_ADD_PARAM;
	pl->param = k;
	memcpy(pl->type, np[k], npl[k]);
	pl->type[npl[k]] = 0;
}

/*
 * What the target asks of a function whose signature is sig: fills pl
 * and returns true when it needs another form.
 */
static bool needs(struct mctx *c, const struct atlas_sig *sigs,
		  const char *tag, size_t tag_len, const char *mem,
		  size_t mem_len, const char *sig, struct plan *pl)
{
	unsigned int k, nrel = atlas_nr_releases(), mine = 0, other = 0;
	unsigned int last_mine = 0, first_other = 0, lo_k = 0, old_k;
	char key[256];

	for (k = 0; k < nrel; k++)
		if (atlas_release_kv(k) <= c->r.lo)
			lo_k = k;	/* the release the target's lowest is like */
	for (k = lo_k; k < nrel && atlas_release_kv(k) <= c->r.hi; k++) {
		if (!sigs[k].text)
			continue;
		if (sig_eq(sigs[k].text, sigs[k].len, sig, strlen(sig))) {
			mine++;
			last_mine = k;
			continue;
		}
		if (other && !sig_eq(sigs[k].text, sigs[k].len, pl->now, pl->now_len))
			return false;	/* more than one other form: a person */
		if (!other++) {
			first_other = k;
			pl->now = sigs[k].text;
			pl->now_len = sigs[k].len;
		}
	}
	if (!other)
		return false;
	/*
	 * The form the kernel had just before the target's: the function
	 * must have that one (not an older one, nor another struct's).
	 */
	for (k = first_other; k-- > 0;)
		if (sigs[k].text && !sig_eq(sigs[k].text, sigs[k].len,
					    pl->now, pl->now_len))
			break;
	if (k == (unsigned int)-1 || (mine && last_mine > first_other) ||
	    !sig_eq(sigs[k].text, sigs[k].len, sig, strlen(sig)))
		return false;
	old_k = k;
	pl->old = sigs[k].text;
	pl->old_len = sigs[k].len;
	pl->straddle = mine > 0;
	snprintf(key, sizeof(key), "%.*s.%.*s", (int)tag_len, tag,
		 (int)mem_len, mem);
	pl->row = change_for(key, strlen(key));
	if (pl->row && pl->row->kind != C_METHOD)
		pl->row = NULL;
	pl->since = pl->row ? change_since(pl->row) : 0;
	if (pl->since && pl->since <= c->r.lo)
		pl->straddle = false;	/* between two atlas releases, after it */
	if (pl->since)
		snprintf(pl->when, sizeof(pl->when), "since %s", pl->row->since);
	else
		snprintf(pl->when, sizeof(pl->when), "between %s and %s",
			 atlas_release_name(old_k), atlas_release_name(old_k + 1));
	classify(pl->old, pl->old_len, pl->now, pl->now_len, pl);
	return true;
}

/* The first code token of each parameter of the group (open, close). */
static int param_starts(const struct mctx *c, size_t open, size_t close,
			size_t *at)
{
	size_t k;
	int n = 0, depth = 0;

	at[n++] = next_code(c->tl, open);
	if (at[0] == close)
		return 0;
	for (k = next_code(c->tl, open); k < close; k = next_code(c->tl, k)) {
		if (op(c, k, '(') || op(c, k, '['))
			depth++;
		else if (op(c, k, ')') || op(c, k, ']'))
			depth--;
		else if (!depth && op(c, k, ',')) {
			if (n == MAX_PARAMS)
				return -1;
			at[n++] = next_code(c->tl, k);
		}
	}
	return n;
}

/* An insertion (or a replacement of del bytes) in a head. */
struct ins {
	size_t pos, del;
	char text[SIG_MAX + 64];
};

/* A name for an added parameter: the type's last word ("txqueue" from the row). */
static void new_param_name(const struct plan *pl, char *name, size_t size)
{
	const char *w = pl->type + strlen(pl->type);

	if (pl->row && *pl->row->new) {
		snprintf(name, size, "%s", pl->row->new);
		return;
	}
	while (w > pl->type && (w[-1] == ' ' || w[-1] == '*'))
		w--;
	while (w > pl->type && w[-1] != ' ')
		w--;
	snprintf(name, size, "%.*s", (int)strcspn(w, " *"), w);
	if (!strcmp(name, "int") || !strcmp(name, "long") ||
	    !strcmp(name, "unsigned") || !strcmp(name, "char") || !*name)
		snprintf(name, size, "unused%d", pl->param);
}

/*
 * A parameter from token from to the one at next (its ',' or the ')')
 * takes the plan's type: the words before its name, or all of it when it
 * has no name ("const struct genl_ops *" in a prototype).
 */
static bool type_ins(const struct mctx *c, size_t from, size_t next,
		     const struct plan *pl, struct ins *in)
{
	size_t last = prev_code(c->tl, next), before = prev_code(c->tl, last);
	bool named = ident(c, last) && last != from &&
		     !match_ident(c->buf, &c->tok[before], "struct") &&
		     !match_ident(c->buf, &c->tok[before], "union") &&
		     !match_ident(c->buf, &c->tok[before], "enum");
	const char *sp = pl->type[strlen(pl->type) - 1] == '*' ? "" : " ";

	in->pos = c->tok[from].pos;
	in->del = (named ? c->tok[last].pos : tok_end(&c->tok[last])) - in->pos;
	snprintf(in->text, sizeof(in->text), "%s%s", pl->type, named ? sp : "");
	return true;
}

/* The edit the plan makes to the head named at name, from start. */
static bool head_ins(const struct mctx *c, size_t start, size_t name,
		     const struct plan *pl, struct ins *in)
{
	size_t open = next_code(c->tl, name), at[MAX_PARAMS + 1], k;
	size_t close = match_close(c->buf, c->tl, open, '(', ')');
	int n = close == SCAN_NONE ? -1 : param_starts(c, open, close, at);
	char pname[64];
	const char *sp;

	in->del = 0;
	if (n < 0)
		return false;
	switch (pl->how) {
	case CH_CONST_PARAM:
		if (pl->param >= n)
			return false;
		in->pos = c->tok[at[pl->param]].pos;
		strcpy(in->text, "const ");
		return true;
	case CH_CONST_RET:
	case CH_VOID:
		/* the return type's first word, as the atlas spells it */
		for (k = start; k < name; k = next_code(c->tl, k))
			if (c->tok[k].len == strcspn(pl->old, " (*") &&
			    !memcmp(c->buf + c->tok[k].pos, pl->old, c->tok[k].len))
				break;
		for (k = k < name ? k : start; k < name; k = next_code(c->tl, k))
			if (!match_ident(c->buf, &c->tok[k], "static") &&
			    !match_ident(c->buf, &c->tok[k], "inline") &&
			    !match_ident(c->buf, &c->tok[k], "extern"))
				break;	/* else the first word after storage */
		if (k >= name)
			return false;
		in->pos = c->tok[k].pos;
		if (pl->how == CH_CONST_RET) {
			strcpy(in->text, "const ");
			return true;
		}
		if (!match_ident(c->buf, &c->tok[k], "int") ||
		    next_code(c->tl, k) != name)
			return false;
		in->del = 3;
		strcpy(in->text, "void");
		return true;
	case CH_ADD_PARAM:
		if (pl->param > n)
			return false;
		new_param_name(pl, pname, sizeof(pname));
		sp = pl->type[0] && pl->type[strlen(pl->type) - 1] == '*' ? "" : " ";
		if (pl->param == n) {
			in->pos = c->tok[close].pos;
			snprintf(in->text, sizeof(in->text), "%s%s%s%s",
				 n ? ", " : "", pl->type, sp, pname);
		} else {
			in->pos = c->tok[at[pl->param]].pos;
			snprintf(in->text, sizeof(in->text), "%s%s%s, ", pl->type,
				 sp, pname);
		}
		return true;
	case CH_TYPE_PARAM:
		if (pl->param >= n)
			return false;
		return type_ins(c, at[pl->param], pl->param + 1 < n ?
				prev_code(c->tl, at[pl->param + 1]) : close,
				pl, in);
	case CH_DROP_PARAM:
		if (pl->param >= n || n < 2)
			return false;
		at[n] = close;
		if (pl->param == n - 1) {	/* ", type name" before ')' */
			k = prev_code(c->tl, at[pl->param]);
			in->pos = tok_end(&c->tok[prev_code(c->tl, k)]);
		} else {			/* "type name, " */
			in->pos = c->tok[at[pl->param]].pos;
			k = at[pl->param + 1];
		}
		in->del = (pl->param == n - 1 ? c->tok[close].pos :
			   c->tok[k].pos) - in->pos;
		in->text[0] = 0;
		return true;
	default:
		return false;
	}
}

/*
 * The head from start to token last (')' or ';') becomes "#if >= since:
 * the new head; #else: the old; #endif", before the token after it.
 */
static bool both_heads(struct mctx *c, size_t start, size_t last,
		       const struct plan *pl, const struct ins *in)
{
	size_t ls = line_start(c->buf, c->tok[start].pos), end = tok_end(&c->tok[last]);
	size_t to = line_end(c->buf, c->pt->len, end), after = next_code(c->tl, last);

	if (!only_blanks(c->buf, ls, c->tok[start].pos))
		return false;
	if (op(c, last, ')') && op(c, after, '{') &&
	    line_start(c->buf, c->tok[after].pos) == line_start(c->buf, end))
		to = c->tok[after].pos;		/* ") {": the '{' goes below */
	else if (!only_blanks(c->buf, end, to))
		return false;
	else
		to = after_eol(c->buf, c->pt->len, to);
	porter_keep_both(c->pt, ls, end, to, pl->since,
			 in->pos, in->del, in->text);
	return true;
}

/* Every head of fn (definition, prototypes) takes the plan's form. */
static bool change_heads(struct mctx *c, const struct fn *fn,
			 const struct plan *pl)
{
	struct ins in[MAX_PROTOS + 1];
	size_t starts[MAX_PROTOS + 1], names[MAX_PROTOS + 1], lasts[MAX_PROTOS + 1];
	size_t k, n = 0;

	starts[n] = fn->start;
	names[n] = fn->name;
	lasts[n++] = fn->close;
	for (k = 0; k < fn->nr_proto; k++, n++) {
		starts[n] = fn->proto_start[k];
		names[n] = fn->proto[k];
		lasts[n] = next_code(c->tl, match_close(c->buf, c->tl,
				     next_code(c->tl, fn->proto[k]), '(', ')'));
	}
	for (k = 0; k < n; k++)
		if (!head_ins(c, starts[k], names[k], pl, &in[k]) ||
		    (pl->straddle && !only_blanks(c->buf, line_start(c->buf, c->tok[starts[k]].pos),
					    c->tok[starts[k]].pos)))
			return false;
	for (k = 0; k < n; k++) {
		if (pl->straddle)
			both_heads(c, starts[k], lasts[k], pl, &in[k]);
		else
			add_edit(c->pt, in[k].pos, in[k].del, in[k].text);
	}
	return true;
}

/* Is every return of fn's body "return 0;"?  (None is as good.) */
static bool returns_zero(const struct mctx *c, const struct fn *fn)
{
	size_t k, v;

	for (k = fn->body; k < fn->end; k = next_code(c->tl, k)) {
		if (!match_ident(c->buf, &c->tok[k], "return"))
			continue;
		v = next_code(c->tl, k);
		if (c->tok[v].len != 1 || c->buf[c->tok[v].pos] != '0' ||
		    !op(c, next_code(c->tl, v), ';'))
			return false;
	}
	return true;
}

/* int f() becomes void f(): "return 0;" goes, or becomes "return;". */
static void make_void(struct mctx *c, const struct fn *fn)
{
	size_t k, semi;

	for (k = fn->body; k < fn->end; k = next_code(c->tl, k)) {
		if (!match_ident(c->buf, &c->tok[k], "return"))
			continue;
		semi = next_code(c->tl, next_code(c->tl, k));
		if (next_code(c->tl, semi) == fn->end &&
		    op(c, prev_code(c->tl, k), ';'))
			delete_line_range(c->pt, c->tok[k].pos, tok_end(&c->tok[semi]));
		else
			add_edit(c->pt, c->tok[next_code(c->tl, k)].pos - 1,
				 c->tok[semi].pos - c->tok[next_code(c->tl, k)].pos + 1, "");
	}
}

static bool made(const struct mctx *c, size_t name)
{
	size_t k;

	for (k = 0; k < c->nr_made; k++)
		if (c->made[k] == name)
			return true;
	return false;
}

/*
 * A void wrapper that calls fn and drops its result, after fn: "static
 * void NAME_void(PARAMS) { NAME(ARGS); }" (under #if where the target
 * straddles the change).  The arguments are the parameters' names.
 */
static bool add_wrapper(struct mctx *c, const struct mctx *src,
			const struct fn *fn, const struct plan *pl,
			const char *wname, size_t pos)
{
	size_t at[MAX_PARAMS + 1], k, last;
	int n = param_starts(src, fn->open, fn->close, at), i;
	const char *eol = c->pt->eol, *lead, *vh;
	char args[SIG_MAX] = "", *body, *text = NULL;
	size_t o = 0;
	unsigned int v = pl->since;

	if (n < 0)
		return false;
	at[n] = fn->close;
	for (i = 0; i < n; i++) {
		for (last = k = at[i]; k < at[i + 1]; k = next_code(src->tl, k))
			if (!op(src, k, ','))
				last = k;
		if (!ident(src, last) || last == at[i] ||
		    o + src->tok[last].len + 3 >= sizeof(args))
			return false;
		o += (size_t)snprintf(args + o, sizeof(args) - o, "%s%.*s",
				      i ? ", " : "", (int)src->tok[last].len,
				      src->buf + src->tok[last].pos);
	}
	body = porter_printf(c->pt, "static void %s(%.*s)%s{%s\t%.*s(%s);%s}%s", wname,
			     (int)(src->tok[fn->close].pos - tok_end(&src->tok[fn->open])),
			     src->buf + tok_end(&src->tok[fn->open]), eol, eol,
			     (int)src->tok[fn->name].len,
			     src->buf + src->tok[fn->name].pos, args, eol, eol);
	lead = src == c ? eol : "";	/* after the function, or before the initializer */
	vh = body && pl->straddle ? porter_version_h(c->pt, pos) : "";
	if (body && pl->straddle)
		text = porter_printf(c->pt, "%s%s%s#if LINUX_VERSION_CODE >= KERNEL_VERSION(%u, %u, %u)%s%s#endif%s%s",
				     lead, vh, *vh ? eol : "", v >> 16,
				     (v >> 8) & 0xff, v & 0xff, eol, body, eol,
				     src == c ? "" : eol);
	else if (body)
		text = porter_printf(c->pt, "%s%s%s", lead, body,
				     src == c ? "" : eol);
	free(body);
	if (text)
		add_edit(c->pt, pos, 0, text);
	free(text);
	return true;
}

/*
 * The initializer's ".m = f," line puts the wrapper in the method: under
 * #if, the old line kept for the older kernels.
 */
static bool use_wrapper(struct mctx *c, size_t dot, size_t f,
			const struct plan *pl, const char *wname)
{
	size_t ls = line_start(c->buf, c->tok[dot].pos), after = next_code(c->tl, f);
	size_t end = op(c, after, ',') ? tok_end(&c->tok[after]) : tok_end(&c->tok[f]);
	size_t le = line_end(c->buf, c->pt->len, end);

	if (!pl->straddle)
		return !add_edit(c->pt, c->tok[f].pos, c->tok[f].len, wname);
	if (!only_blanks(c->buf, ls, c->tok[dot].pos) || !only_blanks(c->buf, end, le))
		return false;
	porter_keep_both(c->pt, ls, end, after_eol(c->buf, c->pt->len, le),
			 pl->since, c->tok[f].pos, c->tok[f].len, wname);
	return true;
}

static void report(struct mctx *c, size_t f, const char *tag, size_t tag_len,
		   const char *mem, size_t mem_len, const struct plan *pl,
		   bool fixed, bool later, const char *how)
{
	add_finding(c->pt, c->tok[f].pos, R_METHOD, SEV_WARNING, fixed,
		    "the method '%.*s' of struct %.*s is '%.*s' %s (%.*s() here is '%.*s')%s%s%s",
		    (int)mem_len, mem, (int)tag_len, tag,
		    (int)pl->now_len, pl->now, pl->when,
		    (int)c->tok[f].len, c->buf + c->tok[f].pos,
		    (int)pl->old_len, pl->old, how ? ": " : "", how ? how : "",
		    fixed || later ? "" : "; port it by hand");
	if (later)
		porter_defer(c->pt);
}

static const char *const what[] = {
	[CH_CONST_PARAM] = "it gets the const",
	[CH_CONST_RET] = "it returns a const pointer",
	[CH_VOID] = "it returns nothing",
	[CH_ADD_PARAM] = "it gets the new parameter, unused",
	[CH_DROP_PARAM] = "the parameter it never used goes",
	[CH_TYPE_PARAM] = "the parameter it never used takes the new type",
	[CH_RETYPE] = "it takes the new struct, its members converted as the kernel's drivers were",
};

/* Does fn's body use the name of its parameter k (or has it none)? */
static bool param_used(const struct mctx *c, const struct fn *fn, int k)
{
	size_t at[MAX_PARAMS + 1], i, last = SCAN_NONE;
	int n = param_starts(c, fn->open, fn->close, at);

	if (n <= k)
		return true;
	at[n] = fn->close;
	for (i = at[k]; i < at[k + 1]; i = next_code(c->tl, i))
		if (!op(c, i, ','))
			last = i;
	if (last == SCAN_NONE || !ident(c, last))
		return true;
	for (i = fn->body; i < fn->end; i = next_code(c->tl, i))
		if (ident(c, i) && same(c, i, last))
			return true;
	return false;
}

/*
 * CH_DROP_PARAM of a parameter the body uses, where the METHOD row's new
 * form says how the kernel's drivers got it back (i2c_driver.probe's id,
 * 6.3: "i2c_client_get_device_id(%0)", %N the function's parameter N): the
 * head loses it, and the body's first line declares it as the head did,
 * "const struct i2c_device_id *id = i2c_client_get_device_id(client);"
 * (under #if LINUX_VERSION_CODE where the target straddles the change).
 * False, and nothing changed, where the shape does not allow it: the
 * body's '{' not at the end of its line, a parameter without a name.
 */
static bool given_back(struct mctx *c, const struct fn *fn, const struct plan *pl)
{
	size_t at[MAX_PARAMS + 1], last[MAX_PARAMS], k, le, pos, first;
	int n = param_starts(c, fn->open, fn->close, at), i;
	const char *p, *eol = c->pt->eol;
	char expr[SIG_MAX] = "", decl[SIG_MAX + 128], indent[32] = "\t";
	size_t o = 0, ind;

	if (n <= pl->param || n > MAX_PARAMS)
		return false;
	at[n] = fn->close;
	for (i = 0; i < n; i++) {
		last[i] = SCAN_NONE;
		for (k = at[i]; k < at[i + 1]; k = next_code(c->tl, k))
			if (!op(c, k, ','))
				last[i] = k;
		if (last[i] == SCAN_NONE || !ident(c, last[i]) || last[i] == at[i])
			return false;	/* a parameter without a name */
	}
	for (p = pl->row->new; *p && o + 1 < sizeof(expr); p++) {
		if (p[0] == '%' && p[1] >= '0' && p[1] <= '9') {
			i = p[1] - '0';
			if (i >= n || i == pl->param)
				return false;
			/* the parameter's index in the new head */
			o += (size_t)snprintf(expr + o, sizeof(expr) - o, "%.*s",
					      (int)c->tok[last[i]].len,
					      c->buf + c->tok[last[i]].pos);
			if (o >= sizeof(expr))
				return false;
			p++;
			continue;
		}
		expr[o++] = *p;
		expr[o] = 0;
	}
	le = line_end(c->buf, c->pt->len, tok_end(&c->tok[fn->body]));
	if (!only_blanks(c->buf, tok_end(&c->tok[fn->body]), le))
		return false;
	pos = after_eol(c->buf, c->pt->len, le);
	first = next_code(c->tl, fn->body);	/* the body's indentation */
	if (first != SCAN_NONE && first < fn->end) {
		ind = line_start(c->buf, c->tok[first].pos);
		if (only_blanks(c->buf, ind, c->tok[first].pos) &&
		    c->tok[first].pos - ind < sizeof(indent))
			snprintf(indent, sizeof(indent), "%.*s",
				 (int)(c->tok[first].pos - ind), c->buf + ind);
	}
	snprintf(decl, sizeof(decl), "%s%.*s = %s;%s", indent,
		 (int)(tok_end(&c->tok[last[pl->param]]) - c->tok[at[pl->param]].pos),
		 c->buf + c->tok[at[pl->param]].pos, expr, eol);
	if (!change_heads(c, fn, pl))
		return false;
	if (pl->straddle)
		porter_add_since(c->pt, pos, pl->since, decl);
	else
		add_edit(c->pt, pos, 0, decl);
	return true;
}

/*
 * CH_RETYPE: fn's parameter takes the new struct, its body's uses of it
 * converted (retype.c); where the target straddles the change, the
 * function is kept both ways.
 */
static bool retype(struct mctx *c, const struct fn *fn, const struct plan *pl,
		   const char **how)
{
	const char *or, *nr, *op_[MAX_PARAMS], *np[MAX_PARAMS];
	size_t orl, nrl, opl[MAX_PARAMS], npl[MAX_PARAMS];
	struct retype rt = {
		.pt = c->pt, .tl = c->tl, .start = fn->start, .name = fn->name,
		.open = fn->open, .close = fn->close, .body = fn->body,
		.end = fn->end, .proto = fn->proto,
		.proto_start = fn->proto_start, .nr_proto = fn->nr_proto,
		.param = pl->param, .hi = c->r.hi,
		/* without a row, not straddled: every kernel of the target */
		.since = pl->since ? pl->since : c->r.lo,
		.straddle = pl->straddle,
	};
	static char why[200];	/* the reason, until the finding is made */

	if (split_sig(pl->old, pl->old_len, &or, &orl, op_, opl) <= pl->param ||
	    split_sig(pl->now, pl->now_len, &nr, &nrl, np, npl) <= pl->param ||
	    !retype_tags(op_[pl->param], opl[pl->param], np[pl->param],
			 npl[pl->param], &rt.from, &rt.from_len, &rt.to,
			 &rt.to_len))
		return false;
	if (!retype_convert(&rt, why, sizeof(why))) {
		*how = why;
		return false;
	}
	*how = pl->straddle ? "the function is kept both ways under #if LINUX_VERSION_CODE, its members converted as the kernel's drivers were" :
	       what[CH_RETYPE];
	return true;
}

/* Make fn take the plan's form; false: it cannot be done here. */
static bool convert(struct mctx *c, const struct mctx *src, size_t dot,
		    size_t f, const struct fn *fn, const struct plan *pl,
		    const char **how)
{
	char wname[256];
	bool elsewhere = src != c;
	bool wrap = pl->how == CH_VOID &&
		    (elsewhere || pl->straddle || !returns_zero(c, fn) || fn->others);
	struct plan unused;
	size_t pos;

	if (pl->straddle && !pl->since) {
		*how = "the atlas knows the change only between two releases: keep both forms under #if LINUX_VERSION_CODE at the exact release, or narrow --target";
		return false;
	}
	if (pl->how == CH_DROP_PARAM && param_used(c, fn, pl->param) &&
	    !(pl->row && *pl->row->new && !elsewhere)) {
		*how = "its body uses the parameter that goes";
		return false;
	}
	if (pl->how == CH_RETYPE && !param_used(c, fn, pl->param)) {
		/* a parameter never used just takes the new type */
		unused = *pl;
		unused.how = CH_TYPE_PARAM;
		pl = &unused;
	}
	if (elsewhere && !wrap) {
		*how = "it is defined in another file of the driver: change its head there";
		return false;
	}
	if (!wrap && pl->how != CH_CONST_PARAM && fn->others) {
		*how = "it is called here too, so its signature cannot change";
		return false;
	}
	*how = wrap ? (pl->straddle ? "a void wrapper calls it, under #if LINUX_VERSION_CODE for the target's newer kernels" : "a void wrapper calls it") :
	       pl->straddle ? "both heads kept under #if LINUX_VERSION_CODE for the target's older kernels" : what[pl->how];
	if (!wrap) {
		if (made(c, fn->name))
			return true;
		if (pl->how == CH_RETYPE) {
			if (!retype(c, fn, pl, how))
				return false;
		} else if (pl->how == CH_DROP_PARAM && param_used(c, fn, pl->param)) {
			if (!given_back(c, fn, pl)) {
				*how = "its head is not on lines of its own, or its body's first statement on the line of its '{'";
				return false;
			}
			*how = pl->straddle ? "both heads kept under #if LINUX_VERSION_CODE, the body getting the parameter back for the target's newer kernels as the kernel's drivers were converted" :
			       "the body gets the parameter back, as the kernel's drivers were converted";
		} else if (!change_heads(c, fn, pl)) {
			*how = "its head is not on lines of its own";
			return false;
		}
		if (pl->how == CH_VOID)
			make_void(c, fn);
	} else {
		snprintf(wname, sizeof(wname), "%.*s_void", (int)c->tok[f].len,
			 c->buf + c->tok[f].pos);
		pos = elsewhere ? line_start(c->buf, c->tok[pl->decl].pos) :
		      after_eol(c->buf, c->pt->len,
				line_end(c->buf, c->pt->len, c->tok[fn->end].pos));
		if (!made(c, fn->name) && (ident_used(c->buf, c->tl, wname, strlen(wname)) ||
					   !add_wrapper(c, src, fn, pl, wname, pos))) {
			*how = "no void wrapper can be written for it";
			return false;
		}
		if (!use_wrapper(c, dot, f, pl, wname)) {
			*how = "its initializer line has more than this member";
			return false;
		}
	}
	if (!made(c, fn->name) && !GROW(c->pt, c->made, c->nr_made, c->alloc_made))
		c->made[c->nr_made++] = fn->name;
	return true;
}

/* Is the struct a parameter names a macro ("#define old_tag new_tag")? */
static bool tag_macro(const char *p, size_t len)
{
	const char *t = memmem(p, len, "struct ", 7), *e;

	if (!t)
		return false;
	t += 7;
	for (e = t; e < p + len && *e != ' ' && *e != '*'; e++)
		;
	return atlas_ident_kinds(t, (size_t)(e - t), "m") != 0;
}

/*
 * Is a change that is none of the kinds a change of type that breaks the
 * build: another number of parameters, or another struct in one?  (An
 * enum for an int, a typedef for its type, are the same to the compiler.)
 */
static bool real_change(const struct plan *pl)
{
	const char *or, *nr, *op_[MAX_PARAMS], *np[MAX_PARAMS];
	size_t orl, nrl, opl[MAX_PARAMS], npl[MAX_PARAMS];
	int on = split_sig(pl->old, pl->old_len, &or, &orl, op_, opl);
	int nn = split_sig(pl->now, pl->now_len, &nr, &nrl, np, npl), k;

	if (on < 0 || nn < 0 || on != nn)
		return on != nn;
	for (k = 0; k < on; k++)
		if ((memmem(op_[k], opl[k], "struct ", 7) ||
		     memmem(np[k], npl[k], "struct ", 7)) &&
		    !sig_eq(op_[k], opl[k], np[k], npl[k]) &&
		    !tag_macro(op_[k], opl[k]) && !tag_macro(np[k], npl[k]))
			return true;
	return (memmem(or, orl, "struct ", 7) || memmem(nr, nrl, "struct ", 7)) &&
	       !sig_eq(or, orl, nr, nrl);
}

/*
 * Does a kernel of the target that has the other form compile the code at
 * pos?  Not where the site is in a branch of #if LINUX_VERSION_CODE that
 * those kernels skip (".remove = f_void" under ">= 6.11", ".remove = f"
 * in its #else: the older kernels' form, as fix writes it).  A release
 * is its latest stable kernel, and the row's exact release counts too.
 */
static bool compiled_where_changed(const struct mctx *c, size_t pos,
				   const struct atlas_sig *sigs,
				   const struct plan *pl)
{
	unsigned int k, nrel = atlas_nr_releases();
	kv_code v;

	if (pl->since && pl->since >= c->r.lo && pl->since <= c->r.hi &&
	    vbranch_at(c->buf, c->tok, pos, pl->since) != VB_DEAD)
		return true;
	for (k = 0; k < nrel; k++) {
		v = atlas_release_kv(k) | 0xff;
		if (v > c->r.hi)
			v = c->r.hi;
		if (v < c->r.lo || !sigs[k].text ||
		    !sig_eq(sigs[k].text, sigs[k].len, pl->now, pl->now_len))
			continue;
		if (vbranch_at(c->buf, c->tok, pos, v) != VB_DEAD)
			return true;
	}
	return false;
}

/*
 * Function token f is put in method mem of struct tag (at token at: the
 * initializer's '{', or the attribute macro's name); dot is its
 * designator's '.' (or ':'), SCAN_NONE in a macro's arguments.
 */
static void judge(struct mctx *c, size_t dot, size_t f, size_t at,
		  const char *t, size_t tag_len, const char *mem,
		  size_t mem_len, bool gnu)
{
	struct atlas_sig sigs[ATLAS_MAX_RELEASES];
	struct plan pl = { 0 };
	struct fn fn;
	struct mctx hv, *src = &hv;
	const char *how = NULL;
	bool fixed, later;

	if (!atlas_method(t, tag_len, mem, mem_len, sigs))
		return;
	if (!find_fn(c, f, &fn) && (fn.nr_proto || fn.name != SCAN_NONE ||
				    !find_proto(c, f, &hv, &fn)))
		return;
	if (fn.body)
		src = c;
	if (!needs(c, sigs, t, tag_len, mem, mem_len, fn.sig, &pl) ||
	    !compiled_where_changed(c, c->tok[f].pos, sigs, &pl))
		return;
	if (porter_line_taken(c->pt, c->tok[f].pos, not_taken) ||
	    porter_line_taken(c->pt, c->tok[at].pos, not_taken))
		return;		/* another rule names it (aio-methods, define-timer) */
	pl.decl = decl_start(c, at);
	edits_for(c->pt, R_METHOD);
	if ((pl.how == CH_OTHER || pl.how == CH_TYPE_PARAM) && !real_change(&pl))
		return;		/* int and an enum, a typedef, a tag's macro: one type */
	later = gnu && pl.how == CH_VOID && rule_on(c->pt, R_GNU_INITIALIZER);
	if (later) {
		how = "fix converts it once the GCC field: initializer is .field =";
		fixed = false;
	} else if (dot == SCAN_NONE && (pl.how == CH_VOID || src != c)) {
		how = "a void wrapper cannot go in the attribute macro's arguments";
		fixed = false;
	} else {
		fixed = pl.how != CH_OTHER &&
			convert(c, src, dot, f, &fn, &pl, &how);
	}
	report(c, f, t, tag_len, mem, mem_len, &pl, fixed, later, how);
}

/* judge() f, the function of method mem of struct t, later (struct pending). */
static void judge_later(struct mctx *c, size_t dot, size_t f, size_t at,
			const char *t, size_t tag_len, const char *mem,
			size_t mem_len, bool gnu)
{
	if (!atlas_method(t, tag_len, mem, mem_len, NULL))
		return;
	if (c->nr_pend == c->alloc_pend) {
		size_t n = c->alloc_pend ? 2 * c->alloc_pend : 16;
		struct pending *more = realloc(c->pend, n * sizeof(*more));

		if (!more) {
			porter_fail(c->pt, -ENOMEM);
			return;
		}
		c->pend = more;
		c->alloc_pend = n;
	}
	c->pend[c->nr_pend++] = (struct pending){ dot, f, at, t, mem, tag_len,
						  mem_len, gnu };
}

/* The pending judgements, their functions' uses gathered first. */
static void judge_pending(struct mctx *c)
{
	size_t *f = malloc((c->nr_pend ? c->nr_pend : 1) * sizeof(*f)), k;

	/* no memory for the list: each asked as it comes */
	for (k = 0; f && k < c->nr_pend; k++)
		f[k] = c->pend[k].f;
	if (f)
		file_idents_gather(c->pt, f, c->nr_pend);
	free(f);
	for (k = 0; k < c->nr_pend && !c->pt->error; k++) {
		const struct pending *p = &c->pend[k];

		judge(c, p->dot, p->f, p->at, p->tag, p->tag_len, p->mem,
		      p->mem_len, p->gnu);
	}
}

/* ". m = f ," in a struct's initializer: its method's function. */
static void one(struct mctx *c, size_t dot)
{
	size_t m = next_code(c->tl, dot), eq = next_code(c->tl, m);
	size_t f = next_code(c->tl, eq), after, open, tag;
	size_t before = code_before(c->tl, dot);

	if (op(c, dot, ':')) {	/* GCC's "m: f," (gnu-initializer makes it ".m = f,") */
		m = before;
		f = next_code(c->tl, dot);
		eq = dot;
		dot = before = code_before(c->tl, m);
		if (!ident(c, m) || !(op(c, dot, '{') || op(c, dot, ',')))
			return;
		eq = next_code(c->tl, m);
	}
	after = next_code(c->tl, f);
	if (!ident(c, m) || !(op(c, eq, '=') || op(c, eq, ':')) || !ident(c, f) ||
	    !(op(c, after, ',') || op(c, after, '}')) ||
	    (op(c, eq, '=') && !(op(c, before, '{') || op(c, before, ','))))
		return;
	open = op(c, eq, ':') ? open_of(c, m) : open_of(c, dot);
	tag = open == SCAN_NONE ? SCAN_NONE : tag_of(c, open);
	if (tag == SCAN_NONE)
		return;
	judge_later(c, dot, f, open, c->buf + c->tok[tag].pos,
		    c->tok[tag].len, c->buf + c->tok[m].pos, c->tok[m].len,
		    op(c, eq, ':'));
}

/*
 * The attribute macros of the driver core, which put their third and
 * fourth arguments in the show and store methods of their struct:
 * DEVICE_ATTR(name, mode, show, store) and its older kin.
 */
static const struct {
	const char *macro, *tag;
} attr_macros[] = {
	{ "DEVICE_ATTR", "device_attribute" },
	{ "DRIVER_ATTR", "driver_attribute" },
	{ "BUS_ATTR", "bus_attribute" },
	{ "CLASS_ATTR", "class_attribute" },
};

/* The attr_macros[] entry of the macro named by token i, or -1. */
static int attr_macro_of(const struct mctx *c, size_t i)
{
	size_t k;

	for (k = 0; i != SCAN_NONE && k < sizeof(attr_macros) / sizeof(attr_macros[0]); k++)
		if (match_ident(c->buf, &c->tok[i], attr_macros[k].macro))
			return (int)k;
	return -1;
}

static bool attr_macro_name(const struct mctx *c, size_t i)
{
	return attr_macro_of(c, i) >= 0;
}

/* NAME(name, mode, show, store) at token i: show and store judged. */
static void attr_macro(struct mctx *c, size_t i)
{
	static const char *const mem[] = { "show", "store" };
	int k = attr_macro_of(c, i);
	size_t open, close, comma[3], a;

	if (k < 0 || !call_parens(c->buf, c->tl, i, &open, &close) ||
	    call_args(c->buf, c->tl, open, close, comma, 3) != 3)
		return;
	for (a = 0; a < 2; a++) {
		size_t f = next_code(c->tl, comma[a + 1]);
		size_t end = a ? close : comma[2];

		if (ident(c, f) && next_code(c->tl, f) == end &&
		    !match_ident(c->buf, &c->tok[f], "NULL"))
			judge_later(c, SCAN_NONE, f, i, attr_macros[k].tag,
				    strlen(attr_macros[k].tag), mem[a],
				    strlen(mem[a]), false);
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct mctx c = { .pt = pt, .tl = pt->tl, .tok = pt->tl->tok,
			  .buf = pt->buf, .last_dot = SCAN_NONE };
	size_t k;

	if (atlas_load() || not_x86_kernel(pt))
		return;
	kv_target(pt->opts->rules, &c.r);
	kv_format_range(&c.r, c.range, sizeof(c.range));
	for (k = 0; k < n && !pt->error; k++)
		if (h[k].flags & (H_DEAD | H_PP))
			continue;
		else if (h[k].word >= 2)
			attr_macro(&c, h[k].tok);
		else
			one(&c, h[k].tok);
	judge_pending(&c);
	free(c.pend);
	free(c.made);
	free(c.opener);
}

static struct family methods = {
	.name = "methods",
	.rules = rules,
	.words = words,
	.run = run,
};
FAMILY(methods)
