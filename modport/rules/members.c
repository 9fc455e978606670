// SPDX-License-Identifier: GPL-2.0
/*
 * members.c: a member the kernel took out of a struct, and what its users
 * were converted to (the table of changes, MEMBER rows).  A row's old
 * form is "tag.member"; its new form is what a read becomes, and after a
 * ';' what a write becomes, written with
 *
 *	%&	a pointer to the struct: x for x->member, &x for x.member
 *	%.	the struct and its operator: "x->" or "x."
 *	%s	the value a write stores
 *
 * "genl_info_userhdr(%&)" (a read: info->userhdr becomes
 * genl_info_userhdr(info)), "inet_dscp_to_dsfield(%.flowi4_dscp);
 * %.flowi4_dscp = inet_dsfield_to_dscp(%s)" (fl4->flowi4_tos = v; becomes
 * fl4->flowi4_dscp = inet_dsfield_to_dscp(v);).  A use is fixed where the
 * struct is known (the variable is declared struct TAG * or struct TAG);
 * a write without a form of its own, a write in place (+=, ++) and a
 * member whose address is taken are reported.  Where the target straddles
 * the change, the lines are kept both ways under #if LINUX_VERSION_CODE.
 *
 * A RETYPE row's member is still there, of another type since its
 * release (new: "struct mutex"; <linux/lp.h>'s port_mutex was a struct
 * semaphore): where a file that shows its age (another finding) passes
 * its address to a call, f(&x.member), or f(&x[i].member), the call is of
 * the old type's interface (down(), up()): reported, with the row's
 * advice.  Today's code that takes the new type's lock shows no age.
 *
 *	api-member	MEMBER and RETYPE rows
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../changes.h"
#include "../engine.h"
#include "../kversion.h"
#include "shape.h"

static const enum rule_id rules[] = { R_API_MEMBER, NR_RULES };
static const enum rule_id mine[] = { R_API_MEMBER, R_GONE, NR_RULES };
static const char **words;	/* the rows' members, made once */
static struct family members;

static bool member_row(const struct api_change *ch)
{
	return ch->kind == C_MEMBER || ch->kind == C_RETYPE;
}

static void __attribute__((constructor)) make_words(void)
{
	words = change_words(member_row);
	members.words = words;
}

/* A use of a row's member: bytes [from, to) become the row's new form. */
struct site {
	size_t from, to;	/* x->m, or the statement's x->m = v */
	size_t base, member;	/* the tokens x and m */
	size_t vfrom, vto;	/* a write's value; equal for a read */
	const struct api_change *ch;
	bool ptr;		/* x->m (not x.m) */
	bool fixed;
};

struct mctx {
	struct porter *pt;
	const char *buf;
	const struct token *tok;
	struct kv_range r;
	struct site *s;
	size_t nr, alloc;
};

static bool op_is(const struct mctx *c, size_t i, const char *s)
{
	return sh_op(c->pt, i, s);
}

/* Is token i an operator that changes what follows or precedes it in place? */
static bool in_place(const struct mctx *c, size_t i)
{
	static const char *const ops[] = {
		"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
		"++", "--",
	};
	size_t k;

	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (op_is(c, i, ops[k]))
			return true;
	return false;
}

/* Is the '&' at i the address-of operator (nothing to take the and of)? */
static bool unary_amp(const struct mctx *c, size_t i)
{
	size_t p = sh_prev(c->pt, i);

	if (!op_is(c, i, "&"))
		return false;
	return p == SCAN_NONE || sh_ident(c->pt, p, "return") ||
	       (c->tok[p].type != TOKEN_IDENT && c->tok[p].type != TOKEN_NUMBER &&
		!op_is(c, p, ")") && !op_is(c, p, "]"));
}

/* Does a statement start before token i? */
static bool statement_start(const struct mctx *c, size_t i)
{
	size_t p = sh_prev(c->pt, i);

	return p == SCAN_NONE || op_is(c, p, ";") || op_is(c, p, "{") ||
	       op_is(c, p, "}") || op_is(c, p, ")") ||
	       sh_ident(c->pt, p, "else");
}

/* The ';' that ends the expression starting at i, at its level, or SCAN_NONE. */
static size_t statement_end(const struct mctx *c, size_t i)
{
	int depth = 0;

	for (; c->tok[i].type != TOKEN_EOF; i = sh_next(c->pt, i)) {
		if (op_is(c, i, "(") || op_is(c, i, "[") || op_is(c, i, "{"))
			depth++;
		else if (op_is(c, i, ")") || op_is(c, i, "]") || op_is(c, i, "}"))
			depth--;
		if (depth < 0)
			return SCAN_NONE;
		if (!depth && op_is(c, i, ";"))
			return i;
	}
	return SCAN_NONE;
}

/* The row's form of a write ("" if it has none) and its length of a read. */
static const char *write_form(const struct api_change *ch, size_t *read_len)
{
	const char *semi = strchr(ch->new, ';');

	*read_len = semi ? (size_t)(semi - ch->new) : strlen(ch->new);
	if (!semi)
		return "";
	for (semi++; *semi == ' '; semi++)
		;
	return semi;
}

static void report(struct mctx *c, size_t m, const struct api_change *ch,
		   const char *why)
{
	add_finding(c->pt, c->tok[m].pos, R_API_MEMBER, SEV_WARNING, false,
		    "%s (%s); port it by hand", ch->advice, why);
}

/* An array x declared "struct S x[N];" before token at: S's token. */
static size_t array_tag(const struct mctx *c, size_t x, size_t at)
{
	const struct token_list *tl = c->pt->tl;
	size_t i, close, after, tag;

	for (i = code_before(tl, at); i != SCAN_NONE; i = code_before(tl, i)) {
		if (!sh_same(c->pt, i, x) || !op_is(c, sh_next(c->pt, i), "["))
			continue;
		close = match_close(c->buf, tl, sh_next(c->pt, i), '[', ']');
		after = close == SCAN_NONE ? SCAN_NONE : sh_next(c->pt, close);
		tag = sh_prev(c->pt, i);
		if (after != SCAN_NONE && (op_is(c, after, ";") ||
					   op_is(c, after, ",") ||
					   op_is(c, after, "=")) &&
		    sh_is_ident(c->pt, tag) &&
		    sh_ident(c->pt, sh_prev(c->pt, tag), "struct"))
			return tag;
	}
	return SCAN_NONE;
}

/*
 * The MEMBER or RETYPE row of member m after '->' or '.' (*ptr: which),
 * where the variable before it is of a known struct (for a RETYPE row,
 * also an array's element, x[i].m); NULL if none.
 */
static const struct api_change *row_of(const struct mctx *c, size_t m,
				       size_t *base, bool *ptr)
{
	size_t arrow = sh_prev(c->pt, m), tag, var;
	const struct api_change *ch;
	char key[128];
	bool array = false;
	int n;

	*base = arrow == SCAN_NONE ? SCAN_NONE : sh_prev(c->pt, arrow);
	var = *base;
	if (var != SCAN_NONE && op_is(c, var, "]") && op_is(c, arrow, ".")) {
		/* x[i].m: x's element, for a RETYPE row */
		var = match_open(c->buf, c->pt->tl, var, '[', ']');
		var = var == SCAN_NONE ? SCAN_NONE : sh_prev(c->pt, var);
		array = true;
	}
	if (var == SCAN_NONE || !sh_is_ident(c->pt, var) ||
	    (!op_is(c, arrow, "->") && !op_is(c, arrow, ".")) ||
	    after_member_op(c->buf, c->pt->tl, var))
		return NULL;	/* a->b.m: b's struct is not known here */
	*ptr = false;
	tag = array ? array_tag(c, var, var) : sh_var_tag(c->pt, var, ptr);
	if (tag == SCAN_NONE || *ptr != op_is(c, arrow, "->"))
		return NULL;
	n = snprintf(key, sizeof(key), "%.*s.%.*s", SH_TOK(c->pt, tag),
		     SH_TOK(c->pt, m));
	ch = n > 0 && (size_t)n < sizeof(key) ? change_for(key, (size_t)n) : NULL;
	if (ch && ch->kind == C_RETYPE) {
		*base = var;
		return c->r.hi >= change_since(ch) ? ch : NULL;
	}
	if (array || !ch || ch->kind != C_MEMBER ||
	    (change_gone(ch) && c->r.hi < change_gone(ch)) ||
	    porter_kept_old(c->pt, c->tok[m].pos) ||
	    porter_edited(c->pt, c->tok[*base].pos))
		return NULL;
	return ch;
}

/*
 * A RETYPE row's member at m, x its variable: passed by address to a call,
 * "f(&x.m" or "f(&x[i].m", in a file that shows its age?
 */
static bool old_type_call(const struct mctx *c, size_t x)
{
	size_t amp = sh_prev(c->pt, x), open = sh_prev(c->pt, amp);

	return c->pt->nr_found[1] && op_is(c, amp, "&") && op_is(c, open, "(") &&
	       sh_is_ident(c->pt, sh_prev(c->pt, open));
}

/*
 * Why the use at site s (its member followed by token after) cannot be
 * made, or NULL: then a write's value is in s.
 */
static const char *cannot(const struct mctx *c, struct site *s, size_t after)
{
	size_t rl, semi;

	if (unary_amp(c, sh_prev(c->pt, s->base)))
		return "its address is taken here";
	if (in_place(c, sh_prev(c->pt, s->base)) || in_place(c, after) ||
	    op_is(c, after, "."))
		return "it is changed in place here";
	if (!op_is(c, after, "="))
		return NULL;	/* a read */
	if (!*write_form(s->ch, &rl))
		return "it is written here, and the kernel has no form of that";
	semi = statement_end(c, after);
	if (semi == SCAN_NONE || !statement_start(c, s->base) ||
	    sh_next(c->pt, after) == semi)
		return "the write is not a statement of its own";
	s->vfrom = c->tok[sh_next(c->pt, after)].pos;
	s->vto = tok_end(&c->tok[sh_prev(c->pt, semi)]);
	s->to = s->vto;
	return NULL;
}

/* The use of member m: a site if it can be made, else a finding. */
static void use(struct mctx *c, size_t m)
{
	struct site s = { 0 };
	const char *why;

	s.ch = row_of(c, m, &s.base, &s.ptr);
	if (s.ch && s.ch->kind == C_RETYPE) {
		if (old_type_call(c, s.base))
			report(c, m, s.ch, "its address is passed to a call here, which must be of the new type's interface");
		return;
	}
	if (!s.ch)
		return;
	edits_for(c->pt, R_API_MEMBER);
	s.member = m;
	s.from = c->tok[s.base].pos;
	s.to = s.vfrom = s.vto = tok_end(&c->tok[m]);
	why = cannot(c, &s, sh_next(c->pt, m));
	if (why) {
		report(c, m, s.ch, why);
		return;
	}
	if (!GROW(c->pt, c->s, c->nr, c->alloc))
		c->s[c->nr++] = s;
}

static char *made(struct mctx *c, size_t from, size_t to);

static char *append(struct mctx *c, char *out, const char *s, size_t len)
{
	char *more = porter_printf(c->pt, "%s%.*s", out ? out : "", (int)len, s);

	free(out);
	return more;
}

/* The site's new form: the row's, its %&, %. and %s filled. */
static char *site_text(struct mctx *c, const struct site *s)
{
	size_t rl, k;
	const char *w = write_form(s->ch, &rl);
	const char *f = s->vfrom == s->vto ? s->ch->new : w;
	size_t len = s->vfrom == s->vto ? rl : strlen(w);
	char *out = porter_printf(c->pt, "%s", ""), *v;

	for (k = 0; out && k < len; k++) {
		if (f[k] != '%' || k + 1 == len) {
			out = append(c, out, f + k, 1);
			continue;
		}
		k++;
		if (f[k] == '&' && !s->ptr)
			out = append(c, out, "&", 1);
		if (f[k] == '&' || f[k] == '.')
			out = append(c, out, c->buf + c->tok[s->base].pos,
				     c->tok[s->base].len);
		if (f[k] == '.')
			out = append(c, out, s->ptr ? "->" : ".", s->ptr ? 2 : 1);
		if (f[k] == 's') {
			v = made(c, s->vfrom, s->vto);
			out = v ? append(c, out, v, strlen(v)) : (free(out), NULL);
			free(v);
		}
	}
	return out;
}

/* buf[from, to) with the fixed sites in it made (a value's reads too). */
static char *made(struct mctx *c, size_t from, size_t to)
{
	char *out = porter_printf(c->pt, "%s", ""), *t;
	size_t at = from, k;

	for (k = 0; out && k < c->nr; k++) {
		const struct site *s = &c->s[k];

		if (!s->fixed || s->from < at || s->to > to)
			continue;
		out = append(c, out, c->buf + at, s->from - at);
		t = out ? site_text(c, s) : NULL;
		out = t ? append(c, out, t, strlen(t)) : (free(out), NULL);
		free(t);
		at = s->to;
	}
	return out ? append(c, out, c->buf + at, to - at) : NULL;
}

/* The whole lines of site k, and of those that share one with it. */
static size_t block_of(const struct mctx *c, size_t k, size_t *from,
		       size_t *to)
{
	size_t j = k;

	*from = line_start(c->buf, c->s[k].from);
	*to = line_end(c->buf, c->pt->len, c->s[k].to);
	while (j + 1 < c->nr && c->s[j + 1].from < *to) {
		j++;
		if (c->s[j].to > *to)
			*to = line_end(c->buf, c->pt->len, c->s[j].to);
	}
	return j;
}

/*
 * Can the lines [from, to) of sites k..last be kept both ways: one
 * release for all of them, and no other rule's finding on them?
 */
static bool block_ok(const struct mctx *c, size_t k, size_t last,
		     size_t from, size_t to)
{
	size_t j, pos;

	for (j = k; j <= last; j++)
		if (change_since(c->s[j].ch) != change_since(c->s[k].ch))
			return false;
	for (pos = from; pos < to; pos = after_eol(c->buf, c->pt->len,
						   line_end(c->buf, c->pt->len, pos)))
		if (porter_line_taken(c->pt, pos, mine))
			return false;
	return true;
}

static void finding(struct mctx *c, const struct site *s, const char *how)
{
	if (!s->fixed) {
		report(c, s->member, s->ch, how);
		return;
	}
	add_finding(c->pt, c->tok[s->member].pos, R_API_MEMBER, SEV_WARNING,
		    true, "%s%s%s%s", s->ch->advice, how ? " (" : "",
		    how ? how : "", how ? ")" : "");
}

/* The sites k..last in lines [from, to): their findings and edits. */
static void fix_block(struct mctx *c, size_t k, size_t last, size_t from,
		      size_t to)
{
	unsigned int since = change_since(c->s[k].ch);
	bool both = c->r.lo < since;
	bool ok = !both || block_ok(c, k, last, from, to);
	size_t j, end = 0;
	char *text;

	for (j = k; j <= last; j++) {
		c->s[j].fixed = ok;
		finding(c, &c->s[j], !ok ? "the lines cannot be kept both ways: keep both under #if LINUX_VERSION_CODE, or narrow --target" :
			both ? "both kept under #if LINUX_VERSION_CODE for the target's older kernels" : NULL);
	}
	if (!ok)
		return;
	if (both) {
		text = made(c, from, to);
		porter_keep_both(c->pt, from, to,
				 after_eol(c->buf, c->pt->len, to), since,
				 from, to - from, text);
		free(text);
		return;
	}
	for (j = k; j <= last; j++) {
		if (c->s[j].from < end)
			continue;	/* in a value: made with its write */
		end = c->s[j].to;
		text = made(c, c->s[j].from, end);
		if (text)
			add_edit(c->pt, c->s[j].from, end - c->s[j].from, text);
		free(text);
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct mctx c = { .pt = pt, .buf = pt->buf, .tok = pt->tl->tok };
	size_t k, last, from, to;

	kv_target(pt->opts->rules, &c.r);
	for (k = 0; k < n && !pt->error; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)))
			use(&c, h[k].tok);
	for (k = 0; k < c.nr && !pt->error; k = last + 1) {
		last = block_of(&c, k, &from, &to);
		edits_for(pt, R_API_MEMBER);
		fix_block(&c, k, last, from, to);
	}
	free(c.s);
}

static struct family members = {
	.name = "members",
	.rules = rules,
	.run = run,		/* .words: make_words() */
};
FAMILY(members)
