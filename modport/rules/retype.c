// SPDX-License-Identifier: GPL-2.0
/*
 * retype.c: a method's parameter that takes another struct since a
 * release, the function converted as the kernel's drivers were (see
 * retype.h).  Its edits are gathered first and made only when every use
 * of the parameter can be converted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../atlas.h"
#include "../changes.h"
#include "retype.h"

/*
 * An edit of the function: del bytes at pos become text.  At one place
 * the declarations go first, then the blank line after them, then the
 * rest (RANK_*), each in the order made.
 */
enum { RANK_DECL, RANK_BLANK, RANK_CODE };

struct redit {
	size_t pos, del, seq;
	int rank;
	char *text;
};

struct rctx {
	const struct retype *rt;
	const char *buf;
	const struct token *tok;
	size_t pname;			/* the parameter's name */
	struct redit *e;
	size_t nr, alloc;
	const char *why;
	char why_buf[200];
};

static bool op(const struct rctx *c, size_t i, char ch)
{
	return i != SCAN_NONE && match_op(c->buf, &c->tok[i], ch);
}

static bool ident(const struct rctx *c, size_t i)
{
	return i != SCAN_NONE && c->tok[i].type == TOKEN_IDENT;
}

static bool spelt(const struct rctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && c->tok[i].type == TOKEN_SPECIAL &&
	       token_is(c->buf, &c->tok[i], s);
}

static bool same(const struct rctx *c, size_t i, size_t j)
{
	return c->tok[i].len == c->tok[j].len &&
	       !memcmp(c->buf + c->tok[i].pos, c->buf + c->tok[j].pos,
		       c->tok[i].len);
}

static bool name_char(char ch)
{
	return ch == '_' || (ch >= '0' && ch <= '9') ||
	       ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z');
}

/* "[const ]struct TAG *": the tag's offset and length. */
static bool struct_ptr(const char *s, size_t len, size_t *tag, size_t *tag_len)
{
	size_t k = len > 6 && !memcmp(s, "const ", 6) ? 6 : 0;

	if (len - k < 10 || memcmp(s + k, "struct ", 7))
		return false;
	for (*tag = k += 7; k < len && name_char(s[k]); k++)
		;
	*tag_len = k - *tag;
	return *tag_len && len - k == 2 && !memcmp(s + k, " *", 2);
}

bool retype_tags(const char *old, size_t olen, const char *now, size_t nlen,
		 const char **from, size_t *from_len, const char **to,
		 size_t *to_len)
{
	size_t a, al, b, bl;

	if (!struct_ptr(old, olen, &a, &al) || !struct_ptr(now, nlen, &b, &bl) ||
	    a != b || (al == bl && !memcmp(old + a, now + b, al)))
		return false;	/* another const-ness, or the same tag */
	*from = old + a;
	*from_len = al;
	*to = now + b;
	*to_len = bl;
	return true;
}

/* Edit del bytes at pos to text (a copy); a second same insertion is one. */
static bool edit(struct rctx *c, size_t pos, size_t del, const char *text,
		 int rank)
{
	size_t k;

	for (k = 0; k < c->nr; k++)
		if (c->e[k].pos == pos && !c->e[k].del && !del &&
		    !strcmp(c->e[k].text, text))
			return true;
	if (GROW(c->rt->pt, c->e, c->nr, c->alloc) || !(text = strdup(text)))
		return false;
	c->e[c->nr].pos = pos;
	c->e[c->nr].del = del;
	c->e[c->nr].seq = c->nr;
	c->e[c->nr].rank = rank;
	c->e[c->nr++].text = (char *)text;
	return true;
}

static bool fail(struct rctx *c, const char *why)
{
	c->why = why;
	return false;
}

/*
 * The tag token of parameter k of the head (open, close): "struct TAG"
 * with the old tag; *last: the parameter's last token (its name).
 */
static size_t param_tag(const struct rctx *c, size_t open, size_t close,
			size_t *last)
{
	const struct token_list *tl = c->rt->tl;
	size_t i, tag = SCAN_NONE;
	int n = 0, depth = 0;

	*last = SCAN_NONE;
	for (i = next_code(tl, open); i < close; i = next_code(tl, i)) {
		if (op(c, i, '(') || op(c, i, '['))
			depth++;
		else if (op(c, i, ')') || op(c, i, ']'))
			depth--;
		else if (!depth && op(c, i, ','))
			n++;
		else if (n == c->rt->param) {
			*last = i;
			if (ident(c, i) && c->tok[i].len == c->rt->from_len &&
			    !memcmp(c->buf + c->tok[i].pos, c->rt->from,
				    c->rt->from_len) &&
			    match_ident(c->buf, &c->tok[code_before(tl, i)], "struct"))
				tag = i;
		}
	}
	return tag;
}

/* The LINKMODE row of member m of the new struct, or NULL. */
static const struct api_change *linkmode_row(const struct rctx *c, size_t m)
{
	char key[160];
	const struct api_change *ch;
	int n = snprintf(key, sizeof(key), "%.*s.%.*s", (int)c->rt->to_len,
			 c->rt->to, (int)c->tok[m].len, c->buf + c->tok[m].pos);

	if (n < 0 || (size_t)n >= sizeof(key))
		return NULL;
	ch = change_for(key, (size_t)n);
	return ch && ch->kind == C_LINKMODE ? ch : NULL;
}

/*
 * Has the new struct member m in every release of the atlas from the
 * change on, up to the target's last (or the first after the change)?
 */
static bool has_member(const struct rctx *c, size_t m)
{
	uint32_t mask = atlas_mask(ATLAS_MEMBER, c->rt->to, c->rt->to_len,
				   c->buf + c->tok[m].pos, c->tok[m].len);
	unsigned int k, kv;
	bool any = false;

	for (k = 0; k < atlas_nr_releases(); k++) {
		kv = atlas_release_kv(k);
		if (kv < c->rt->since)
			continue;
		if (any && kv > c->rt->hi)
			break;
		any = true;
		if (!(mask & (1u << k)))
			return false;
	}
	return any;
}

/* The ';' that ends the expression from token i (depth 0), or SCAN_NONE. */
static size_t statement_end(const struct rctx *c, size_t i)
{
	int depth = 0;

	for (; i < c->rt->end; i = next_code(c->rt->tl, i)) {
		if (op(c, i, '(') || op(c, i, '[') || op(c, i, '{'))
			depth++;
		else if (op(c, i, ')') || op(c, i, ']') || op(c, i, '}'))
			depth--;
		else if (op(c, i, ';') && !depth)
			return i;
		if (depth < 0)
			break;
	}
	return SCAN_NONE;
}

/* Does the parameter's name appear, not as a member, in tokens [i, to)? */
static bool names_param(const struct rctx *c, size_t i, size_t to)
{
	for (; i < to; i = next_code(c->rt->tl, i))
		if (ident(c, i) && same(c, i, c->pname) &&
		    !after_member_op(c->buf, c->rt->tl, i))
			return true;
	return false;
}

/* "p->m = x;" becomes "ethtool_convert_legacy_u32_to_link_mode(p->m, x);". */
static bool set_linkmode(struct rctx *c, size_t p, size_t m)
{
	const struct token_list *tl = c->rt->tl;
	size_t before = code_before(tl, p), eq = next_code(tl, m);
	size_t rhs = next_code(tl, eq), semi = statement_end(c, rhs);

	if (!(op(c, before, ';') || op(c, before, '{') || op(c, before, '}')) ||
	    semi == SCAN_NONE)
		return fail(c, "a link-mode member is set inside an expression");
	if (names_param(c, rhs, semi))
		return fail(c, "a link-mode member is set from the parameter");
	return edit(c, c->tok[p].pos, 0, "ethtool_convert_legacy_u32_to_link_mode(", RANK_CODE) &&
	       edit(c, tok_end(&c->tok[m]), c->tok[rhs].pos - tok_end(&c->tok[m]), ", ", RANK_CODE) &&
	       edit(c, c->tok[semi].pos, 0, ")", RANK_CODE);
}

/* Does the statement that starts at token s declare: "T x", "T *x"? */
static bool declares(const struct rctx *c, size_t s)
{
	static const char *const types[] = {
		"struct", "union", "enum", "const", "static", "unsigned",
		"signed", "int", "char", "short", "long", "bool", "u8", "u16",
		"u32", "u64", "s8", "s16", "s32", "s64", "__u32", "__u16",
		"__u8", NULL,
	};
	const struct token_list *tl = c->rt->tl;
	size_t n = next_code(tl, s);
	int w;

	if (!ident(c, s) || match_ident(c->buf, &c->tok[s], "return") ||
	    match_ident(c->buf, &c->tok[s], "goto"))
		return false;
	for (w = 0; types[w]; w++)
		if (match_ident(c->buf, &c->tok[s], types[w]))
			return true;
	return ident(c, n) || (op(c, n, '*') && ident(c, next_code(tl, n)) &&
			       op(c, next_code(tl, next_code(tl, n)), '=')) ||
	       (op(c, n, '*') && ident(c, next_code(tl, n)) &&
		op(c, next_code(tl, next_code(tl, n)), ';'));
}

/*
 * The first token of the statement that has token i, one a line can go
 * before: not a loop's or an else's, not a declaration.  SCAN_NONE if not.
 */
static size_t statement_start(const struct rctx *c, size_t i)
{
	static const char *const no[] = {
		"else", "while", "for", "do", "case", "default", NULL,
	};
	const struct token_list *tl = c->rt->tl;
	size_t k = i, b, s;
	int w;
	int depth = 0;

	while ((b = code_before(tl, k)) != SCAN_NONE && b >= c->rt->body) {
		if (op(c, b, ')') || op(c, b, ']'))
			depth++;
		else if ((op(c, b, '(') || op(c, b, '[')) && depth)
			depth--;
		else if ((op(c, b, '{') || op(c, b, '}')) && depth)
			return SCAN_NONE;	/* a statement expression */
		else if ((op(c, b, ';') && !depth) || op(c, b, '{') ||
			 op(c, b, '}'))
			break;
		k = b;
	}
	s = k;
	if (b == SCAN_NONE || !ident(c, s) ||
	    !only_blanks(c->buf, line_start(c->buf, c->tok[s].pos), c->tok[s].pos))
		return SCAN_NONE;
	for (w = 0; no[w]; w++)
		if (match_ident(c->buf, &c->tok[s], no[w]))
			return SCAN_NONE;
	return declares(c, s) ? SCAN_NONE : s;
}

/* The indentation of the body's first line, or a tab. */
static char *body_indent(const struct rctx *c)
{
	size_t first = next_code(c->rt->tl, c->rt->body);
	size_t ls = line_start(c->buf, c->tok[first].pos);

	if (first >= c->rt->end || !only_blanks(c->buf, ls, c->tok[first].pos))
		return porter_printf(c->rt->pt, "\t");
	return porter_printf(c->rt->pt, "%.*s", (int)(c->tok[first].pos - ls),
			     c->buf + ls);
}

/*
 * A read of p->m: a u32 m_u32, declared first in the body, that
 * ethtool_convert_link_mode_to_legacy_u32() fills before the statement.
 */
static bool get_linkmode(struct rctx *c, size_t p, size_t m)
{
	const struct token_list *tl = c->rt->tl;
	size_t s = statement_start(c, p), ls, b = c->rt->body;
	size_t amp = code_before(tl, p), after = next_code(tl, m);
	size_t at = line_end(c->buf, c->rt->pt->len, tok_end(&c->tok[b]));
	const char *eol = c->rt->pt->eol;
	char *name, *indent, *line, *decl;
	bool ok;

	if (op(c, amp, '&') && !ident(c, code_before(tl, amp)) &&
	    !op(c, code_before(tl, amp), ')') && !op(c, code_before(tl, amp), ']'))
		return fail(c, "the address of a link-mode member is taken");
	if (op(c, after, '[') || spelt(c, after, "++") || spelt(c, after, "--") ||
	    (c->tok[after].type == TOKEN_SPECIAL && c->tok[after].len >= 2 &&
	     c->buf[tok_end(&c->tok[after]) - 1] == '=' &&
	     !spelt(c, after, "==") && !spelt(c, after, "!=") &&
	     !spelt(c, after, "<=") && !spelt(c, after, ">=")))
		return fail(c, "a link-mode member is changed in place or indexed");
	if (s == SCAN_NONE)
		return fail(c, "a link-mode member is read where no line can go before the statement (a loop's condition, a declaration)");
	if (!only_blanks(c->buf, tok_end(&c->tok[b]), at))
		return fail(c, "the body's '{' is not at the end of its line");
	name = porter_printf(c->rt->pt, "%.*s_u32", (int)c->tok[m].len,
			     c->buf + c->tok[m].pos);
	if (!name)
		return false;
	if (ident_used(c->buf, tl, name, strlen(name))) {
		free(name);
		return fail(c, "the name of the u32 it would be read into is the file's");
	}
	ls = line_start(c->buf, c->tok[s].pos);
	indent = body_indent(c);
	line = porter_printf(c->rt->pt, "%.*sethtool_convert_link_mode_to_legacy_u32(&%s, %.*s->%.*s);%s",
			     (int)(c->tok[s].pos - ls), c->buf + ls, name,
			     (int)c->tok[p].len, c->buf + c->tok[p].pos,
			     (int)c->tok[m].len, c->buf + c->tok[m].pos, eol);
	decl = porter_printf(c->rt->pt, "%su32 %s;%s", indent ? indent : "\t",
			     name, eol);
	at = after_eol(c->buf, c->rt->pt->len, at);
	ok = line && decl && edit(c, at, 0, decl, RANK_DECL) &&
	     (declares(c, next_code(tl, b)) || edit(c, at, 0, eol, RANK_BLANK)) &&
	     edit(c, ls, 0, line, RANK_CODE) &&
	     edit(c, c->tok[p].pos, tok_end(&c->tok[m]) - c->tok[p].pos, name, RANK_CODE);
	free(name);
	free(indent);
	free(line);
	free(decl);
	return ok;
}

/*
 * Is the parameter at token p a whole argument of a call to a function
 * that takes the new struct there since the same release (an ARGTYPE
 * row: phy_ethtool_get_eee(phydev, eee))?
 */
static bool passed_on(const struct rctx *c, size_t p)
{
	const struct token_list *tl = c->rt->tl;
	const struct api_change *ch;
	size_t k, after = next_code(tl, p);
	int depth = 0, arg = 0;

	if (!op(c, after, ',') && !op(c, after, ')'))
		return false;
	for (k = code_before(tl, p); k != SCAN_NONE && k > c->rt->body;
	     k = code_before(tl, k)) {
		if (op(c, k, ')') || op(c, k, ']'))
			depth++;
		else if ((op(c, k, '(') || op(c, k, '[')) && depth)
			depth--;
		else if (op(c, k, ',') && !depth)
			arg++;
		else if (op(c, k, '(') || op(c, k, '{') || op(c, k, ';'))
			break;
	}
	if (k == SCAN_NONE || !op(c, k, '(') || !ident(c, code_before(tl, k)) ||
	    (code_before(tl, p) != k && !op(c, code_before(tl, p), ',')))
		return false;
	k = code_before(tl, k);
	ch = change_for(c->buf + c->tok[k].pos, c->tok[k].len);
	return ch && ch->kind == C_ARGTYPE && ch->arg == arg &&
	       strlen(ch->new) == c->rt->to_len &&
	       !memcmp(ch->new, c->rt->to, c->rt->to_len) &&
	       change_since(ch) == c->rt->since;
}

/* Every use of the parameter in the body: its edits, or false. */
static bool convert_body(struct rctx *c)
{
	const struct token_list *tl = c->rt->tl;
	size_t i, arrow, m;

	for (i = next_code(tl, c->rt->body); i < c->rt->end; i = next_code(tl, i)) {
		if (!ident(c, i) || !same(c, i, c->pname) ||
		    after_member_op(c->buf, tl, i))
			continue;
		arrow = next_code(tl, i);
		m = next_code(tl, arrow);
		if (passed_on(c, i))
			continue;
		if (!spelt(c, arrow, "->") || !ident(c, m))
			return fail(c, "its body uses the parameter otherwise than p->member (passes it on, or takes its address)");
		if (!linkmode_row(c, m)) {
			if (has_member(c, m))
				continue;
			snprintf(c->why_buf, sizeof(c->why_buf),
				 "struct %.*s has no member '%.*s' that the atlas knows",
				 (int)c->rt->to_len, c->rt->to,
				 (int)c->tok[m].len, c->buf + c->tok[m].pos);
			return fail(c, c->why_buf);
		}
		if (op(c, next_code(tl, m), '=') ? !set_linkmode(c, i, m) :
		    !get_linkmode(c, i, m))
			return false;
	}
	return true;
}

static int by_pos(const void *a, const void *b)
{
	const struct redit *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank - y->rank;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* buf[from, to) with the edits made in it, or NULL. */
static char *spliced(struct rctx *c, size_t from, size_t to)
{
	size_t k, at = from, n = 0, len = 1;
	char *s;

	for (k = 0; k < c->nr; k++)
		len += strlen(c->e[k].text);
	s = malloc(len + to - from);
	if (!s)
		return NULL;
	for (k = 0; k < c->nr; k++) {
		if (c->e[k].pos < at || c->e[k].pos + c->e[k].del > to) {
			free(s);
			return NULL;
		}
		memcpy(s + n, c->buf + at, c->e[k].pos - at);
		n += c->e[k].pos - at;
		memcpy(s + n, c->e[k].text, strlen(c->e[k].text));
		n += strlen(c->e[k].text);
		at = c->e[k].pos + c->e[k].del;
	}
	memcpy(s + n, c->buf + at, to - at);
	s[n + to - at] = 0;
	return s;
}

/* Each prototype takes the new struct (kept both ways where it straddles). */
static bool convert_protos(struct rctx *c, bool apply)
{
	const struct retype *rt = c->rt;
	size_t k, open, close, tag, last, semi, ls, le;
	char *to;

	for (k = 0; k < rt->nr_proto; k++) {
		open = next_code(rt->tl, rt->proto[k]);
		close = match_close(c->buf, rt->tl, open, '(', ')');
		tag = close == SCAN_NONE ? SCAN_NONE : param_tag(c, open, close, &last);
		semi = tag == SCAN_NONE ? SCAN_NONE : next_code(rt->tl, close);
		if (semi == SCAN_NONE)
			return fail(c, "a prototype of it is not read");
		ls = line_start(c->buf, c->tok[rt->proto_start[k]].pos);
		le = line_end(c->buf, rt->pt->len, tok_end(&c->tok[semi]));
		if (rt->straddle &&
		    (!only_blanks(c->buf, ls, c->tok[rt->proto_start[k]].pos) ||
		     !only_blanks(c->buf, tok_end(&c->tok[semi]), le)))
			return fail(c, "its prototype is not on lines of its own");
		if (!apply)
			continue;
		to = porter_printf(rt->pt, "%.*s", (int)rt->to_len, rt->to);
		if (!rt->straddle && to)
			add_edit(rt->pt, c->tok[tag].pos, c->tok[tag].len, to);
		else if (to)
			porter_keep_both(rt->pt, ls, le, after_eol(c->buf, rt->pt->len, le),
					 rt->since, c->tok[tag].pos, c->tok[tag].len, to);
		free(to);
	}
	return true;
}

/* The function itself: its edits, or under #if both ways. */
static bool convert_fn(struct rctx *c)
{
	const struct retype *rt = c->rt;
	size_t from = line_start(c->buf, c->tok[rt->start].pos);
	size_t old_to = line_end(c->buf, rt->pt->len, tok_end(&c->tok[rt->end]));
	char *text;
	size_t k;

	qsort(c->e, c->nr, sizeof(*c->e), by_pos);
	if (!rt->straddle) {
		for (k = 0; k < c->nr; k++)
			add_edit(rt->pt, c->e[k].pos, c->e[k].del, c->e[k].text);
		return true;
	}
	text = spliced(c, from, old_to);
	if (!text)
		return fail(c, "its edits overlap");
	porter_keep_both(rt->pt, from, old_to, after_eol(c->buf, rt->pt->len, old_to),
			 rt->since, from, old_to - from, text);
	free(text);
	return true;
}

bool retype_convert(const struct retype *rt, char *why, size_t size)
{
	struct rctx c = { .rt = rt, .buf = rt->pt->buf, .tok = rt->tl->tok };
	size_t tag = param_tag(&c, rt->open, rt->close, &c.pname), k;
	size_t from = line_start(c.buf, c.tok[rt->start].pos);
	size_t old_to = line_end(c.buf, rt->pt->len, tok_end(&c.tok[rt->end]));
	char *to = porter_printf(rt->pt, "%.*s", (int)rt->to_len, rt->to);
	bool ok;

	if (tag == SCAN_NONE || !ident(&c, c.pname) || c.pname == tag)
		ok = fail(&c, "its head names no parameter of the struct");
	else if (rt->straddle &&
		 (!only_blanks(c.buf, from, c.tok[rt->start].pos) ||
		  !only_blanks(c.buf, tok_end(&c.tok[rt->end]), old_to)))
		ok = fail(&c, "its head or its closing brace is not on lines of its own");
	else
		ok = to && edit(&c, c.tok[tag].pos, c.tok[tag].len, to, RANK_CODE) &&
		     convert_body(&c) && convert_protos(&c, false) &&
		     convert_protos(&c, true) && convert_fn(&c);
	if (!ok)
		snprintf(why, size, "%s", c.why ? c.why : "it cannot be converted");
	for (k = 0; k < c.nr; k++)
		free(c.e[k].text);
	free(c.e);
	free(to);
	return ok;
}
