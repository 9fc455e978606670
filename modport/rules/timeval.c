// SPDX-License-Identifier: GPL-2.0
/*
 * timeval.c: struct timeval and do_gettimeofday() (gone in 5.6 and 5.0,
 * y2038), converted as the kernel's own drivers were:
 *
 *	timeval		struct timeval -> struct timespec64,
 *			do_gettimeofday(&tv) -> ktime_get_real_ts64(&tv),
 *			and every read of x.tv_usec -> (x.tv_nsec /
 *			NSEC_PER_USEC): the same microseconds, so what is
 *			printed stays the same; struct timespec (gone in
 *			5.6) -> struct timespec64, and "x =
 *			current_kernel_time();" ->
 *			ktime_get_coarse_real_ts64(&x);
 *
 * The file is converted whole or not at all: a tv_usec that is written or
 * whose address is taken, a sizeof(struct timeval) (a layout someone else
 * may read), or an object it cannot delimit leaves every site reported.
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

enum {
	W_TIMEVAL, W_DO_GETTIMEOFDAY, W_TV_USEC, W_TIMESPEC,
	W_CURRENT_KERNEL_TIME,
};

static const char *const words[] = {
	[W_TIMEVAL] = "timeval",
	[W_DO_GETTIMEOFDAY] = "do_gettimeofday",
	[W_TV_USEC] = "tv_usec",
	[W_TIMESPEC] = "timespec",
	[W_CURRENT_KERNEL_TIME] = "current_kernel_time",
	NULL
};

static const enum rule_id rules[] = { R_TIMEVAL, NR_RULES };

/* The first token of the postfix expression whose member op is at op. */
static size_t object_start(const struct cb_ctx *c, size_t op)
{
	size_t k = cb_prev(c, op);

	while (k != SCAN_NONE) {
		if (cb_op(c, k, "]"))
			k = match_open(c->buf, c->tl, k, '[', ']');
		if (k == SCAN_NONE || c->tok[k].type != TOKEN_IDENT)
			return SCAN_NONE;
		if (!cb_op(c, cb_prev(c, k), ".") && !cb_op(c, cb_prev(c, k), "->"))
			return k;
		k = cb_prev(c, cb_prev(c, k));
	}
	return SCAN_NONE;
}

/* Is the tv_usec member at i only read (not written, no address taken)? */
static bool read_only(const struct cb_ctx *c, size_t i, size_t start)
{
	static const char *const writes[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "++", "--", "&=", "|=",
		"^=", "<<=", ">>=",
	};
	size_t n = cb_next(c, i), p = cb_prev(c, start), k;

	for (k = 0; k < sizeof(writes) / sizeof(writes[0]); k++)
		if (cb_op(c, n, writes[k]))
			return false;
	return !cb_op(c, p, "&") && !cb_op(c, p, "++") && !cb_op(c, p, "--");
}

/*
 * "x = current_kernel_time();" with the call at i, at a statement's
 * start: its ';', and x's first token in *x; else SCAN_NONE.
 */
static size_t assigned_from(const struct cb_ctx *c, size_t i, size_t *x)
{
	size_t open = cb_next(c, i), close = cb_next(c, open);
	size_t semi = cb_next(c, close), eq = cb_prev(c, i), p;

	if (!cb_op(c, open, "(") || !cb_op(c, close, ")") ||
	    !cb_op(c, semi, ";") || !cb_op(c, eq, "="))
		return SCAN_NONE;
	*x = cb_prev(c, eq);
	if (*x == SCAN_NONE || c->tok[*x].type != TOKEN_IDENT)
		return SCAN_NONE;
	while ((p = cb_prev(c, *x)) != SCAN_NONE &&
	       (cb_op(c, p, ".") || cb_op(c, p, "->")) &&
	       c->tok[cb_prev(c, p)].type == TOKEN_IDENT)
		*x = cb_prev(c, p);
	p = cb_prev(c, *x);
	if (!(cb_op(c, p, ";") || cb_op(c, p, "{") || cb_op(c, p, "}")))
		return SCAN_NONE;
	return semi;
}

/* Why the file cannot be converted, or NULL. */
static const char *blocked(const struct cb_ctx *c, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		size_t i = h[k].tok, p = cb_prev(c, i), start;

		if (h[k].flags & (H_DEAD | H_PP | H_BODY))
			continue;
		if (h[k].word == W_CURRENT_KERNEL_TIME && !is_call(c->buf, c->tl, i))
			continue;
		if (h[k].word == W_CURRENT_KERNEL_TIME &&
		    assigned_from(c, i, &start) == SCAN_NONE)
			return "current_kernel_time() is not called as x = current_kernel_time();";
		if ((h[k].word == W_TIMEVAL || h[k].word == W_TIMESPEC) &&
		    cb_ident(c, p, "struct") &&
		    cb_op(c, cb_prev(c, p), "(") &&
		    cb_ident(c, cb_prev(c, cb_prev(c, p)), "sizeof"))
			return "sizeof(struct timeval) or sizeof(struct timespec) is a layout someone else may read";
		if (h[k].word != W_TV_USEC || !after_member_op(c->buf, c->tl, i))
			continue;
		start = object_start(c, p);
		if (start == SCAN_NONE)
			return "a tv_usec is read from an object it cannot delimit";
		if (!read_only(c, i, start))
			return "a tv_usec is written or its address taken";
	}
	return NULL;
}

static void convert(struct cb_ctx *c, const struct hit *h)
{
	size_t i = h->tok, p = cb_prev(c, i), start;

	switch (h->word) {
	case W_TIMEVAL:
		if (cb_ident(c, p, "struct"))
			add_edit(c->pt, c->tok[i].pos, c->tok[i].len, "timespec64");
		break;
	case W_TIMESPEC:
		if (cb_ident(c, p, "struct"))
			add_edit(c->pt, c->tok[i].pos, c->tok[i].len, "timespec64");
		break;
	case W_DO_GETTIMEOFDAY:
		add_edit(c->pt, c->tok[i].pos, c->tok[i].len,
			 "ktime_get_real_ts64");
		break;
	case W_CURRENT_KERNEL_TIME: {
		size_t x, semi = assigned_from(c, i, &x);
		char *text = porter_printf(c->pt, "ktime_get_coarse_real_ts64(&%.*s)",
					   (int)(tok_end(&c->tok[cb_prev(c, p)]) -
						 c->tok[x].pos), c->buf + c->tok[x].pos);

		if (text)
			add_edit(c->pt, c->tok[x].pos, c->tok[semi].pos - c->tok[x].pos,
				 text);
		free(text);
		break;
	}
	case W_TV_USEC:
		start = object_start(c, p);
		if (cb_op(c, cb_prev(c, start), "(") && cb_op(c, cb_next(c, i), ")")) {
			add_edit(c->pt, c->tok[i].pos, c->tok[i].len,
				 "tv_nsec / NSEC_PER_USEC");	/* in parentheses */
			break;
		}
		add_edit(c->pt, c->tok[start].pos, 0, "(");
		add_edit(c->pt, c->tok[i].pos, c->tok[i].len,
			 "tv_nsec / NSEC_PER_USEC)");
		break;
	}
}

static bool site(const struct cb_ctx *c, const struct hit *h)
{
	size_t p = cb_prev(c, h->tok);

	if (h->flags & (H_DEAD | H_PP | H_BODY))
		return false;
	switch (h->word) {
	case W_TIMEVAL:
	case W_TIMESPEC:
		return cb_ident(c, p, "struct");
	case W_DO_GETTIMEOFDAY:
	case W_CURRENT_KERNEL_TIME:
		return is_call(c->buf, c->tl, h->tok);
	default:
		return after_member_op(c->buf, c->tl, h->tok);
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct cb_ctx c;
	const char *why;
	size_t k, sites = 0, calls = 0;

	cb_init(&c, pt);
	for (k = 0; k < n; k++) {
		sites += h[k].word != W_TV_USEC && site(&c, &h[k]);
		calls += (h[k].word == W_DO_GETTIMEOFDAY ||
			  h[k].word == W_CURRENT_KERNEL_TIME) && site(&c, &h[k]);
	}
	/*
	 * Modern code has timevals of its own (tools, uapi): an old file
	 * only, one that calls do_gettimeofday() or shows its age otherwise.
	 */
	if (!sites || !(calls || pt->nr_found[1]))
		return;
	why = blocked(&c, h, n);
	for (k = 0; k < n; k++) {
		static const char *const msgs[] = {
			[W_TIMEVAL] = "struct timeval is gone from the kernel since 5.6 (y2038): struct timespec64, whose tv_nsec / NSEC_PER_USEC is the old tv_usec",
			[W_DO_GETTIMEOFDAY] = "do_gettimeofday() is gone since 5.0 (y2038): ktime_get_real_ts64() into a struct timespec64",
			[W_TIMESPEC] = "struct timespec is gone from the kernel since 5.6 (y2038): struct timespec64, same members",
			[W_CURRENT_KERNEL_TIME] = "current_kernel_time() is gone since 5.6 (y2038): ktime_get_coarse_real_ts64() into a struct timespec64",
		};
		const char *msg = msgs[h[k].word];
		char *text;

		if (!site(&c, &h[k]))
			continue;
		if (h[k].word == W_TV_USEC) {
			if (!why && target_need(&c.tg, R_TIMEVAL) == NEED_FIX)
				convert(&c, &h[k]);
			continue;
		}
		text = why ? porter_printf(pt, "%s, but %s", msg, why) : NULL;
		if (target_finding(&c.tg, c.tok[h[k].tok].pos, R_TIMEVAL, !why,
				   text ? text : msg))
			convert(&c, &h[k]);
		free(text);
	}
}

static const struct family timeval = {
	.name = "timeval", .rules = rules, .words = words, .run = run,
};
FAMILY(timeval)
