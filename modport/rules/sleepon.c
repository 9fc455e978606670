// SPDX-License-Identifier: GPL-2.0
/*
 * sleepon.c: sleep_on() and interruptible_sleep_on(), gone in 3.15 (they
 * race with the wake-up: the condition is tested before the task is on
 * the wait queue).  Where the code sleeps on a condition it tests, the
 * sleep becomes wait_event() or wait_event_interruptible() on that
 * condition, as the kernel's own drivers were converted:
 *
 *	if (info->flags & ASYNC_CLOSING)
 *		interruptible_sleep_on(&info->close_wait);
 * becomes
 *	if (info->flags & ASYNC_CLOSING)
 *		wait_event_interruptible(info->close_wait,
 *					 !(info->flags & ASYNC_CLOSING));
 *
 * and in "while (C) { ... interruptible_sleep_on(&q); }" (or an if) the
 * sleep waits for !(C), when nothing but a signal test follows it.  C must
 * be free of side effects (no call, assignment, ++ or --) and not a
 * constant.
 *
 * A sleep that waits on no condition the code tests (LDD3's jiq: add_timer(),
 * then interruptible_sleep_on() until the timer's wake_up()), alone on its
 * line, becomes what sleep_on() did, race and all:
 *
 *	{
 *		DEFINE_WAIT(wait);
 *
 *		prepare_to_wait(&q, &wait, TASK_INTERRUPTIBLE);
 *		schedule();
 *		finish_wait(&q, &wait);
 *	}
 *
 * A _timeout variant alone on its line (its value unused, as 2.4's lp) is
 * done the same way with schedule_timeout(T), as Arnd Bergmann converted
 * lp in 3.15; other uses of it, and a sleep sharing its line, are
 * reported.
 */
#include <stdlib.h>

#include "../target.h"
#include "shape.h"

enum { W_SLEEP_ON, W_ISLEEP_ON, W_SLEEP_ON_TO, W_ISLEEP_ON_TO };

static const char *const words[] = {
	[W_SLEEP_ON] = "sleep_on",
	[W_ISLEEP_ON] = "interruptible_sleep_on",
	[W_SLEEP_ON_TO] = "sleep_on_timeout",
	[W_ISLEEP_ON_TO] = "interruptible_sleep_on_timeout",
	NULL
};

#define SH_WORD(pt, i) (intr ? "interruptible_sleep_on" : "sleep_on")
#define WHY "the sleep_on family is gone (since 3.15): it races with the wake-up, as the condition is tested before the task is on the wait queue; use wait_event(), wait_event_interruptible() or wait_event_timeout() with the condition"

static const enum rule_id rules[] = { R_SLEEP_ON, NR_RULES };

/* Is (open, close) a condition with no side effect, and not a constant? */
static bool pure(struct porter *pt, size_t open, size_t close)
{
	static const char *const bad[] = {
		"=", "++", "--", "+=", "-=", "*=", "/=", "|=", "&=", "^=",
		"<<=", ">>=", "%=",
	};
	size_t i;
	bool ident = false;

	for (i = sh_next(pt, open); i < close; i = sh_next(pt, i)) {
		const struct token *t = &pt->tl->tok[i];

		if (t->type == TOKEN_SPECIAL && TOKEN_IN(pt->buf, t, bad))
			return false;
		if (sh_is_ident(pt, i) && sh_op(pt, sh_next(pt, i), "(") &&
		    !sh_ident(pt, i, "sizeof"))
			return false;
		ident |= sh_is_ident(pt, i);
	}
	return ident;
}

/* The statement after the sleep's ';' in a loop body ending at end. */
static bool only_signal_test(struct porter *pt, size_t semi, size_t end)
{
	size_t i = sh_next(pt, semi), open, close;

	if (end == SCAN_NONE)
		return false;
	if (i == end)
		return true;
	if (!sh_ident(pt, i, "if") || !call_parens(pt->buf, pt->tl, i, &open, &close) ||
	    !sh_ident(pt, sh_next(pt, open), "signal_pending"))
		return false;
	for (i = sh_next(pt, close); i < end && !sh_op(pt, i, ";"); i = sh_next(pt, i))
		if (sh_op(pt, i, "{") &&
		    (i = match_close(pt->buf, pt->tl, i, '{', '}')) == SCAN_NONE)
			return false;
	return i != SCAN_NONE && i < end && sh_next(pt, i) == end;
}

/*
 * The condition the sleep at i (a statement) waits on: the '(' and ')'
 * of an if whose body it is, or of a while whose body holds it; the
 * "!" to wrap it in (*neg).  False if none.
 */
static bool condition(struct porter *pt, size_t i, size_t semi, size_t *open,
		      size_t *close)
{
	size_t p = sh_prev(pt, i), kw, brace = SCAN_NONE, end;

	if (sh_op(pt, p, "{")) {
		brace = p;
		p = sh_prev(pt, p);
	}
	if (sh_op(pt, p, ")")) {
		*close = p;
		*open = match_open(pt->buf, pt->tl, p, '(', ')');
		kw = *open == SCAN_NONE ? SCAN_NONE : sh_prev(pt, *open);
		end = brace == SCAN_NONE ? SCAN_NONE :
		      match_close(pt->buf, pt->tl, brace, '{', '}');
		if (sh_ident(pt, kw, "if"))
			return brace == SCAN_NONE || sh_next(pt, semi) == end;
		if (sh_ident(pt, kw, "while"))
			return brace == SCAN_NONE || only_signal_test(pt, semi, end);
		return false;
	}
	/* while (C) or if (C) { ...; sleep; [signal test] } */
	for (; p != SCAN_NONE && !sh_op(pt, p, "{"); p = sh_prev(pt, p))
		if (sh_op(pt, p, "}") &&
		    (p = match_open(pt->buf, pt->tl, p, '{', '}')) == SCAN_NONE)
			return false;
	if (p == SCAN_NONE || !sh_op(pt, sh_prev(pt, p), ")"))
		return false;
	*close = sh_prev(pt, p);
	*open = match_open(pt->buf, pt->tl, *close, '(', ')');
	if (*open == SCAN_NONE || !(sh_ident(pt, sh_prev(pt, *open), "while") ||
				    sh_ident(pt, sh_prev(pt, *open), "if")))
		return false;
	return only_signal_test(pt, semi, match_close(pt->buf, pt->tl, p, '{', '}'));
}

/* The negation of the condition (open, close): X for !X, else !(C). */
static char *negation(struct porter *pt, size_t open, size_t close)
{
	size_t i, from = sh_next(pt, open);
	bool plain = sh_op(pt, from, "!");

	for (i = sh_next(pt, from); plain && i < close; i = sh_next(pt, i))
		plain = sh_is_ident(pt, i) || sh_op(pt, i, "->") || sh_op(pt, i, ".");
	if (plain)
		return porter_printf(pt, "%.*s", (int)(pt->tl->tok[close].pos -
					pt->tl->tok[sh_next(pt, from)].pos),
				     pt->buf + pt->tl->tok[sh_next(pt, from)].pos);
	return porter_printf(pt, "!(%.*s)", (int)(pt->tl->tok[close].pos -
				tok_end(&pt->tl->tok[open])),
			     pt->buf + tok_end(&pt->tl->tok[open]));
}

/* Does the queue (from, to) name "wait" (the block's own name)? */
static bool names_wait(struct porter *pt, size_t from, size_t to)
{
	size_t k;

	for (k = from; k < to; k = sh_next(pt, k))
		if (sh_ident(pt, k, "wait") && !after_member_op(pt->buf, pt->tl, k))
			return true;
	return false;
}

/*
 * The sleep at i, a statement alone on its line whose queue is (open,
 * close), becomes prepare_to_wait(), schedule(), finish_wait() in a
 * block: the body of an if, else, while, for or do without braces gets
 * them ("{" at the end of its head's line), else a block of its own.
 * False if it is not alone on its line.
 */
static bool expand(struct porter *pt, struct target *tg, size_t i, size_t open,
		   size_t close, size_t semi, bool intr, const char *timeout)
{
	const struct token *t = pt->tl->tok;
	size_t ls = line_start(pt->buf, t[i].pos), end = tok_end(&t[semi]);
	size_t le = line_end(pt->buf, pt->len, end), q = sh_next(pt, open);
	size_t tail = end;
	size_t p = sh_prev(pt, i), ind, hind;
	const char *at, *hat, *eol = pt->eol, *w;
	char *queue, *text, *in;
	bool body = p != SCAN_NONE && (sh_op(pt, p, ")") ||
				       sh_ident(pt, p, "else") ||
				       sh_ident(pt, p, "do"));

	if (t[semi + 1].type == TOKEN_COMMENT &&
	    line_start(pt->buf, t[semi + 1].pos) == ls &&
	    only_blanks(pt->buf, end, t[semi + 1].pos))
		tail = tok_end(&t[semi + 1]);	/* a comment after it stays after it */
	if (q == close || !only_blanks(pt->buf, ls, t[i].pos) ||
	    !only_blanks(pt->buf, tail, le))
		return false;
	if (timeout && !target_finding(tg, t[i].pos, R_SLEEP_ON, true,
			    "the sleep_on_timeout() family is gone since 3.15, and its value is not used: it becomes what it did, prepare_to_wait(), schedule_timeout() and finish_wait() in a block, as 3.15's lp was converted (a wake-up before prepare_to_wait() is still missed)"))
		return true;
	if (!timeout && !target_finding(tg, t[i].pos, R_SLEEP_ON, true,
			    intr ? "interruptible_sleep_on() is gone since 3.15, and no condition the code tests says what it waits for: it becomes what it did, prepare_to_wait(), schedule() and finish_wait() in a block (a wake-up before prepare_to_wait() is still missed; wait_event_interruptible() on a condition would not miss it)" :
			    "sleep_on() is gone since 3.15, and no condition the code tests says what it waits for: it becomes what it did, prepare_to_wait(), schedule() and finish_wait() in a block (a wake-up before prepare_to_wait() is still missed; wait_event() on a condition would not miss it)"))
		return true;
	ind = sh_indent(pt, i, &at);
	hind = body ? sh_indent(pt, p, &hat) : ind;
	if (!body)
		hat = at;
	w = names_wait(pt, q, close) ? "sleep_wait" : "wait";
	queue = porter_printf(pt, "%.*s", (int)(t[close].pos - t[q].pos),
			      pt->buf + t[q].pos);
	in = porter_printf(pt, "%.*s%s", (int)ind, at, body ? "" : "\t");
	text = queue && in ? porter_printf(pt, "%s%s%sDEFINE_WAIT(%s);%s%s%sprepare_to_wait(%s, &%s, %s);%s%sschedule%s%s%s;%s%sfinish_wait(%s, &%s);%s%.*s}",
					   body ? "" : "{", body ? "" : eol,
					   body ? "" : in, w, eol, eol, in, queue, w,
					   intr ? "TASK_INTERRUPTIBLE" : "TASK_UNINTERRUPTIBLE",
					   eol, in, timeout ? "_timeout(" : "(",
					   timeout ? timeout : "", ")",
					   eol, in, queue, w, eol,
					   (int)hind, hat) : NULL;
	if (text && (!body || !add_edit(pt, tok_end(&t[p]), 0, " {")))
		add_edit(pt, t[i].pos, end - t[i].pos, text);
	free(in);
	free(queue);
	free(text);
	return true;
}

static void sleep_on(struct porter *pt, struct target *tg, size_t i,
		     bool intr)
{
	size_t open, close, c_open = SCAN_NONE, c_close = SCAN_NONE, semi, q, qe;
	bool stmt, fix;
	char *text, *cond;

	stmt = call_parens(pt->buf, pt->tl, i, &open, &close) &&
	       sh_op(pt, (semi = sh_next(pt, close)), ";");
	fix = stmt && condition(pt, i, semi, &c_open, &c_close) &&
	      pure(pt, c_open, c_close);
	if (stmt && !fix && expand(pt, tg, i, open, close, semi, intr, NULL))
		return;
	if (!fix) {
		add_finding(pt, pt->tl->tok[i].pos, R_SLEEP_ON, SEV_WARNING, false,
			    "%s(): %s; port it by hand", SH_WORD(pt, i), WHY);
		return;
	}
	if (!target_finding(tg, pt->tl->tok[i].pos, R_SLEEP_ON, true,
			    intr ? "interruptible_sleep_on() is gone since 3.15: it races with the wake-up, as the condition is tested before the task is on the wait queue; it becomes wait_event_interruptible() on the condition the code tests" :
			    "sleep_on() is gone since 3.15: it races with the wake-up, as the condition is tested before the task is on the wait queue; it becomes wait_event() on the condition the code tests"))
		return;
	q = sh_next(pt, open);
	qe = pt->tl->tok[close].pos;
	cond = negation(pt, c_open, c_close);
	text = cond ? porter_printf(pt, "%s(%s%.*s, %s)",
				    intr ? "wait_event_interruptible" : "wait_event",
				    sh_op(pt, q, "&") ? "" : "*",
				    (int)(qe - pt->tl->tok[sh_op(pt, q, "&") ? sh_next(pt, q) : q].pos),
				    pt->buf + pt->tl->tok[sh_op(pt, q, "&") ? sh_next(pt, q) : q].pos,
				    cond) : NULL;
	free(cond);
	if (text)
		add_edit(pt, pt->tl->tok[i].pos, tok_end(&pt->tl->tok[close]) -
			 pt->tl->tok[i].pos, text);
	free(text);
}

/*
 * The timed sleep at i, a statement alone on its line (its value, the
 * time left, unused): what it did, with schedule_timeout().  False if it
 * is another shape.
 */
static bool sleep_timeout(struct porter *pt, struct target *tg, size_t i,
			  bool intr)
{
	size_t open, close, semi, comma;
	char *timeout;
	bool done;

	if (!call_parens(pt->buf, pt->tl, i, &open, &close) ||
	    !sh_op(pt, (semi = sh_next(pt, close)), ";") ||
	    call_args(pt->buf, pt->tl, open, close, &comma, 1) != 1 ||
	    sh_op(pt, sh_prev(pt, i), "=") || sh_op(pt, sh_prev(pt, i), "("))
		return false;
	timeout = porter_printf(pt, "%.*s", (int)(pt->tl->tok[close].pos -
				 pt->tl->tok[sh_next(pt, comma)].pos),
				pt->buf + pt->tl->tok[sh_next(pt, comma)].pos);
	done = timeout && expand(pt, tg, i, open, comma, semi, intr, timeout);
	free(timeout);
	return done;
}

/* Does the file declare, define or #define the name of hit h itself? */
static bool own(struct porter *pt, const struct hit *h, size_t n, int word)
{
	size_t k;

	for (k = 0; k < n; k++) {
		const struct token *p;

		if (h[k].word != word)
			continue;
		if ((h[k].flags & H_ARG) && h[k].kw == KW_DEFINE)
			return true;
		p = &pt->tl->tok[prev_code(pt->tl, h[k].tok)];
		if (!(h[k].flags & H_PP) && !h[k].depth &&
		    sh_op(pt, sh_next(pt, h[k].tok), "(") &&
		    (match_op(pt->buf, p, '*') ||
		     (p->type == TOKEN_IDENT && !token_is(pt->buf, p, "return"))))
			return true;
	}
	return false;
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct target tg;
	size_t k;

	target_init(&tg, pt);
	for (k = 0; k < n; k++) {
		bool pp = h[k].flags & H_PP, timed;
		size_t next;

		if ((pp && !(h[k].flags & H_BODY)) || (h[k].flags & H_DEAD) ||
		    is_member_name(pt->buf, pt->tl, h[k].tok))
			continue;
		next = pp ? pp_next(pt->tl, h[k].tok) : sh_next(pt, h[k].tok);
		if (next == SCAN_NONE || !sh_op(pt, next, "(") ||
		    own(pt, h, n, h[k].word))
			continue;
		timed = h[k].word == W_SLEEP_ON_TO || h[k].word == W_ISLEEP_ON_TO;
		if (!pp && timed &&
		    sleep_timeout(pt, &tg, h[k].tok, h[k].word == W_ISLEEP_ON_TO))
			continue;
		if (pp || timed)
			add_finding(pt, pt->tl->tok[h[k].tok].pos, R_SLEEP_ON,
				    SEV_WARNING, false, "%s(): %s; port it by hand",
				    words[h[k].word], WHY);
		else
			sleep_on(pt, &tg, h[k].tok, h[k].word == W_ISLEEP_ON);
	}
}

static const struct family sleepon = {
	.name = "sleepon", .rules = rules, .words = words, .run = run,
};
FAMILY(sleepon)
