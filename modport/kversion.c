// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kversion.h"

/* ---- targets ---- */

/* "A.B" or "A.B.C" at s (up to end): its range; false if malformed. */
static bool parse_version(const char *s, const char *end, struct kv_range *r)
{
	unsigned long part[3];
	int n = 0;

	while (s < end && n < 3) {
		char *e;

		if (*s < '0' || *s > '9')
			return false;
		errno = 0;
		part[n] = strtoul(s, &e, 10);
		if (errno || e > end || e - s > 3 || part[n] > 255)
			return false;
		n++;
		s = e;
		if (s == end)
			break;
		if (*s != '.' || s + 1 == end)
			return false;
		s++;
	}
	if (s != end || n < 2)
		return false;
	r->lo = KV(part[0], part[1], n == 3 ? part[2] : 0);
	r->hi = KV(part[0], part[1], n == 3 ? part[2] : 255);
	return true;
}

int kv_parse_target(const char *s, struct kv_range *r)
{
	const char *dots = strstr(s, "..");
	struct kv_range a, b;

	if (!dots)
		return parse_version(s, s + strlen(s), r) ? 0 : -EINVAL;
	if (!parse_version(s, dots, &a) ||
	    !parse_version(dots + 2, dots + 2 + strlen(dots + 2), &b) ||
	    a.lo > b.hi)
		return -EINVAL;
	r->lo = a.lo;
	r->hi = b.hi;
	return 0;
}

void kv_target(const struct rule_set *rs, struct kv_range *r)
{
	if (rs && rs->target_hi) {
		r->lo = rs->target_lo;
		r->hi = rs->target_hi;
	} else {
		kv_parse_target(KV_DEFAULT_TARGET, r);
	}
}

static void format_one(kv_code v, bool whole, char *buf, size_t size)
{
	if (whole)
		snprintf(buf, size, "%u.%u", v >> 16, (v >> 8) & 0xff);
	else
		snprintf(buf, size, "%u.%u.%u", v >> 16, (v >> 8) & 0xff,
			 v & 0xff);
}

static void format_range(const struct kv_range *r, char *buf, size_t size)
{
	char lo[16], hi[16];

	format_one(r->lo, (r->lo & 0xff) == 0 && (r->hi & 0xff) == 0xff &&
		   (r->lo >> 8) == (r->hi >> 8), lo, sizeof(lo));
	if ((r->lo & 0xff) == 0 && (r->hi & 0xff) == 0xff &&
	    (r->lo >> 8) == (r->hi >> 8)) {
		snprintf(buf, size, "%s", lo);
		return;
	}
	if (r->lo == r->hi) {
		snprintf(buf, size, "%s", lo);
		return;
	}
	format_one(r->lo, (r->lo & 0xff) == 0, lo, sizeof(lo));
	format_one(r->hi, (r->hi & 0xff) == 0xff, hi, sizeof(hi));
	snprintf(buf, size, "%s..%s", lo, hi);
}

/*
 * kv_format_range() remembers the last range it wrote: each file's rules
 * ask for the same one, the target's.
 */
void kv_format_range(const struct kv_range *r, char *buf, size_t size)
{
	static struct kv_range last;
	static char text[48];
	static bool made;
	size_t n;

	if (!made || last.lo != r->lo || last.hi != r->hi) {
		format_range(r, text, sizeof(text));
		last = *r;
		made = true;
	}
	if (!size)
		return;
	n = strlen(text);
	if (n >= size)
		n = size - 1;	/* as snprintf() cuts it */
	memcpy(buf, text, n);
	buf[n] = 0;
}

/* ---- conditions ---- */

#define MAX_CONSTS 64

enum vkind { V_NUM, V_UNKNOWN };

struct val {
	enum vkind k;
	long long n;
};

struct parser {
	const char *buf;
	const struct token *t;
	size_t n, i;
	long long v;		/* LINUX_VERSION_CODE at this point */
	bool bad;		/* a form outside the subset */
	bool uses_version;
	long long consts[MAX_CONSTS];
	size_t nr_consts;
	bool too_many;		/* more constants than consts holds */
};

static const struct token *peek(struct parser *p)
{
	while (p->i < p->n && p->t[p->i].type == TOKEN_COMMENT)
		p->i++;
	return p->i < p->n ? &p->t[p->i] : NULL;
}

static bool op_is(struct parser *p, const char *op)
{
	const struct token *t = peek(p);

	return t && t->type == TOKEN_SPECIAL && token_is(p->buf, t, op);
}

static bool take(struct parser *p, const char *op)
{
	if (!op_is(p, op))
		return false;
	p->i++;
	return true;
}

static void note_const(struct parser *p, long long c)
{
	if (p->nr_consts < MAX_CONSTS)
		p->consts[p->nr_consts++] = c;
	else
		p->too_many = true;
}

static struct val num(long long n)
{
	return (struct val){ V_NUM, n };
}

static const struct val unknown = { V_UNKNOWN, 0 };

static bool parse_number(const char *s, size_t len, long long *out)
{
	char tmp[32], *e;
	unsigned long long n;

	if (len >= sizeof(tmp))
		return false;
	memcpy(tmp, s, len);
	tmp[len] = 0;
	while (len && strchr("uUlL", tmp[len - 1]))
		tmp[--len] = 0;
	errno = 0;
	n = strtoull(tmp, &e, 0);
	if (errno || *e || !len || n > INT64_MAX)
		return false;
	*out = (long long)n;
	return true;
}

static struct val expr(struct parser *p);

/* Skip a balanced (...) after a name we do not know. */
static void skip_parens(struct parser *p)
{
	int depth = 0;

	if (!op_is(p, "("))
		return;
	do {
		const struct token *t = peek(p);

		if (!t)
			return;
		if (t->type == TOKEN_SPECIAL && token_is(p->buf, t, "("))
			depth++;
		else if (t->type == TOKEN_SPECIAL && token_is(p->buf, t, ")"))
			depth--;
		p->i++;
	} while (depth > 0);
}

static struct val primary(struct parser *p)
{
	const struct token *t = peek(p);
	long long n;

	if (!t) {
		p->bad = true;
		return unknown;
	}
	if (take(p, "(")) {
		struct val v = expr(p);

		if (!take(p, ")"))
			p->bad = true;
		return v;
	}
	p->i++;
	if (t->type == TOKEN_NUMBER) {
		if (!parse_number(p->buf + t->pos, t->len, &n)) {
			p->bad = true;
			return unknown;
		}
		note_const(p, n);
		return num(n);
	}
	if (t->type != TOKEN_IDENT) {
		p->bad = true;
		return unknown;
	}
	if (token_is(p->buf, t, "LINUX_VERSION_CODE")) {
		p->uses_version = true;
		return num(p->v);
	}
	if (token_is(p->buf, t, "KERNEL_VERSION")) {
		struct val a, b, c;

		if (!take(p, "(")) {
			p->bad = true;
			return unknown;
		}
		a = expr(p);
		b = take(p, ",") ? expr(p) : (p->bad = true, unknown);
		c = take(p, ",") ? expr(p) : (p->bad = true, unknown);
		if (!take(p, ")"))
			p->bad = true;
		if (a.k != V_NUM || b.k != V_NUM || c.k != V_NUM ||
		    a.n < 0 || b.n < 0 || c.n < 0 || a.n > 255 || b.n > 255)
			return unknown;
		n = KV(a.n, b.n, c.n > 255 ? 255 : c.n);	/* c saturates (4.9) */
		note_const(p, n);
		return num(n);
	}
	if (token_is(p->buf, t, "defined")) {
		if (take(p, "(")) {
			peek(p);
			p->i++;
			if (!take(p, ")"))
				p->bad = true;
		} else {
			peek(p);
			p->i++;
		}
		return unknown;
	}
	skip_parens(p);		/* a macro we do not know, maybe a call */
	return unknown;
}

static struct val unary(struct parser *p)
{
	struct val v;

	if (take(p, "!")) {
		v = unary(p);
		return v.k == V_NUM ? num(!v.n) : unknown;
	}
	return primary(p);
}

static struct val relational(struct parser *p)
{
	static const char *const ops[] = { "<=", ">=", "<", ">", "==", "!=" };
	struct val a = unary(p), b;
	size_t k;

	for (;;) {
		for (k = 0; k < 6 && !op_is(p, ops[k]); k++)
			;
		if (k == 6)
			return a;
		p->i++;
		b = unary(p);
		if (a.k != V_NUM || b.k != V_NUM) {
			a = unknown;
			continue;
		}
		switch (k) {
		case 0: a = num(a.n <= b.n); break;
		case 1: a = num(a.n >= b.n); break;
		case 2: a = num(a.n < b.n); break;
		case 3: a = num(a.n > b.n); break;
		case 4: a = num(a.n == b.n); break;
		default: a = num(a.n != b.n); break;
		}
	}
}

static struct val logical_and(struct parser *p)
{
	struct val a = relational(p), b;

	while (take(p, "&&")) {
		b = relational(p);
		if ((a.k == V_NUM && !a.n) || (b.k == V_NUM && !b.n))
			a = num(0);
		else if (a.k == V_NUM && b.k == V_NUM)
			a = num(1);
		else
			a = unknown;
	}
	return a;
}

static struct val logical_or(struct parser *p)
{
	struct val a = logical_and(p), b;

	while (take(p, "||")) {
		b = logical_and(p);
		if ((a.k == V_NUM && a.n) || (b.k == V_NUM && b.n))
			a = num(1);
		else if (a.k == V_NUM && b.k == V_NUM)
			a = num(0);
		else
			a = unknown;
	}
	return a;
}

static struct val expr(struct parser *p)
{
	return logical_or(p);
}

/* The condition at one value of LINUX_VERSION_CODE: 0, 1, or -1. */
static int eval_at(struct parser *p, long long v)
{
	struct val r;

	p->i = 0;
	p->v = v;
	p->bad = false;
	r = expr(p);
	if (peek(p))
		p->bad = true;		/* arithmetic, ?:, anything left over */
	if (p->bad || r.k != V_NUM)
		return -1;
	return r.n != 0;
}

enum kv_truth kv_eval(const char *buf, const struct token *t, size_t n,
		      const struct kv_range *r)
{
	struct parser p = { .buf = buf, .t = t, .n = n };
	long long pts[3 * MAX_CONSTS + 2];
	size_t nr = 0, k;
	int seen[2] = { 0, 0 }, v;

	if (eval_at(&p, r->lo) < 0 && p.bad)
		return KV_UNKNOWN;
	/*
	 * The truth can change at any constant: with more than consts
	 * holds, some were not tried, so the condition is not resolved
	 * (never a live branch deleted for a limit).
	 */
	if (p.too_many)
		return KV_UNKNOWN;
	/* The truth can change only at a constant: try both sides of each. */
	pts[nr++] = r->lo;
	pts[nr++] = r->hi;
	for (k = 0; k < p.nr_consts; k++) {
		long long c = p.consts[k], d;

		for (d = c - 1; d <= c + 1; d++)
			if (d >= (long long)r->lo && d <= (long long)r->hi)
				pts[nr++] = d;
	}
	for (k = 0; k < nr; k++) {
		v = eval_at(&p, pts[k]);
		if (v < 0)
			return KV_UNKNOWN;
		seen[v] = 1;
	}
	if (seen[0] && seen[1])
		return KV_DEPENDS;
	return seen[1] ? KV_TRUE : KV_FALSE;
}

const char *kv_truth_name(enum kv_truth v)
{
	static const char *const names[] = { "false", "true", "depends",
					     "unknown" };

	return names[v];
}

/* ---- resolving a file's conditionals ---- */

enum dkind { D_IF, D_IFDEF, D_ELIF, D_ELSE, D_ENDIF, D_OTHER };

struct directive {
	enum dkind kind;
	size_t hash;		/* token index of '#' */
	size_t key;		/* token index of the keyword, or hash */
	size_t c0, c1;		/* condition tokens [c0, c1) */
	size_t from;		/* the line's first byte */
	size_t end;		/* after the directive's last line */
	size_t key_end;		/* byte after the directive's last token */
};

struct resolver {
	const char *buf;
	size_t len;
	const struct token_list *tl;
	const struct kv_range *r;
	struct port *out;
	struct directive *d;
	size_t nr_d;
	size_t *match;		/* IF/ELIF/ELSE: the next branch or ENDIF */
	char range[48];
};


static int add_finding(struct port *out, size_t pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int add_finding(struct port *out, size_t pos, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = port_add_finding(out, pos, R_VERSION_CONDITIONAL, SEV_WARNING,
			       true, fmt, ap);
	va_end(ap);
	return ret;
}

static enum dkind kind_of(const char *buf, const struct token *t)
{
	if (t->type != TOKEN_IDENT)
		return D_OTHER;
	if (token_is(buf, t, "if"))
		return D_IF;
	if (token_is(buf, t, "ifdef") || token_is(buf, t, "ifndef"))
		return D_IFDEF;
	if (token_is(buf, t, "elif") || token_is(buf, t, "elifdef") ||
	    token_is(buf, t, "elifndef"))
		return D_ELIF;
	if (token_is(buf, t, "else"))
		return D_ELSE;
	if (token_is(buf, t, "endif"))
		return D_ENDIF;
	return D_OTHER;
}

/* The directives of the file that matter here: conditionals. */
static int read_directives(struct resolver *rs)
{
	const struct token_list *tl = rs->tl;
	const char *buf = rs->buf;
	size_t i, alloc = 0;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];
		struct directive *d;
		size_t j, last, ls;
		enum dkind kind;

		if ((t->flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL) ||
		    !match_op(buf, t, '#'))
			continue;
		for (j = i + 1; tl->tok[j].type == TOKEN_COMMENT &&
		     !(tl->tok[j].flags & TF_BOL) && (tl->tok[j].flags & TF_PP); j++)
			;
		if (tl->tok[j].type == TOKEN_EOF || (tl->tok[j].flags & TF_BOL) ||
		    !(tl->tok[j].flags & TF_PP))
			continue;
		kind = kind_of(buf, &tl->tok[j]);
		if (kind == D_OTHER)
			continue;
		if (rs->nr_d == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			d = realloc(rs->d, alloc * sizeof(*d));
			if (!d)
				return -ENOMEM;
			rs->d = d;
		}
		d = &rs->d[rs->nr_d++];
		d->kind = kind;
		d->hash = i;
		d->key = j;
		d->c0 = j + 1;
		for (last = j, j++; tl->tok[j].type != TOKEN_EOF &&
		     (tl->tok[j].flags & TF_PP) && !(tl->tok[j].flags & TF_BOL); j++)
			last = j;
		d->c1 = j;
		d->key_end = tl->tok[last].pos + tl->tok[last].len;
		ls = t->pos;
		while (ls > 0 && buf[ls - 1] != '\n')
			ls--;
		d->from = ls;
		for (; ls < t->pos; ls++)
			if (buf[ls] != ' ' && buf[ls] != '\t')
				d->from = t->pos;	/* something before '#' */
		d->end = d->key_end;
		while (d->end < rs->len && buf[d->end] != '\n')
			d->end++;
		if (d->end < rs->len)
			d->end++;
		i = d->c1 - 1;
	}
	return 0;
}

/* match[k]: for a branch directive, the next branch or #endif; or -1. */
static int match_directives(struct resolver *rs)
{
	size_t *stack, sp = 0, k;

	rs->match = malloc((rs->nr_d + 1) * sizeof(*rs->match));
	stack = malloc((rs->nr_d + 1) * sizeof(*stack));
	if (!rs->match || !stack) {
		free(stack);
		return -ENOMEM;
	}
	for (k = 0; k < rs->nr_d; k++) {
		rs->match[k] = (size_t)-1;
		switch (rs->d[k].kind) {
		case D_IF:
		case D_IFDEF:
			stack[sp++] = k;
			break;
		case D_ELIF:
		case D_ELSE:
		case D_ENDIF:
			if (!sp)
				break;
			rs->match[stack[sp - 1]] = k;
			if (rs->d[k].kind == D_ENDIF)
				sp--;
			else
				stack[sp - 1] = k;
			break;
		case D_OTHER:
			break;
		}
	}
	/* An unterminated group: its branches lead nowhere. */
	while (sp--)
		rs->match[stack[sp]] = (size_t)-1;
	free(stack);
	return 0;
}

static bool mentions_version(const struct resolver *rs, const struct directive *d)
{
	size_t i;

	for (i = d->c0; i < d->c1; i++)
		if (match_ident(rs->buf, &rs->tl->tok[i], "LINUX_VERSION_CODE"))
			return true;
	return false;
}

static enum kv_truth truth_of(const struct resolver *rs, const struct directive *d)
{
	switch (d->kind) {
	case D_ELSE:
		return KV_TRUE;
	case D_IF:
	case D_ELIF:
		if (!token_is(rs->buf, &rs->tl->tok[d->key], "if") &&
		    !token_is(rs->buf, &rs->tl->tok[d->key], "elif"))
			return KV_UNKNOWN;
		if (!mentions_version(rs, d))
			return KV_UNKNOWN;	/* #if 0 and the like stay */
		return kv_eval(rs->buf, &rs->tl->tok[d->c0], d->c1 - d->c0,
			       rs->r);
	default:
		return KV_UNKNOWN;
	}
}

static int resolve_range(struct resolver *rs, size_t first, size_t stop);

/* The group opened at directive k; returns the index of its #endif. */
static int resolve_group(struct resolver *rs, size_t k, size_t *endif)
{
	size_t br[256], nr = 0, b, e;
	enum kv_truth tr[256];
	bool decided = false, kept_before = false, changed = false;
	int ret;

	for (b = k; b != (size_t)-1 && rs->d[b].kind != D_ENDIF; b = rs->match[b]) {
		if (nr == 256)
			return -E2BIG;
		br[nr] = b;
		tr[nr] = truth_of(rs, &rs->d[b]);
		if (tr[nr] == KV_TRUE || tr[nr] == KV_FALSE)
			changed = changed || rs->d[b].kind != D_ELSE;
		nr++;
	}
	if (b == (size_t)-1)
		return -E2BIG;		/* no #endif: leave the rest alone */
	e = b;
	*endif = e;
	if (!changed) {		/* only what is nested may change */
		for (b = 0; b < nr; b++) {
			ret = resolve_range(rs, br[b] + 1,
					    b + 1 < nr ? br[b + 1] : e);
			if (ret)
				return ret;
		}
		return 0;
	}
	for (b = 0; b < nr; b++) {
		const struct directive *d = &rs->d[br[b]];
		size_t next = b + 1 < nr ? br[b + 1] : e;
		const struct directive *nd = &rs->d[next];

		if (decided || tr[b] == KV_FALSE) {
			if (!decided && d->kind != D_ELSE &&
			    add_finding(rs->out, rs->tl->tok[d->hash].pos,
					"this #%s is false on every kernel of %s: its branch goes",
					d->kind == D_IF ? "if" : "elif", rs->range))
				return -ENOMEM;
			if (port_add_edit(rs->out, d->from, nd->from - d->from, ""))
				return -ENOMEM;
			continue;
		}
		if (tr[b] == KV_TRUE) {
			decided = true;
			if (d->kind != D_ELSE &&
			    add_finding(rs->out, rs->tl->tok[d->hash].pos,
					"this #%s is true on every kernel of %s: %s",
					d->kind == D_IF ? "if" : "elif", rs->range,
					kept_before ? "it becomes #else, the branches after it go" :
					"its code stays, the directives go"))
				return -ENOMEM;
			if (!kept_before) {
				if (port_add_edit(rs->out, d->from, d->end - d->from, "") ||
				    port_add_edit(rs->out, rs->d[e].from,
					     rs->d[e].end - rs->d[e].from, ""))
					return -ENOMEM;
			} else if (d->kind != D_ELSE) {
				const struct token *kt = &rs->tl->tok[d->key];

				if (port_add_edit(rs->out, kt->pos, d->key_end - kt->pos, "else"))
					return -ENOMEM;
			}
			ret = resolve_range(rs, br[b] + 1, next);
			if (ret)
				return ret;
			continue;
		}
		if (!kept_before && d->kind == D_ELIF) {
			const struct token *kt = &rs->tl->tok[d->key];

			/* #elif -> #if, #elifdef -> #ifdef: the first branch now */
			if (port_add_edit(rs->out, kt->pos, 2, ""))
				return -ENOMEM;
		}
		kept_before = true;
		ret = resolve_range(rs, br[b] + 1, next);
		if (ret)
			return ret;
	}
	if (!decided && !kept_before &&
	    port_add_edit(rs->out, rs->d[e].from, rs->d[e].end - rs->d[e].from, ""))
		return -ENOMEM;
	return 0;
}

/* The directives first..stop-1 (one level): resolve each group met. */
static int resolve_range(struct resolver *rs, size_t first, size_t stop)
{
	size_t k, endif;
	int ret;

	for (k = first; k < stop; k++) {
		if (rs->d[k].kind != D_IF && rs->d[k].kind != D_IFDEF)
			continue;
		ret = resolve_group(rs, k, &endif);
		if (ret == -E2BIG)
			return 0;	/* unbalanced: leave the rest as it is */
		if (ret)
			return ret;
		k = endif;
	}
	return 0;
}

int kv_resolve(const char *buf, size_t len, const struct token_list *tl,
	       const struct kv_range *r, struct port *out)
{
	struct resolver rs = { .buf = buf, .len = len, .tl = tl, .r = r,
			       .out = out };
	int ret;

	kv_format_range(r, rs.range, sizeof(rs.range));
	ret = read_directives(&rs);
	if (!ret && rs.nr_d)
		ret = match_directives(&rs);
	if (!ret && rs.nr_d)
		ret = resolve_range(&rs, 0, rs.nr_d);
	free(rs.d);
	free(rs.match);
	return ret;
}

/* Is [pos, pos + del) inside (or, for an insertion, strictly in) a cut? */
static bool in_cut(const struct port *kv, size_t pos, size_t del)
{
	size_t k;

	for (k = 0; k < kv->nr_e; k++) {
		const struct edit *c = &kv->e[k];

		if (!c->del || *c->text)
			continue;
		if (del ? pos < c->pos + c->del && pos + del > c->pos :
			  pos > c->pos && pos < c->pos + c->del)
			return true;
	}
	return false;
}

int kv_merge(struct port *p, struct port *kv)
{
	size_t k, n;

	for (k = n = 0; k < p->nr_e; k++) {
		if (in_cut(kv, p->e[k].pos, p->e[k].del)) {
			free(p->e[k].text);
			continue;
		}
		p->e[n++] = p->e[k];
	}
	p->nr_e = n;
	for (k = n = 0; k < p->nr_f; k++)
		if (!in_cut(kv, p->f[k].pos, 1))
			p->f[n++] = p->f[k];
		else
			free(p->f[k].msg);
	p->nr_f = n;
	return port_append(p, kv);
}
