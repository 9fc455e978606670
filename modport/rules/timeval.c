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
 *
 *	current-time	CURRENT_TIME, each use on its own: 2.4's was
 *			xtime.tv_sec (seconds, a time_t; <linux/sched.h>),
 *			2.5.48 ("nanosecond stat timefields") made it a
 *			struct timespec for the inode's times, 4.12 removed
 *			it (the atlas: last in 4.9).  Given to an inode's
 *			time ("X->i_mtime = CURRENT_TIME;", X a postfix
 *			expression) it is current_time(X) (4.9), as the
 *			kernel's own conversion wrote it - of either era; read
 *			as seconds in a 2.4 file (an operand of arithmetic or
 *			a comparison, assigned to a tv_sec or to a variable
 *			the file declares time_t, long or int) it is
 *			ktime_get_real_seconds() (3.19).  Anything else
 *			(a 2.6 timespec, a write to it) is named.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../atlas.h"
#include "../kversion.h"
#include "callback.h"

enum {
	W_TIMEVAL, W_DO_GETTIMEOFDAY, W_TV_USEC, W_TIMESPEC,
	W_CURRENT_KERNEL_TIME, W_CURRENT_TIME,
};

static const char *const words[] = {
	[W_TIMEVAL] = "timeval",
	[W_DO_GETTIMEOFDAY] = "do_gettimeofday",
	[W_TV_USEC] = "tv_usec",
	[W_TIMESPEC] = "timespec",
	[W_CURRENT_KERNEL_TIME] = "current_kernel_time",
	[W_CURRENT_TIME] = "CURRENT_TIME",
	NULL
};

static const enum rule_id rules[] = { R_TIMEVAL, R_CURRENT_TIME, NR_RULES };

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
	case W_CURRENT_TIME:
		return false;	/* current_time_uses() */
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

/* The inode times that CURRENT_TIME was given to. */
static const char *const inode_times[] = { "i_atime", "i_mtime", "i_ctime" };

static bool is_inode_time(const struct cb_ctx *c, size_t i)
{
	size_t k;

	for (k = 0; k < sizeof(inode_times) / sizeof(inode_times[0]); k++)
		if (cb_ident(c, i, inode_times[k]))
			return true;
	return false;
}

/*
 * Does the file name an inode time otherwise than after '->' or '.' (a
 * struct of its own with an i_mtime, a variable of that name)?  Then
 * "X->i_mtime" may not be an inode's.
 */
static bool own_inode_time(const struct cb_ctx *c)
{
	size_t i;

	for (i = 0; c->tok[i].type != TOKEN_EOF; i++)
		if (c->tok[i].type == TOKEN_IDENT && is_inode_time(c, i) &&
		    !after_member_op(c->buf, c->tl, i))
			return true;
	return false;
}

/*
 * The object X of "X->i_Xtime =" before the CURRENT_TIME at i: its first
 * token, *arrow its '->' and *member its member; SCAN_NONE when it is
 * not such an assignment or X is not a plain postfix expression (names,
 * '.', '->' and indexes without side effects).
 */
static size_t inode_of(const struct cb_ctx *c, size_t i, size_t *arrow,
		       size_t *member)
{
	size_t eq = cb_prev(c, i), start, k;

	*member = eq == SCAN_NONE ? SCAN_NONE : cb_prev(c, eq);
	*arrow = *member == SCAN_NONE ? SCAN_NONE : cb_prev(c, *member);
	if (!cb_op(c, eq, "=") || *arrow == SCAN_NONE ||
	    !is_inode_time(c, *member) || !cb_op(c, *arrow, "->"))
		return SCAN_NONE;
	start = object_start(c, *arrow);
	if (start == SCAN_NONE)
		return SCAN_NONE;
	for (k = start; k < *arrow; k = cb_next(c, k))
		if (cb_op(c, k, "++") || cb_op(c, k, "--") || cb_op(c, k, "(") ||
		    cb_op(c, k, "=") || cb_op(c, k, "+=") || cb_op(c, k, "-="))
			return SCAN_NONE;
	return start;
}

/* Is the name at v declared by the file as a scalar that holds seconds? */
static bool seconds_var(struct cb_ctx *c, size_t v)
{
	static const char *const scalars[] = {
		"time_t", "long", "unsigned long", "int", "unsigned int",
		"unsigned", "__u32", "u32", "__s32", "s32", "u64", "__u64",
		"time64_t",
	};
	const struct decl *d;
	size_t k, p = cb_prev(c, v);

	if (c->tok[v].type != TOKEN_IDENT)
		return false;
	/* "time_t now = CURRENT_TIME;": the declaration is here */
	for (k = 0; k < sizeof(scalars) / sizeof(scalars[0]); k++)
		if (p != SCAN_NONE && !strchr(scalars[k], ' ') &&
		    cb_ident(c, p, scalars[k]))
			return true;
	if (p != SCAN_NONE && (cb_op(c, p, ".") || cb_op(c, p, "->")))
		return cb_ident(c, v, "tv_sec");	/* 2.4's x.tv_sec = */
	d = file_decl(c->pt, c->buf + c->tok[v].pos, c->tok[v].len);
	if (!d || d->pointers || d->dims)
		return false;
	for (k = 0; k < sizeof(scalars) / sizeof(scalars[0]); k++)
		if (!strcmp(d->base, scalars[k]))
			return true;
	return false;
}

/* Is CURRENT_TIME at i read as seconds: 2.4's scalar? */
static bool read_as_seconds(struct cb_ctx *c, size_t i)
{
	static const char *const arith[] = {
		"+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=",
		"<<", ">>",
	};
	size_t p = cb_prev(c, i), nx = cb_next(c, i), k;

	for (k = 0; k < sizeof(arith) / sizeof(arith[0]); k++)
		if (cb_op(c, nx, arith[k]) ||
		    (p != SCAN_NONE && cb_op(c, p, arith[k]) &&
		     !cb_op(c, p, "*")))	/* not *CURRENT_TIME */
			return true;
	return p != SCAN_NONE && cb_op(c, p, "=") && cb_op(c, nx, ";") &&
	       seconds_var(c, cb_prev(c, p));
}

/* Is CURRENT_TIME at i written, or its address taken? */
static bool written(const struct cb_ctx *c, size_t i)
{
	static const char *const writes[] = {
		"=", "+=", "-=", "*=", "/=", "++", "--",
	};
	size_t p = cb_prev(c, i), k;

	for (k = 0; k < sizeof(writes) / sizeof(writes[0]); k++)
		if (cb_op(c, cb_next(c, i), writes[k]))
			return true;
	return p != SCAN_NONE && (cb_op(c, p, "&") || cb_op(c, p, "++") ||
				  cb_op(c, p, "--"));
}

/* The last release with struct inode's member m, if a target's lacks it. */
static const char *inode_time_gone(const struct cb_ctx *c, size_t m)
{
	uint32_t t = atlas_releases_in(c->tg.r.lo, c->tg.r.hi), have;
	unsigned int k;

	have = atlas_mask(ATLAS_MEMBER, "inode", 5, c->buf + c->tok[m].pos,
			  c->tok[m].len);
	if (!have || (have & t) == t)
		return NULL;
	for (k = atlas_nr_releases(); k-- > 0;)
		if (have & (1u << k))
			return atlas_release_name(k);
	return NULL;
}

static void current_time_uses(struct cb_ctx *c, const struct hit *h, size_t n)
{
	static const char *const was =
		"CURRENT_TIME, 2.4's xtime.tv_sec (seconds) and a struct timespec since 2.5.48, is gone since 4.12";
	bool own = false, aged = c->pt->nr_found[1] > 0, mine;
	size_t k;

	for (k = 0; k < n; k++)
		if (h[k].word == W_CURRENT_TIME && (h[k].flags & H_PP) &&
		    !(h[k].flags & H_DEAD))
			own = true;	/* #define CURRENT_TIME, #ifdef ...: its own */
	mine = !own && !own_inode_time(c);
	for (k = 0; k < n && !own; k++) {
		size_t i = h[k].tok, arrow, m, x;
		const char *gone;
		char *text, *msg;

		if (h[k].word != W_CURRENT_TIME ||
		    (h[k].flags & (H_DEAD | H_PP | H_BODY)) ||
		    after_member_op(c->buf, c->tl, i))
			continue;
		x = mine ? inode_of(c, i, &arrow, &m) : SCAN_NONE;
		if (x != SCAN_NONE) {
			text = cb_text(c, x, arrow);
			gone = inode_time_gone(c, m);
			if (gone) {
				msg = porter_printf(c->pt, "%s: current_time(%s) for an inode's time (4.9); and struct inode lost %.*s after %s (the atlas): inode_set_%.*s_to_ts(%s, current_time(%s)), as the kernel converted its own users then",
						    was, text ? text : "inode",
						    (int)c->tok[m].len, c->buf + c->tok[m].pos,
						    gone, (int)c->tok[m].len - 2,
						    c->buf + c->tok[m].pos + 2,
						    text ? text : "inode",
						    text ? text : "inode");
				target_finding(&c->tg, c->tok[i].pos, R_CURRENT_TIME,
					       false, msg ? msg : was);
				free(msg);
				free(text);
				continue;
			}
			msg = porter_printf(c->pt, "%s: current_time(%s), the inode's time as the kernel sets it (4.9)",
					    was, text ? text : "inode");
			if (text && msg && target_finding(&c->tg, c->tok[i].pos,
							  R_CURRENT_TIME, true, msg)) {
				char *call = porter_printf(c->pt, "current_time(%s)", text);

				edits_for(c->pt, R_CURRENT_TIME);
				if (call)
					add_edit(c->pt, c->tok[i].pos, c->tok[i].len, call);
				free(call);
			}
			free(msg);
			free(text);
			continue;
		}
		if (aged && !written(c, i) && read_as_seconds(c, i)) {
			msg = porter_printf(c->pt, "%s: 2.4's seconds are ktime_get_real_seconds() (3.19, a time64_t)", was);
			if (target_finding(&c->tg, c->tok[i].pos, R_CURRENT_TIME,
					   true, msg ? msg : was)) {
				edits_for(c->pt, R_CURRENT_TIME);
				add_edit(c->pt, c->tok[i].pos, c->tok[i].len,
					 "ktime_get_real_seconds()");
			}
			free(msg);
			continue;
		}
		target_finding(&c->tg, c->tok[i].pos, R_CURRENT_TIME, false,
			       "CURRENT_TIME, 2.4's xtime.tv_sec (seconds) and a struct timespec since 2.5.48, is gone since 4.12: current_time(inode) for an inode's time (4.9), ktime_get_real_seconds() for seconds (3.19), ktime_get_coarse_real_ts64() into a struct timespec64 for a timespec");
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct cb_ctx c;
	const char *why;
	size_t k, sites = 0, calls = 0;

	cb_init(&c, pt);
	current_time_uses(&c, h, n);
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
			[W_CURRENT_TIME] = "",	/* current_time_uses() */
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
