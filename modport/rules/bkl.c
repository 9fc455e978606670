// SPDX-License-Identifier: GPL-2.0
/*
 * bkl.c: the bkl rule.  The big kernel lock went in 2.6.39; the drivers
 * that still took it around their own file operations were converted by a
 * script (Arnd Bergmann, "drivers: autoconvert trivial BKL users to
 * private mutex", 2.6.37): such a driver does not lock against other code,
 * the BKL is its top-level lock, so a mutex of its own serializes the same
 * sections:
 *
 *	lock_kernel();		-> mutex_lock(&NAME_mutex);
 *	unlock_kernel();	-> mutex_unlock(&NAME_mutex);
 *				   static DEFINE_MUTEX(NAME_mutex); after the
 *				   includes (NAME: the file's), and
 *				   <linux/mutex.h>
 *
 * What a mutex is not, the BKL was: released while its holder sleeps, and
 * taken again by its holder.  So the file is converted whole or not at all:
 * every call a statement in a function, and no function that takes it
 * sleeps (schedule(), sleep_on(), wait_event()...), calls another function
 * of the file that takes it, or takes it under a spinlock or with
 * interrupts off.  Otherwise each call is reported with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"
#include "fileadd.h"

static const char *const words[] = { "lock_kernel", "unlock_kernel", NULL };
static const enum rule_id rules[] = { R_BKL, NR_RULES };

/* Names whose call in a BKL section relied on the BKL's release. */
static const char *const sleeps[] = {
	"schedule", "schedule_timeout", "sleep_on", "sleep_on_timeout",
	"interruptible_sleep_on", "interruptible_sleep_on_timeout",
	"wait_event", "wait_event_interruptible", "wait_event_timeout",
	"wait_event_interruptible_timeout", "wait_for_completion", NULL
};

/* Names that make a context where a mutex cannot be taken. */
static const char *const atomic[] = {
	"spin_lock", "spin_lock_irq", "spin_lock_irqsave", "spin_lock_bh",
	"read_lock", "write_lock", "read_lock_irqsave", "write_lock_irqsave",
	"cli", "save_flags", "local_irq_save", "local_irq_disable", NULL
};

#define MAX_FUNCS 32

struct ctx {
	struct porter *pt;
	const char *buf;
	const struct token_list *tl;
	size_t func[MAX_FUNCS];	/* the '{' of each function that takes it */
	size_t name[MAX_FUNCS];	/* that function's name, or SCAN_NONE */
	size_t nr;
};

static bool in_list(const char *buf, const struct token *t,
		    const char *const *list)
{
	for (; *list; list++)
		if (match_ident(buf, t, *list))
			return true;
	return false;
}

/* The name of the function whose body opens at brace, or SCAN_NONE. */
static size_t func_name(const struct ctx *c, size_t brace)
{
	size_t close = code_before(c->tl, brace), open;

	if (close == SCAN_NONE || !match_op(c->buf, &c->tl->tok[close], ')'))
		return SCAN_NONE;
	open = match_open(c->buf, c->tl, close, '(', ')');
	if (open == SCAN_NONE || !open)
		return SCAN_NONE;
	open = code_before(c->tl, open);
	return open != SCAN_NONE && c->tl->tok[open].type == TOKEN_IDENT ?
	       open : SCAN_NONE;
}

/* "lock_kernel ( ) ;" at i, in a function? */
static bool statement(const struct ctx *c, const struct hit *h)
{
	static const char *const want[] = { "(", ")", ";", NULL };

	return h->func != SCAN_NONE && !(h->flags & (H_PP | H_BODY)) &&
	       is_call(c->buf, c->tl, h->tok) &&
	       expect_tokens(c->buf, c->tl, h->tok, want, NULL, 0) != SCAN_NONE;
}

static bool same_name(const struct ctx *c, size_t a, size_t b)
{
	const struct token *x = &c->tl->tok[a], *y = &c->tl->tok[b];

	return x->len == y->len && !memcmp(c->buf + x->pos, c->buf + y->pos,
					  x->len);
}

/*
 * Why function k cannot have a mutex for the BKL, or NULL.  lock is the
 * first lock_kernel() of it.
 */
static const char *unsafe(const struct ctx *c, size_t k, size_t lock)
{
	size_t end = match_close(c->buf, c->tl, c->func[k], '{', '}'), i, j;

	if (end == SCAN_NONE)
		return "its function does not end";
	for (i = c->func[k]; i < end; i++) {
		const struct token *t = &c->tl->tok[i];

		if (t->type != TOKEN_IDENT || !is_code(t) ||
		    !is_call(c->buf, c->tl, i))
			continue;
		if (in_list(c->buf, t, sleeps))
			return "the function sleeps, and the big kernel lock was released while its holder slept: a mutex is not";
		if (i < lock && in_list(c->buf, t, atomic))
			return "the function takes it with a spinlock held or interrupts off, where a mutex cannot be taken";
		for (j = 0; j < c->nr; j++)
			if (j != k && c->name[j] != SCAN_NONE &&
			    same_name(c, i, c->name[j]))
				return "the function calls another function of the file that takes it, and the big kernel lock could be taken again by its holder: a mutex cannot";
	}
	return NULL;
}

/* The functions that take the lock; false if one is not a plain statement. */
static const char *collect(struct ctx *c, const struct hit *h, size_t n)
{
	size_t k, j;

	for (k = 0; k < n; k++) {
		if (h[k].flags & H_DEAD)
			continue;
		if (!statement(c, &h[k]))
			return "not a statement of a function's body";
		for (j = 0; j < c->nr && c->func[j] != h[k].func; j++)
			;
		if (j < c->nr)
			continue;
		if (c->nr == MAX_FUNCS)
			return "too many functions take it";
		c->func[c->nr] = h[k].func;
		c->name[c->nr++] = func_name(c, h[k].func);
	}
	return NULL;
}

/* The first lock_kernel() hit in function k (a token index). */
static size_t first_lock(const struct ctx *c, const struct hit *h, size_t n,
			 size_t k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (h[i].func == c->func[k] && !(h[i].flags & H_DEAD) &&
		    match_ident(c->buf, &c->tl->tok[h[i].tok], "lock_kernel"))
			return h[i].tok;
	return c->func[k];
}

static void report(struct target *tg, const struct ctx *c, const struct hit *h,
		   size_t n, const char *why)
{
	char *msg;
	size_t k;

	msg = porter_printf(c->pt, "the big kernel lock is gone since 2.6.39: a mutex of the driver's own around what it protects (not converted: %s)", why);
	for (k = 0; msg && k < n; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)))
			target_finding(tg, c->tl->tok[h[k].tok].pos, R_BKL,
				       false, msg);
	free(msg);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .buf = pt->buf, .tl = pt->tl };
	const char *why;
	struct target tg;
	char *name = NULL;
	size_t k;
	bool fixed = false;

	if (!n)
		return;
	target_init(&tg, pt);
	why = collect(&c, h, n);
	for (k = 0; !why && k < c.nr; k++)
		why = unsafe(&c, k, first_lock(&c, h, n, k));
	if (!why && !(name = file_own_name(pt, "mutex")))
		why = "the file already has a name NAME_mutex";
	if (why) {
		report(&tg, &c, h, n, why);
		return;
	}
	for (k = 0; k < n; k++, h++) {
		const struct token *t = &pt->tl->tok[h->tok];
		bool lock = match_ident(pt->buf, t, "lock_kernel");
		char *call;

		if ((h->flags & H_DEAD) ||
		    !target_finding(&tg, t->pos, R_BKL, true,
				    "the big kernel lock is gone since 2.6.39: the driver's own mutex, as the BKL's trivial users were converted in 2.6.37 (it was the top-level lock of the file's functions, which neither sleep holding it nor take it twice)"))
			continue;
		fixed = true;
		call = porter_printf(pt, "%s(&%s)", lock ? "mutex_lock" :
				     "mutex_unlock", name);
		if (call)
			add_edit(pt, t->pos, tok_end(pt->tl->tok +
				 next_code(pt->tl, next_code(pt->tl, h->tok))) -
				 t->pos, call);
		free(call);
	}
	if (fixed) {
		char *def = porter_printf(pt, "static DEFINE_MUTEX(%s);%s",
					  name, pt->eol);

		if (def)
			add_after_includes(pt, "<linux/mutex.h>", def);
		free(def);
	}
	free(name);
}

static const struct family bkl = {
	.name = "bkl", .rules = rules, .words = words, .run = run,
};
FAMILY(bkl)
