// SPDX-License-Identifier: GPL-2.0
/*
 * changes.c: the API changes of the table (changes.def), fixed from its
 * rows: renames, header moves, removed no-ops and simple signature
 * changes.  Where every kernel of the target has the new form, the old
 * one is rewritten; where the target straddles the change, both forms are
 * kept under #if LINUX_VERSION_CODE (a header or a whole line), or a
 * compat #define keeps the old name for the older kernels (a rename);
 * what has no such form is reported with the row's advice.
 *
 *	api-rename	RENAME rows
 *	api-header	HEADER rows
 *	api-removed	REMOVE_LINE, REMOVE_WORD, UNWRAP, EXPAND rows
 *	api-signature	DROP_ARG, ADD_ARG, QUOTE_ARG rows
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../atlas.h"
#include "../brings.h"
#include "../changes.h"
#include "../directive.h"
#include "../engine.h"
#include "../include.h"
#include "../kversion.h"
#include "../source.h"
#include "gone.h"
#include "shape.h"

static const char **words;	/* made once, from the table */
static struct family changes;

static const enum rule_id rules[] = {
	R_API_RENAME, R_API_HEADER, R_API_REMOVED, R_API_SIGNATURE, NR_RULES
};

static bool fixed_here(const struct api_change *ch)
{
	return ch->kind != C_PERSON && ch->kind != C_METHOD &&
	       ch->kind != C_SETUP && ch->kind != C_MEMBER &&
	       ch->kind != C_LINKMODE && ch->kind != C_ARGTYPE &&
	       ch->kind != C_RETYPE;
}

static void __attribute__((constructor)) make_words(void)
{
	words = change_words(fixed_here);
	changes.words = words;
}

struct ctx {
	struct porter *pt;
	const struct token *tok;
	const char *buf;
	struct kv_range r;
	char range[48];
	char *shims;		/* compat #defines for after the includes */
	const char *included[8];	/* INCLUDE rows' headers added */
	size_t nr_included;
	int unit;		/* a unit of its own (not a header, not a .c
				 * that a sibling includes); -1: not asked */
};

static enum rule_id rule_of(enum change_kind k)
{
	switch (k) {
	case C_RENAME:
	case C_CLASH:
		return R_API_RENAME;
	case C_HEADER:
	case C_INCLUDE:
		return R_API_HEADER;
	case C_DROP_ARG:
	case C_ADD_ARG:
	case C_QUOTE_ARG:
	case C_REWRITE:
		return R_API_SIGNATURE;
	default:
		return R_API_REMOVED;
	}
}

/*
 * The lines [from, to) become "#if >= since: fixed; #else: old; #endif":
 * the fix is size bytes at pos become text.
 */
static void keep_both(struct ctx *c, const struct api_change *ch, size_t from,
		      size_t to, size_t pos, size_t size, const char *text)
{
	porter_keep_both(c->pt, from, to, after_eol(c->buf, c->pt->len, to),
			 change_since(ch), pos, size, text);
}

static bool straddles(const struct ctx *c, const struct api_change *ch)
{
	return c->r.lo < change_since(ch);
}

/* Does the target need this row at all? */
static bool applies(const struct ctx *c, const struct api_change *ch)
{
	unsigned int gone = change_gone(ch);

	return !gone || c->r.hi >= gone;
}

static bool finding(struct ctx *c, size_t i, const struct api_change *ch,
		    bool fixed, const char *how)
{
	add_finding(c->pt, c->tok[i].pos, rule_of(ch->kind), SEV_WARNING,
		    fixed, "%s%s%s%s%s", ch->advice, how ? " (" : "",
		    how ? how : "", how ? ")" : "",
		    fixed ? "" : "; port it by hand");
	return fixed;
}

static void header(struct ctx *c, size_t i, const struct api_change *ch)
{
	size_t hash = directive_of(c->pt->tl, i), from, to;
	char *now;

	if (ch->kind == C_REMOVE_LINE) {
		finding(c, i, ch, true, NULL);
		define_range(c->pt, hash, &from, &to);
		add_edit(c->pt, from, to - from, "");
		return;
	}
	if (!straddles(c, ch)) {
		finding(c, i, ch, true, NULL);
		now = porter_printf(c->pt, "<%s>", ch->new);
		if (now)
			add_edit(c->pt, c->tok[i].pos, c->tok[i].len, now);
		free(now);
		return;
	}
	finding(c, i, ch, true, "both kept under #if LINUX_VERSION_CODE for the target's older kernels");
	from = line_start(c->buf, c->tok[hash].pos);
	to = line_end(c->buf, c->pt->len, c->tok[i].pos);
	now = porter_printf(c->pt, "#include <%s>", ch->new);
	keep_both(c, ch, from, to, from, to - from, now);
	free(now);
}

/* The ')' that closes the '(' at open, or SCAN_NONE. */
static size_t close_of(const struct ctx *c, size_t open)
{
	return match_close(c->buf, c->pt->tl, open, '(', ')');
}

/*
 * Is the ':' at k a label's, "case X:" or "default:" (a statement
 * follows), not a conditional's?  A case's statement starts with case;
 * a label is one name after a statement's end.
 */
static bool label_colon(const struct ctx *c, size_t k)
{
	size_t p = code_before(c->pt->tl, k), q;

	if (!match_op(c->buf, &c->tok[k], ':') || p == SCAN_NONE)
		return false;
	if (match_ident(c->buf, &c->tok[p], "default"))
		return true;
	q = code_before(c->pt->tl, p);
	if (c->tok[p].type == TOKEN_IDENT &&
	    (q == SCAN_NONE || match_op(c->buf, &c->tok[q], ';') ||
	     match_op(c->buf, &c->tok[q], '{') || match_op(c->buf, &c->tok[q], '}')))
		return true;
	for (q = p; q != SCAN_NONE; q = code_before(c->pt->tl, q)) {
		if (match_op(c->buf, &c->tok[q], ';') || match_op(c->buf, &c->tok[q], '{') ||
		    match_op(c->buf, &c->tok[q], '}') || match_op(c->buf, &c->tok[q], '?'))
			return false;
		if (match_ident(c->buf, &c->tok[q], "case"))
			return true;
	}
	return false;
}

/* Is the call at i a statement whose result is unused? */
static bool statement_call(const struct ctx *c, size_t i, size_t close)
{
	size_t before = code_before(c->pt->tl, i);
	size_t after = next_code(c->pt->tl, close);

	if (!match_op(c->buf, &c->tok[after], ';'))
		return false;
	return before == SCAN_NONE || match_op(c->buf, &c->tok[before], ';') ||
	       match_op(c->buf, &c->tok[before], '{') ||
	       match_op(c->buf, &c->tok[before], '}') ||
	       match_op(c->buf, &c->tok[before], ')') ||
	       match_ident(c->buf, &c->tok[before], "else") ||
	       label_colon(c, before);
}

/* The last occurrence of needle in s, or NULL. */
static const char *strrchr_head(const char *s, const char *needle)
{
	const char *at = NULL, *p;

	for (p = strstr(s, needle); p; p = strstr(p + 1, needle))
		at = p;
	return at;
}

static void add_shim(struct ctx *c, const struct api_change *ch)
{
	unsigned int v = change_since(ch);
	const char *old = ch->old + (strncmp(ch->old, "struct ", 7) ? 0 : 7);
	const char *last = c->shims ? strrchr_head(c->shims, "#if ") : NULL;
	char head[64], *more;
	size_t keep;

	snprintf(head, sizeof(head), "#if LINUX_VERSION_CODE < KERNEL_VERSION(%u, %u, %u)",
		 v >> 16, (v >> 8) & 0xff, v & 0xff);
	if (last && !strncmp(last, head, strlen(head))) {
		/* the last block is this release's: one more #define in it */
		keep = strlen(c->shims) - strlen("#endif") - strlen(c->pt->eol);
		more = porter_printf(c->pt, "%.*s#define %s %s%s#endif%s",
				     (int)keep, c->shims, ch->new, old,
				     c->pt->eol, c->pt->eol);
	} else {
		more = porter_printf(c->pt, "%s%s%s#define %s %s%s#endif%s",
				     c->shims ? c->shims : "", head, c->pt->eol,
				     ch->new, old, c->pt->eol, c->pt->eol);
	}
	free(c->shims);
	c->shims = more;
}

/* Is the last argument of the call at open NULL (or 0)? */
static bool last_null(const struct ctx *c, size_t open)
{
	size_t close = close_of(c, open), last;

	if (close == SCAN_NONE)
		return false;
	last = prev_code(c->pt->tl, close);
	return (match_ident(c->buf, &c->tok[last], "NULL") ||
		(c->tok[last].len == 1 && c->buf[c->tok[last].pos] == '0')) &&
	       match_op(c->buf, &c->tok[prev_code(c->pt->tl, last)], ',');
}

static void rename_call(struct ctx *c, size_t i, const struct api_change *ch,
		   size_t open)
{
	bool old_at_lo = !change_gone(ch) || c->r.lo < change_gone(ch);

	if (ch->arg == CALL_STATEMENT &&
	    (open == SCAN_NONE || close_of(c, open) == SCAN_NONE ||
	     !statement_call(c, i, close_of(c, open)))) {
		finding(c, i, ch, false, "its result is used here");
		return;
	}
	if (ch->arg == CALL_LAST_NULL &&
	    (open == SCAN_NONE || !last_null(c, open))) {
		finding(c, i, ch, false, "it searches on from a device it was given, whose reference pci_get_device() would drop");
		return;
	}
	if (straddles(c, ch) && !old_at_lo) {
		finding(c, i, ch, false, "no form builds on every kernel of the target: keep both under #if LINUX_VERSION_CODE, or narrow --target");
		return;
	}
	if (straddles(c, ch)) {
		finding(c, i, ch, true, "a compat #define after the includes keeps the old name for the target's older kernels");
		if (!c->shims || !strstr(c->shims, ch->new))
			add_shim(c, ch);
	} else {
		finding(c, i, ch, true, NULL);
	}
	add_edit(c->pt, c->tok[i].pos, c->tok[i].len, ch->new);
}

/* The token that starts argument n of the call at open, and its end. */
static bool arg_span(const struct ctx *c, size_t open, int n, size_t *from,
		     size_t *to)
{
	size_t close = close_of(c, open), k, start = next_code(c->pt->tl, open);
	int at = 0, depth = 0;

	if (close == SCAN_NONE)
		return false;
	for (k = start; k < close; k++) {
		const struct token *t = &c->tok[k];

		if (match_op(c->buf, t, '(') || match_op(c->buf, t, '[') ||
		    match_op(c->buf, t, '{'))
			depth++;
		else if (match_op(c->buf, t, ')') || match_op(c->buf, t, ']') ||
			 match_op(c->buf, t, '}'))
			depth--;
		else if (!depth && match_op(c->buf, t, ',')) {
			if (at == n) {
				*from = c->tok[start].pos;
				*to = tok_end(&c->tok[prev_code(c->pt->tl, k)]);
				return true;
			}
			at++;
			start = next_code(c->pt->tl, k);
		}
	}
	if (at == n && start < close) {
		*from = c->tok[start].pos;
		*to = tok_end(&c->tok[prev_code(c->pt->tl, close)]);
		return true;
	}
	return false;
}

static int count_args(const struct ctx *c, size_t open)
{
	size_t from, to;
	int n = 0;

	while (arg_span(c, open, n, &from, &to))
		n++;
	return n;
}

/*
 * Is the call at i, of n arguments, in the form before the row's change?
 * The atlas says how many arguments the releases before and after it
 * take; where a variadic call fits both (device_create's format), a
 * string where the new argument goes says it is the old form.
 */
static bool old_form(const struct ctx *c, size_t i, size_t open,
		     const struct api_change *ch, int n)
{
	uint32_t sets[ATLAS_MAX_RELEASES], was = 0, now = 0;
	unsigned int k, since = change_since(ch);
	size_t from, to;

	if (!atlas_arity(c->buf + c->tok[i].pos, c->tok[i].len, sets))
		return n == ch->arg;
	for (k = 0; k < atlas_nr_releases(); k++) {
		if (!sets[k])
			continue;
		if (atlas_release_kv(k) < since)
			was = sets[k];
		else if (!now)
			now = sets[k];
	}
	if (!atlas_arity_fits(was, (unsigned int)n))
		return false;
	if (!atlas_arity_fits(now, (unsigned int)n))
		return true;
	return arg_span(c, open, ch->arg, &from, &to) && c->buf[from] == '"';
}

/* Do buf[from, to) and the pattern's p[0, n) spell the same, blanks aside? */
static bool same_text(const char *buf, size_t from, size_t to, const char *p,
		      size_t n)
{
	size_t k = 0;

	for (; from < to || k < n;) {
		if (from < to && (buf[from] == ' ' || buf[from] == '\t' ||
				  buf[from] == '\n' || buf[from] == '\r')) {
			from++;
		} else if (k < n && p[k] == ' ') {
			k++;
		} else if (from < to && k < n && buf[from] == p[k]) {
			from++;
			k++;
		} else {
			return false;
		}
	}
	return true;
}

#define REWRITE_MAX_ARGS 8

/*
 * Is buf[from, to) a postfix expression, one that "->m" or ".m" after it
 * applies to whole: names, "->", ".", calls and subscripts, a
 * parenthesized expression - no operator at its top level, no cast?
 */
static bool postfix_expr(const char *buf, size_t from, size_t to)
{
	size_t k;
	int depth = 0;
	bool closed = false, any = false;

	for (k = from; k < to; k++) {
		char ch = buf[k];

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
			continue;
		if (!depth && closed && ch != '.' && ch != '-' && ch != '[' &&
		    ch != '(')
			return false;	/* "(T *)p": a cast */
		closed = false;
		if (ch == '(' || ch == '[') {
			depth++;
		} else if (ch == ')' || ch == ']') {
			if (--depth < 0)
				return false;
			closed = !depth && ch == ')';
		} else if (!depth && ch == '-') {
			if (k + 1 >= to || buf[k + 1] != '>')
				return false;
			k++;
		} else if (!depth && !ident_byte(ch) && ch != '.') {
			return false;
		}
		any = true;
	}
	return any && !depth;
}

/*
 * A pattern's argument "%N->member" (or "%N.member"): the call's argument
 * buf[a, b) is a postfix expression followed by that text; %N takes the
 * expression.  False where it is not so.
 */
static bool bind_suffix(const char *buf, size_t a, size_t b, const char *suf,
			size_t n, size_t *to)
{
	size_t x;

	while (n && *suf == ' ')
		suf++, n--;
	while (n && suf[n - 1] == ' ')
		n--;
	if (!n || (suf[0] != '.' && suf[0] != '-' && suf[0] != '['))
		return false;
	for (x = b; x-- > a + 1;) {
		if (!same_text(buf, x, b, suf, n))
			continue;
		while (x > a && (buf[x - 1] == ' ' || buf[x - 1] == '\t'))
			x--;
		*to = x;
		return postfix_expr(buf, a, x);
	}
	return false;
}

/*
 * A REWRITE row's old form is a call pattern, "name(%0, &usb_hid_driver)":
 * each argument %N (any, taken as argument N of the new form) or text the
 * call's argument must spell.  The new form with the arguments the call
 * has for its %N, or NULL if the call does not match.
 */
static char *rewritten(struct ctx *c, size_t open, const struct api_change *ch)
{
	const char *p = strchr(ch->old, '(') + 1, *q;
	size_t from[REWRITE_MAX_ARGS], to[REWRITE_MAX_ARGS], a, b;
	int n = 0, k, bare;
	char *out = NULL, *more;

	for (;; p = q + 1) {
		q = p + strcspn(p, ",)");
		while (*p == ' ')
			p++;
		if (n == REWRITE_MAX_ARGS || !arg_span(c, open, n, &a, &b))
			return NULL;
		if (p[0] == '%' && p[1] >= '0' && p[1] <= '9' &&
		    q > p + 2 && p[2] != ' ') {	/* "%0->bd_inode" */
			from[p[1] - '0'] = a;
			if (!bind_suffix(c->buf, a, b, p + 2, (size_t)(q - p - 2),
					 &to[p[1] - '0']))
				return NULL;
		} else if (p[0] == '%' && p[1] >= '0' && p[1] <= '9') {
			from[p[1] - '0'] = a;
			to[p[1] - '0'] = b;
		} else if (!same_text(c->buf, a, b, p, (size_t)(q - p))) {
			return NULL;
		}
		n++;
		if (*q != ',')
			break;
	}
	if (count_args(c, open) != n)
		return NULL;
	for (p = ch->new; *p; p = q) {
		q = strchr(p, '%');
		if (!q || q[1] < '0' || q[1] > '9') {
			more = porter_printf(c->pt, "%s%s", out ? out : "", p);
			free(out);
			return more;
		}
		k = q[1] - '0';
		/* "(%0)->m" of a postfix expression: without the parentheses */
		bare = q > p && q[-1] == '(' && q[2] == ')' &&
		       (q[3] == '.' || (q[3] == '-' && q[4] == '>')) &&
		       postfix_expr(c->buf, from[k], to[k]);
		more = porter_printf(c->pt, "%s%.*s%.*s", out ? out : "",
				     (int)(q - p - bare), p, (int)(to[k] - from[k]),
				     c->buf + from[k]);
		free(out);
		out = more;
		if (!out)
			return NULL;
		q += 2 + bare;
	}
	return out;
}

#define MAX_PARAMS 16

/*
 * The name of the parameter of type type (its words, "struct file *") of
 * the function whose body opens at func, or SCAN_NONE.
 */
static size_t param_of_type(const struct ctx *c, size_t func, const char *type)
{
	struct sh_fn fn = { .body = func };
	char spelt[MAX_PARAMS][64];
	size_t names[MAX_PARAMS], n, k, len = strlen(type);

	fn.close = func == SCAN_NONE ? SCAN_NONE : sh_prev(c->pt, func);
	if (!sh_op(c->pt, fn.close, ")"))
		return SCAN_NONE;	/* not a function's body */
	fn.open = match_open(c->buf, c->pt->tl, fn.close, '(', ')');
	n = fn.open == SCAN_NONE ? SCAN_NONE :
	    sh_params(c->pt, &fn, spelt, names, MAX_PARAMS);
	for (k = 0; n != SCAN_NONE && k < n; k++)
		if (names[k] != SCAN_NONE && !strncmp(spelt[k], type, len) &&
		    spelt[k][len] == ' ' &&
		    strlen(spelt[k] + len + 1) == c->tok[names[k]].len)
			return names[k];
	return SCAN_NONE;
}

/*
 * The argument an ADD_ARG row inserts: its new form, or for "@TYPE" the
 * parameter of that type of the function that makes the call (whose body
 * opens at func; the kernel's conversions passed the file the method was
 * given: v4l2_fh_add() in 6.18).  False, and a finding, where it has none.
 */
static bool added_arg(struct ctx *c, size_t i, size_t func,
		      const struct api_change *ch, const char **arg, int *len)
{
	size_t name;

	if (ch->new[0] != '@') {
		*arg = ch->new;
		*len = (int)strlen(ch->new);
		return true;
	}
	name = param_of_type(c, func, ch->new + 1);
	if (name == SCAN_NONE) {
		char *why = porter_printf(c->pt, "the function that calls it has no parameter of type %s to pass",
					  ch->new + 1);

		finding(c, i, ch, false, why);
		free(why);
		return false;
	}
	*arg = c->buf + c->tok[name].pos;
	*len = (int)c->tok[name].len;
	return true;
}

/*
 * The call's text with the row's change: its bytes from the name to the
 * ')' with argument arg dropped, inserted or quoted, or the pattern's new
 * form.  NULL if not that shape.
 */
static char *changed_call(struct ctx *c, size_t i, size_t open, size_t func,
			  const struct api_change *ch)
{
	size_t close = close_of(c, open), from, to, pos = c->tok[i].pos;
	size_t end = tok_end(&c->tok[close]);
	int n = count_args(c, open), arg_len;
	const char *arg;

	switch (ch->kind) {
	case C_DROP_ARG:
		if (n != ch->arg + 1 || !arg_span(c, open, ch->arg, &from, &to) ||
		    !arg_span(c, open, ch->arg - 1, &from, &from))
			return NULL;
		return porter_printf(c->pt, "%.*s%.*s", (int)(from - pos),
				     c->buf + pos, (int)(end - to), c->buf + to);
	case C_ADD_ARG:
		if (!old_form(c, i, open, ch, n) ||
		    !arg_span(c, open, ch->arg - 1, &from, &to))
			return NULL;
		if (!added_arg(c, i, func, ch, &arg, &arg_len))
			return NULL;
		return porter_printf(c->pt, "%.*s, %.*s%.*s", (int)(to - pos),
				     c->buf + pos, arg_len, arg,
				     (int)(end - to), c->buf + to);
	case C_QUOTE_ARG:
		if (!arg_span(c, open, ch->arg, &from, &to) ||
		    c->tok[next_code(c->pt->tl, open)].type != TOKEN_IDENT ||
		    next_code(c->pt->tl, next_code(c->pt->tl, open)) != close)
			return NULL;
		return porter_printf(c->pt, "%.*s\"%.*s\"%.*s",
				     (int)(from - pos), c->buf + pos,
				     (int)(to - from), c->buf + from,
				     (int)(end - to), c->buf + to);
	case C_REWRITE:
		return rewritten(c, open, ch);
	default:
		return NULL;
	}
}

static void signature(struct ctx *c, size_t i, size_t func,
		      const struct api_change *ch, size_t open)
{
	size_t close = open == SCAN_NONE ? SCAN_NONE : close_of(c, open);
	size_t from, to;
	char *call;

	call = close == SCAN_NONE ? NULL : changed_call(c, i, open, func, ch);
	if (!call)
		return;		/* the new form already, or not a call */
	if (!straddles(c, ch)) {
		finding(c, i, ch, true, NULL);
		add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[close]) -
			 c->tok[i].pos, call);
		free(call);
		return;
	}
	from = line_start(c->buf, c->tok[i].pos);
	to = line_end(c->buf, c->pt->len, c->tok[close].pos);
	if (line_start(c->buf, tok_end(&c->tok[close])) != from) {
		finding(c, i, ch, false, "the target straddles the change and the call spans lines: keep both under #if LINUX_VERSION_CODE, or narrow --target");
		free(call);
		return;
	}
	finding(c, i, ch, true, "both kept under #if LINUX_VERSION_CODE for the target's older kernels");
	keep_both(c, ch, from, to, c->tok[i].pos,
		  tok_end(&c->tok[close]) - c->tok[i].pos, call);
	free(call);
}

/*
 * UNWRAP: the argument; EXPAND: the row's new form with its "%s" replaced
 * by the argument (the row is data, not a format).
 */
static char *expansion(struct ctx *c, const struct api_change *ch,
		       size_t from, size_t to)
{
	const char *hole = ch->kind == C_EXPAND ? strstr(ch->new, "%s") : NULL;

	if (!hole && ch->kind == C_EXPAND)
		return porter_printf(c->pt, "%s", ch->new);
	if (!hole)
		return porter_printf(c->pt, "%.*s", (int)(to - from),
				     c->buf + from);
	return porter_printf(c->pt, "%.*s%.*s%s", (int)(hole - ch->new),
			     ch->new, (int)(to - from), c->buf + from, hole + 2);
}

/*
 * A REMOVE_LINE row's name as a value, alone on its line: "x->m = NAME;"
 * or ".m = NAME," in an initializer.  The line goes, as the kernel's
 * maintainers removed theirs; where the target reaches below the row's
 * gone, it is kept under "#ifdef NAME" (a macro: exact on every kernel).
 */
static void value_line(struct ctx *c, size_t i, const struct api_change *ch)
{
	const struct token_list *tl = c->pt->tl;
	size_t eq = code_before(tl, i), end = next_code(tl, i), first, k, before;
	size_t ls = line_start(c->buf, c->tok[i].pos), le;
	char *text;

	if (ifdef_guarded(c->pt, i))
		return;		/* kept under #ifdef NAME already (this fix's form) */
	if (eq == SCAN_NONE || !match_op(c->buf, &c->tok[eq], '=') ||
	    !(match_op(c->buf, &c->tok[end], ';') || match_op(c->buf, &c->tok[end], ','))) {
		finding(c, i, ch, false, "not a line of its own that sets it");
		return;
	}
	le = line_end(c->buf, c->pt->len, tok_end(&c->tok[end]));
	for (first = i; (k = code_before(tl, first)) != SCAN_NONE &&
	     c->tok[k].pos >= ls; first = k)
		;	/* the line's first token */
	before = code_before(tl, first);
	for (k = first; k != i; k = next_code(tl, k))
		if (match_op(c->buf, &c->tok[k], ';') || match_op(c->buf, &c->tok[k], ',') ||
		    match_op(c->buf, &c->tok[k], '{') || match_op(c->buf, &c->tok[k], '}'))
			break;
	if (k != i || !only_blanks(c->buf, ls, c->tok[first].pos) ||
	    !only_blanks(c->buf, tok_end(&c->tok[end]), le) ||
	    (before != SCAN_NONE && !match_op(c->buf, &c->tok[before], ';') &&
	     !match_op(c->buf, &c->tok[before], ',') &&
	     !match_op(c->buf, &c->tok[before], '{') &&
	     !match_op(c->buf, &c->tok[before], '}')) ||
	    (match_op(c->buf, &c->tok[first], '.') !=
	     match_op(c->buf, &c->tok[end], ','))) {
		finding(c, i, ch, false, "not a line of its own that sets it");
		return;
	}
	if (c->r.lo >= change_gone(ch)) {
		finding(c, i, ch, true, NULL);
		delete_line_range(c->pt, c->tok[first].pos, tok_end(&c->tok[end]));
		return;
	}
	text = porter_printf(c->pt, "kept under #ifdef %s for the target's older kernels", ch->old);
	finding(c, i, ch, true, text);
	free(text);
	text = porter_printf(c->pt, "#ifdef %s%s", ch->old, c->pt->eol);
	if (text)
		add_edit(c->pt, ls, 0, text);
	free(text);
	text = porter_printf(c->pt, "#endif%s", c->pt->eol);
	if (text)
		add_edit(c->pt, after_eol(c->buf, c->pt->len, le), 0, text);
	free(text);
}

static void removed(struct ctx *c, size_t i, const struct api_change *ch,
		    size_t open)
{
	size_t close = open == SCAN_NONE ? SCAN_NONE : close_of(c, open);
	size_t semi, from, to;
	char *text;

	switch (ch->kind) {
	case C_REMOVE_WORD:
		finding(c, i, ch, true, NULL);
		delete_line_range(c->pt, c->tok[i].pos, tok_end(&c->tok[i]));
		return;
	case C_REMOVE_LINE:
		if (open == SCAN_NONE) {	/* a value: "x = NAME;", ".m = NAME," */
			value_line(c, i, ch);
			return;
		}
		semi = close == SCAN_NONE ? SCAN_NONE : next_code(c->pt->tl, close);
		if (semi == SCAN_NONE || !match_op(c->buf, &c->tok[semi], ';')) {
			finding(c, i, ch, false, "not a statement of its own");
			return;
		}
		finding(c, i, ch, true, NULL);
		delete_line_range(c->pt, c->tok[i].pos, tok_end(&c->tok[semi]));
		return;
	case C_UNWRAP:
	case C_EXPAND:
		if (close == SCAN_NONE || !arg_span(c, open, 0, &from, &to) ||
		    count_args(c, open) != 1) {
			finding(c, i, ch, false, "not the form modport knows");
			return;
		}
		finding(c, i, ch, true, NULL);
		text = expansion(c, ch, from, to);
		if (text)
			add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[close]) -
				 c->tok[i].pos, text);
		free(text);
		return;
	default:
		return;
	}
}

static void shims(struct ctx *c)
{
	bool eol_first = false;
	size_t pos;
	const char *vh;
	char *text;

	if (!c->shims)
		return;
	if (c->pt->sc.last_any_include != SCAN_NONE) {
		pos = line_end(c->buf, c->pt->len,
			       c->tok[c->pt->sc.last_any_include].pos);
		eol_first = pos == c->pt->len;
		pos = after_eol(c->buf, c->pt->len, pos);
	} else {
		pos = include_pos(c->pt, &eol_first);
	}
	vh = porter_version_h(c->pt, pos);
	text = porter_printf(c->pt, "%s%s%s%s", eol_first ? c->pt->eol : "",
			     vh, *vh ? c->pt->eol : "", c->shims);
	edits_for(c->pt, R_API_RENAME);
	if (text)
		add_edit(c->pt, pos, 0, text);
	free(text);
	free(c->shims);
}

static bool member_after(const struct ctx *c, size_t i)
{
	size_t p = code_before(c->pt->tl, i);
	const struct token *t;

	if (p == SCAN_NONE)
		return false;
	t = &c->tok[p];
	return match_op(c->buf, t, '.') ||
	       (t->type == TOKEN_SPECIAL && t->len == 2 &&
		!memcmp(c->buf + t->pos, "->", 2));
}

/* Is the #include at t of the header want ("<linux/vmalloc.h>")? */
static bool includes_want(const char *buf, const struct token *t, void *want)
{
	return t->len == strlen(want) && !memcmp(buf + t->pos, want, t->len);
}

/* What brought_by() asks, and whether it met a header 2.4 did not have. */
struct brought {
	const char *rel, *hdr;
	bool unknown;
};

/* Is the #include <name> at token t one that brings hdr in on rel? */
static bool brought_by(const char *buf, const struct token *t, void *arg)
{
	struct brought *b = arg;
	const char *name = buf + t->pos + 1;
	size_t len = t->len - 2;

	if (t->len < 3 || buf[t->pos] != '<')
		return false;		/* "local.h": read below */
	if (len == strlen(b->hdr) && !memcmp(name, b->hdr, len))
		return true;
	if (!brings_old_header(name, len))
		b->unknown = true;	/* a header 2.4 did not have */
	return brings(b->rel, b->hdr, name, len);
}

/*
 * Do none of the headers the file includes (nor its local headers') bring
 * hdr in on release rel, all of them being 2.4's?  A header that 2.4 did
 * not have may bring it: then the file is left alone.
 */
static bool lacks_on(struct ctx *c, const char *rel, const char *hdr)
{
	struct brought arg = { rel, hdr, false };
	const struct token *t;
	bool any = false;

	for (t = c->tok; t->type != TOKEN_EOF; t++) {
		if (t->type != TOKEN_HEADER)
			continue;
		any |= c->buf[t->pos] == '<';
		if (brought_by(c->buf, t, &arg))
			return false;
	}
	if (!any)
		return false;	/* no kernel header: a program's, or one of a driver's */
	if (local_header_any(c->pt, brought_by, &arg))
		return false;
	return !arg.unknown;
}

/*
 * Does the file need the row's header on a kernel of the target?  A row
 * with a "gone" release: where the target reaches it.  A row without: a
 * header that 2.4's headers brought in; needed where, on a kernel of the
 * target that brings.def knows, none of the file's headers does.
 */
static bool needs_header(struct ctx *c, const struct api_change *ch)
{
	const char *rel;
	kv_code kv;
	size_t k;
	bool lacks = false;

	if (change_gone(ch))
		return true;
	if (!source_is_c(c->pt->path))
		return false;	/* a header: its includer brings it */
	for (k = 0; !lacks && brings_release(k, &kv, &rel); k++)
		lacks = kv <= c->r.hi && kv + 0xff >= c->r.lo &&
			lacks_on(c, rel, ch->new);
	if (!lacks)
		return false;	/* the file's headers bring it */
	/*
	 * Asked last: it reads every other .c of the folder (inclines.h),
	 * where the file's own headers mostly bring the row's header.
	 */
	if (c->unit < 0)
		c->unit = !sibling_includes(c->pt->path);
	return c->unit;	/* not: a unit's other .c brings it */
}

static bool is_arrow(const char *buf, const struct token *t)
{
	return t->type == TOKEN_SPECIAL && t->len == 2 &&
	       !memcmp(buf + t->pos, "->", 2);
}

/*
 * Is the "struct TAG" at i (i: the tag) a use that needs the whole type?
 * An object ("struct file_operations fops = {", sizeof), or a pointer
 * "struct file *f" whose member the rest of its function reads (f->m).
 * A pointer only passed on, or a declaration, needs no more than the tag.
 */
static bool whole_type(const struct ctx *c, size_t i, size_t func)
{
	const struct token_list *tl = c->pt->tl;
	size_t k = next_code(tl, i), name, end;

	if (c->tok[k].type == TOKEN_IDENT)
		return match_op(c->buf, &c->tok[next_code(tl, k)], '=');
	if (match_op(c->buf, &c->tok[k], ')')) {	/* sizeof(struct T) */
		k = code_before(tl, code_before(tl, i));	/* the '(' */
		k = k == SCAN_NONE ? SCAN_NONE : code_before(tl, k);
		return k != SCAN_NONE && match_ident(c->buf, &c->tok[k], "sizeof");
	}
	if (!match_op(c->buf, &c->tok[k], '*'))
		return false;
	name = next_code(tl, k);
	if (c->tok[name].type != TOKEN_IDENT)
		return false;
	if (func == SCAN_NONE) {	/* a parameter: the body that follows */
		for (func = name; c->tok[func].type != TOKEN_EOF &&
		     !match_op(c->buf, &c->tok[func], '{') &&
		     !match_op(c->buf, &c->tok[func], ';'); func++)
			;
		if (!match_op(c->buf, &c->tok[func], '{'))
			return false;
	}
	end = match_close(c->buf, tl, func, '{', '}');
	for (k = name + 1; end != SCAN_NONE && k < end; k++)
		if (c->tok[k].len == c->tok[name].len &&
		    !memcmp(c->buf + c->tok[k].pos, c->buf + c->tok[name].pos,
			    c->tok[k].len) &&
		    is_arrow(c->buf, &c->tok[next_code(tl, k)]))
			return true;
	return false;
}

/*
 * The file uses a name that header declares: unless it includes it (or
 * an earlier use made it do so), #include <header> goes after the last
 * #include <...> before the use, the last one outside #if groups when
 * that is before the use (one in an #ifdef CONFIG_X group is not always
 * there); with none, a person places it.  Where the target straddles the
 * row's since, the header is new in it: the #include goes under #if
 * LINUX_VERSION_CODE for the kernels that have it.
 */
/*
 * Is want (n bytes) the name of one of the file's <...> headers?  The
 * tokenizer makes one only inside an #include: the directive list's
 * tokens are all there is to look at.  *last (NULL: not asked): where
 * the last <...> before pos is, or stays.
 */
static bool includes_header(const struct ctx *c, const char *want, size_t n,
			    size_t pos, size_t *last)
{
	const struct token_list *tl = c->pt->tl;
	const struct token *t;
	size_t d, k;

	for (d = 0; d < tl->nr_hash; d++)
		for (k = tl->hash[d] + 1;
		     (tl->tok[k].flags & (TF_PP | TF_BOL)) == TF_PP; k++) {
			t = &tl->tok[k];
			if (t->type != TOKEN_HEADER)
				continue;
			if (t->len == n && !memcmp(c->buf + t->pos, want, n))
				return true;
			if (last && t->pos < pos && c->buf[t->pos] == '<')
				*last = t->pos;
		}
	return false;
}

/* Does the file #include <ch->new> already (or is the name too long)? */
#define WANT_MAX 128	/* the bytes of a "<new>" name, its NUL among them */

/* "<new>" of ch into want (WANT_MAX bytes): its length, 0 if too long. */
static size_t angle_name(const struct api_change *ch, char *want)
{
	int n = snprintf(want, WANT_MAX, "<%s>", ch->new);

	return n < 0 || n >= WANT_MAX ? 0 : (size_t)n;
}

static bool included(const struct ctx *c, const struct api_change *ch)
{
	char want[WANT_MAX];
	size_t n = angle_name(ch, want);

	return !n || includes_header(c, want, n, 0, NULL);
}

static void include_for(struct ctx *c, size_t i, const struct api_change *ch)
{
	char want[WANT_MAX];
	size_t at, k, last = SCAN_NONE, top = c->pt->sc.last_include;
	size_t n = angle_name(ch, want);
	bool straddle = straddles(c, ch);
	char *text;

	if (!n || includes_header(c, want, n, c->tok[i].pos, &last))
		return;		/* included already */
	for (k = 0; k < c->nr_included; k++)
		if (!strcmp(c->included[k], ch->new))
			return;		/* one use per file is enough */
	if (!needs_header(c, ch))
		return;		/* the file's headers bring it in */
	if (local_header_any(c->pt, includes_want, want))
		return;		/* a local header of the file includes it */
	if (last == SCAN_NONE) {
		finding(c, i, ch, false, NULL);
		return;
	}
	if (top != SCAN_NONE && c->tok[top].pos < c->tok[i].pos)
		last = c->tok[top].pos;
	if (c->nr_included < sizeof(c->included) / sizeof(c->included[0]))
		c->included[c->nr_included++] = ch->new;
	text = porter_printf(c->pt, "under #if LINUX_VERSION_CODE for the target's kernels from %s on", ch->since);
	finding(c, i, ch, true, straddle ? text : NULL);
	free(text);
	at = after_eol(c->buf, c->pt->len, line_end(c->buf, c->pt->len, last));
	text = porter_printf(c->pt, "#include %s%s", want, c->pt->eol);
	if (straddle)
		porter_add_since(c->pt, at, change_since(ch), text);
	else if (text)
		add_edit(c->pt, at, 0, text);
	free(text);
}

/* The name of the file's definition "NAME(...) {" of token i's name, or SCAN_NONE. */
static size_t definition(const struct ctx *c, size_t i)
{
	return porter_fn_definition(c->pt, i);
}

/* Does the file define a function named as token i: "NAME(...) {"? */
static bool defines(const struct ctx *c, size_t i)
{
	return definition(c, i) != SCAN_NONE;
}

/*
 * The name of the file's own static function named as token i, its
 * definition "static ... NAME(...) {": that token, or SCAN_NONE.
 */
static size_t own_static(const struct ctx *c, size_t i)
{
	size_t k = definition(c, i);

	return k != SCAN_NONE && static_of(c->buf, c->pt->tl, k) != SCAN_NONE ?
	       k : SCAN_NONE;
}

/* Is token i in the body of a struct or union (a member's declaration)? */
static bool in_tag_body(const struct ctx *c, size_t i)
{
	size_t k, b;
	int depth = 0;

	for (k = code_before(c->pt->tl, i); k != SCAN_NONE; k = code_before(c->pt->tl, k)) {
		if (match_op(c->buf, &c->tok[k], '}'))
			depth++;
		else if (match_op(c->buf, &c->tok[k], '{') && depth)
			depth--;
		else if (match_op(c->buf, &c->tok[k], '{'))
			break;
	}
	if (k == SCAN_NONE)
		return false;
	b = code_before(c->pt->tl, k);
	if (b != SCAN_NONE && c->tok[b].type == TOKEN_IDENT &&
	    !match_ident(c->buf, &c->tok[b], "struct") &&
	    !match_ident(c->buf, &c->tok[b], "union"))
		b = code_before(c->pt->tl, b);	/* the tag */
	return b != SCAN_NONE && (match_ident(c->buf, &c->tok[b], "struct") ||
				  match_ident(c->buf, &c->tok[b], "union"));
}

/*
 * A CLASH row: the file's own static function takes the row's new name,
 * at every use (the finding at its definition).  The file's own function
 * that is not static, in a file that shows its age (another finding; the
 * kernel's own definition is no clash), is reported at its definition: it
 * is exported by its name, which a new one would change.
 */
static void clash(struct ctx *c, size_t i, const struct api_change *ch)
{
	size_t def = own_static(c, i);
	char *how;

	if (c->pt->header)
		return;	/* a header's: the kernel's own (<linux/nvram.h>) */
	if (def == SCAN_NONE && definition(c, i) == i &&
	    c->r.hi >= change_since(ch) && c->pt->nr_found[1]) {
		finding(c, i, ch, false, "the file's own is not static: other code links to it by that name");
		return;
	}
	if (def == SCAN_NONE || c->r.hi < change_since(ch) ||
	    (i != def && in_tag_body(c, i)))
		return;
	if (ident_used(c->buf, c->pt->tl, ch->new, strlen(ch->new))) {
		if (i == def)
			finding(c, i, ch, false, "the file uses the new name already");
		return;
	}
	if (i == def) {
		how = porter_printf(c->pt, "the file's own becomes %s(), and every use of it", ch->new);
		finding(c, i, ch, true, how);
		free(how);
	}
	add_edit(c->pt, c->tok[i].pos, c->tok[i].len, ch->new);
}

/* Is the row for old files only (CALL_AGED: not an argument's index)? */
static bool aged_only(const struct api_change *ch)
{
	return (ch->kind == C_RENAME || ch->kind == C_EXPAND ||
		ch->kind == C_UNWRAP) && ch->arg == CALL_AGED;
}

static void one(struct ctx *c, const struct hit *h)
{
	const struct token *t = &c->tok[h->tok];
	const struct api_change *ch = change_for(c->buf + t->pos, t->len);
	size_t next = next_code(c->pt->tl, h->tok);
	size_t before = code_before(c->pt->tl, h->tok);

	if (before != SCAN_NONE && match_ident(c->buf, &c->tok[before], "struct"))
		ch = change_for_tag(c->buf + t->pos, t->len);
	else if (ch && !strncmp(ch->old, "struct ", 7))
		ch = NULL;
	size_t open = match_op(c->buf, &c->tok[next], '(') ? next : SCAN_NONE;

	if (!ch || !applies(c, ch) || !rule_on(c->pt, rule_of(ch->kind)) ||
	    porter_kept_old(c->pt, t->pos) || (aged_only(ch) && !c->pt->nr_found[1]))
		return;
	edits_for(c->pt, rule_of(ch->kind));
	if (t->type == TOKEN_HEADER) {
		if (h->kw == KW_INCLUDE)
			header(c, h->tok, ch);
		return;
	}
	if (h->flags & H_PP)
		return;		/* a directive's name: left to a person */
	if (member_after(c, h->tok))
		return;		/* x.proc_net, p->name: a member, not the name */
	if (ch->kind == C_CLASH) {
		clash(c, h->tok, ch);
		return;
	}
	if (ch->kind == C_INCLUDE && !strncmp(ch->old, "struct ", 7) &&
	    !whole_type(c, h->tok, h->func))
		return;		/* the tag alone is enough there */
	if (ch->kind == C_INCLUDE && !change_gone(ch) &&
	    strncmp(ch->old, "struct ", 7) &&
	    (included(c, ch) || file_decl(c->pt, c->buf + t->pos, t->len)))
		return;		/* included already (include_for()'s first
				 * question, and a cheap one), or the file's own */
	if ((ch->kind == C_RENAME || ch->kind == C_EXPAND) &&
	    (file_decl(c->pt, c->buf + t->pos, t->len) || defines(c, h->tok)))
		return;		/* the file's own function of that name */
	if (ch->kind == C_INCLUDE)
		include_for(c, h->tok, ch);
	else if (ch->kind == C_RENAME)
		rename_call(c, h->tok, ch, open);
	else if (ch->kind == C_DROP_ARG || ch->kind == C_ADD_ARG ||
		 ch->kind == C_QUOTE_ARG || ch->kind == C_REWRITE)
		signature(c, h->tok, h->func, ch, open);
	else
		removed(c, h->tok, ch, open);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .tok = pt->tl->tok, .buf = pt->buf,
			 .unit = -1 };
	size_t k;

	kv_target(pt->opts->rules, &c.r);
	kv_format_range(&c.r, c.range, sizeof(c.range));
	for (k = 0; k < n && !pt->error; k++)
		if (!(h[k].flags & H_DEAD))
			one(&c, &h[k]);
	shims(&c);
}

static struct family changes = {
	.name = "changes",
	.rules = rules,
	.run = run,		/* .words: make_words() */
};
FAMILY(changes)
