// SPDX-License-Identifier: GPL-2.0
/*
 * clisti.c: the cli-sti rule.  2.5.28 removed the global interrupt lock:
 * on SMP, cli() had kept every other CPU's interrupt handlers and cli()
 * sections out until sti().  Documentation/cli-sti-removal.txt asked each
 * driver for a spinlock of its own, taken where it took cli() and in its
 * interrupt handler.  A driver with no interrupt handler of its own (no
 * request_irq() in the file) had its cli() sections excluding each other,
 * on every CPU, with this CPU's interrupts off: a spinlock of the file,
 * taken with interrupts off, does that.  cli() also waited out the
 * bottom halves (timers) of every CPU: a file with code in interrupt or
 * bottom-half context (an interrupt handler, a timer, a tasklet, a task
 * queue, a tty line discipline, a net device) is reported, that code
 * having to take the lock too.
 *
 *	save_flags(f); cli();	-> spin_lock_irqsave(&NAME_lock, f);
 *	restore_flags(f);	-> spin_unlock_irqrestore(&NAME_lock, f);
 *	cli(); ... sti();	-> spin_lock_irq(&NAME_lock); ...
 *				   spin_unlock_irq(&NAME_lock);
 *				   static DEFINE_SPINLOCK(NAME_lock); after
 *				   the includes, and <linux/spinlock.h>
 *
 * What a spinlock is not, the global lock was: released while its holder
 * slept, and taken again by its holder.  So the file is converted whole or
 * not at all: every call a statement in a function; each section opened
 * by "save_flags(f); cli();" or "cli();" and closed in the same function
 * by restore_flags(f) or sti() in the same block (one in a block within,
 * followed by return, goto, break or continue, leaves the section open
 * for the code after that block); no section
 * calling anything but what cannot sleep (port and memory I/O, delays,
 * timers, wake-ups, bit operations, printk, ALL-CAPS macros) and the
 * file's own functions that call only that and open no section; and no
 * section (or function it calls) reaching data through a pointer, a
 * variable of the file that is not static or one the file does not
 * declare (the kernel's jiffies): other files' code, whose
 * interrupt handlers the global lock held off too, may share it.  Where
 * the sections call the interrupt handler (pc110pad) a lock it took too
 * would deadlock.  In a header, each includer would get its own lock:
 * reported.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../target.h"
#include "fileadd.h"
#include "legacy.h"
#include "shape.h"

enum { W_SAVE, W_CLI, W_RESTORE, W_STI, W_REQUEST_IRQ, W_CONTEXT };

/*
 * From W_REQUEST_IRQ on: what says code of the file runs in interrupt or
 * bottom-half context, which 2.4's cli() also waited out on every CPU
 * (wait_on_irq() waited for the other CPUs' handlers and for
 * global_bh_lock, the timers' bottom half's).
 */
static const char *const words[] = {
	[W_SAVE] = "save_flags", [W_CLI] = "cli",
	[W_RESTORE] = "restore_flags", [W_STI] = "sti",
	[W_REQUEST_IRQ] = "request_irq", [W_CONTEXT] = "pt_regs",
	"timer_list", "init_timer", "add_timer", "mod_timer", "DEFINE_TIMER",
	"setup_timer", "tasklet_struct", "DECLARE_TASKLET", "tasklet_init",
	"tq_struct", "init_bh", "mark_bh", "tty_ldisc", "net_device", NULL
};

static const enum rule_id rules[] = { R_CLI_STI, NR_RULES };

/* What a section may call: it cannot sleep. */
static const char *const atomic_ok[] = {
	"inb", "inb_p", "inw", "inw_p", "inl", "inl_p", "outb", "outb_p",
	"outw", "outw_p", "outl", "outl_p", "insb", "insw", "insl", "outsb",
	"outsw", "outsl", "readb", "readw", "readl", "writeb", "writew",
	"writel", "isa_readb", "isa_readw", "isa_readl", "isa_writeb",
	"isa_writew", "isa_writel", "udelay", "ndelay", "mdelay", "printk",
	"memcpy", "memset", "memcmp", "strcpy", "strncpy", "strlen",
	"add_timer", "del_timer", "mod_timer", "timer_pending", "wake_up",
	"wake_up_interruptible", "wake_up_all", "kill_fasync", "set_bit",
	"clear_bit", "test_bit", "test_and_set_bit", "test_and_clear_bit",
	"change_bit", "atomic_read", "atomic_set", "atomic_inc", "atomic_dec",
	"barrier", "mb", "rmb", "wmb", "pci_read_config_byte",
	"pci_read_config_word", "pci_read_config_dword",
	"pci_write_config_byte", "pci_write_config_word",
	"pci_write_config_dword", "time_after", "time_before", "min", "max",
	"sizeof", "if", "while", "for", "switch", "return", "typeof",
	"__typeof__",
};

#define MAX_SECTIONS 64
#define MAX_DEPTH 3

struct section {
	size_t open, close;	/* the save_flags or cli, the closing call */
	size_t flags_from, flags_to;	/* save_flags' ( and ), or SCAN_NONE */
	int depth;		/* the braces around the open */
};

struct ctx {
	struct porter *pt;
	const struct hit *h;
	size_t n;
	struct section s[MAX_SECTIONS];
	size_t nr;
};

/* "NAME ( ... ) ;" at hit k, in a function: its ';', or SCAN_NONE. */
static size_t statement(const struct ctx *c, size_t k)
{
	size_t open, close;

	if (c->h[k].func == SCAN_NONE || (c->h[k].flags & (H_PP | H_BODY)) ||
	    !call_parens(c->pt->buf, c->pt->tl, c->h[k].tok, &open, &close) ||
	    !sh_op(c->pt, sh_next(c->pt, close), ";"))
		return SCAN_NONE;
	return sh_next(c->pt, close);
}

/* Is the statement at i the body of an if, else, while, for or do? */
static bool braceless_body(const struct porter *pt, size_t i)
{
	static const char *const heads[] = { "if", "while", "for", "switch" };
	size_t p = sh_prev(pt, i), open;

	if (sh_ident(pt, p, "else") || sh_ident(pt, p, "do"))
		return true;
	if (!sh_op(pt, p, ")"))
		return false;
	open = match_open(pt->buf, pt->tl, p, '(', ')');
	p = open == SCAN_NONE ? SCAN_NONE : sh_prev(pt, open);
	return p != SCAN_NONE && pt->tl->tok[p].type == TOKEN_IDENT &&
	       TOKEN_IN(pt->buf, &pt->tl->tok[p], heads);
}

static bool exits(const struct porter *pt, size_t semi)
{
	static const char *const jumps[] = {
		"return", "goto", "break", "continue",
	};
	size_t i = sh_next(pt, semi);

	return i != SCAN_NONE && pt->tl->tok[i].type == TOKEN_IDENT &&
	       TOKEN_IN(pt->buf, &pt->tl->tok[i], jumps);
}

/* save_flags(f) at hit k with (f) spelt as the open section's. */
static bool same_flags(const struct ctx *c, const struct section *s, size_t k)
{
	const struct token *t = c->pt->tl->tok;
	size_t open, close, a = s->flags_from;

	if (a == SCAN_NONE ||
	    !call_parens(c->pt->buf, c->pt->tl, c->h[k].tok, &open, &close))
		return false;
	for (; open <= close && a <= s->flags_to;
	     open = sh_next(c->pt, open), a = sh_next(c->pt, a))
		if (t[a].len != t[open].len ||
		    memcmp(c->pt->buf + t[a].pos, c->pt->buf + t[open].pos,
			   t[a].len))
			return false;
	return open > close && a > s->flags_to;
}

/*
 * Is token v, alone before end, declared "unsigned long v" (or "unsigned
 * long a, b, v": plain names back to the type)?
 */
static bool unsigned_long(const struct porter *pt, size_t v, size_t end)
{
	size_t d, p;

	if (!sh_is_ident(pt, v) || sh_next(pt, v) != end)
		return false;
	for (d = sh_decl_before(pt, v, v); d != SCAN_NONE &&
	     !sh_is_ident(pt, sh_prev(pt, d)) && !sh_op(pt, sh_prev(pt, d), ",");
	     d = sh_decl_before(pt, v, d))
		;	/* an argument, "(flags)": not the declaration */
	if (d == SCAN_NONE)
		return false;
	for (p = sh_prev(pt, d); p != SCAN_NONE && sh_op(pt, p, ",");
	     p = sh_prev(pt, sh_prev(pt, p)))
		if (!sh_is_ident(pt, sh_prev(pt, p)))
			return false;
	return sh_ident(pt, p, "long") &&
	       sh_ident(pt, sh_prev(pt, p), "unsigned") &&
	       !sh_ident(pt, sh_prev(pt, sh_prev(pt, p)), "long");
}

/* Hit k opens a section (state: the open one, or NULL).  Why not, or NULL. */
static const char *open_section(struct ctx *c, size_t *k, size_t semi,
				struct section **open)
{
	struct section *s;

	if (*open)
		return "a section opens inside another";
	if (braceless_body(c->pt, c->h[*k].tok))
		return "a section opens as the body of an if, else or loop";
	if (c->nr == MAX_SECTIONS)
		return "too many sections";
	s = &c->s[c->nr++];
	s->open = c->h[*k].tok;
	s->depth = c->h[*k].depth;
	s->flags_from = s->flags_to = SCAN_NONE;
	if (c->h[*k].word == W_SAVE) {
		if (*k + 1 >= c->n || c->h[*k + 1].word != W_CLI ||
		    c->h[*k + 1].tok != sh_next(c->pt, semi) ||
		    statement(c, *k + 1) == SCAN_NONE)
			return "save_flags() is not followed by cli()";
		call_parens(c->pt->buf, c->pt->tl, s->open, &s->flags_from,
			    &s->flags_to);
		if (!unsigned_long(c->pt, sh_next(c->pt, s->flags_from),
				   s->flags_to))
			return "the flags of save_flags() are not a variable declared unsigned long, which spin_lock_irqsave() takes";
		++*k;
	}
	*open = s;
	return NULL;
}

/* The sections of the file, function by function.  Why not, or NULL. */
static const char *sections(struct ctx *c)
{
	struct section *open = NULL;
	size_t k, func = SCAN_NONE, semi;

	for (k = 0; k < c->n; k++) {
		int w = c->h[k].word;
		const char *why;

		if (w >= W_REQUEST_IRQ || !legacy_call(c->pt, c->h, c->n, k))
			continue;
		if ((semi = statement(c, k)) == SCAN_NONE)
			return "a use is not a statement of a function's body";
		if (c->h[k].func != func && open)
			return "a section is not closed in its function";
		func = c->h[k].func;
		if (w == W_SAVE || (w == W_CLI && !open)) {
			if ((why = open_section(c, &k, semi, &open)))
				return why;
			continue;
		}
		if (w == W_CLI)
			return "a section opens inside another";
		if (!open || (w == W_RESTORE) != (open->flags_from != SCAN_NONE) ||
		    (w == W_RESTORE && !same_flags(c, open, k)))
			return "restore_flags() or sti() closes no section that save_flags() and cli(), or cli(), opened";
		open->close = c->h[k].tok;
		if (c->h[k].depth == open->depth &&
		    !braceless_body(c->pt, c->h[k].tok))
			open = NULL;
		else if (c->h[k].depth < open->depth ||
			 braceless_body(c->pt, c->h[k].tok) || !exits(c->pt, semi))
			return "a section closes in a block other than its own, not leaving the function or loop there";
	}
	return open ? "a section is not closed in its function" : NULL;
}

static bool all_caps(const struct porter *pt, size_t i)
{
	const struct token *t = &pt->tl->tok[i];
	size_t k;

	for (k = 0; k < t->len; k++)
		if (islower((unsigned char)pt->buf[t->pos + k]))
			return false;
	return true;
}

/* Does the code (from, to) open a section (a hit of the file)? */
static bool has_section(const struct ctx *c, size_t from, size_t to)
{
	size_t k;

	for (k = 0; k < c->nr; k++)
		if (c->s[k].open > from && c->s[k].open < to)
			return true;
	return false;
}

/* Words that name no data. */
static const char *const not_data[] = {
	"int", "char", "short", "long", "unsigned", "signed", "void", "float",
	"double", "const", "volatile", "register", "static", "struct", "union",
	"enum", "sizeof", "return", "if", "else", "while", "for", "do",
	"switch", "case", "default", "break", "continue", "goto", "asm",
	"__asm__", "__volatile__", "typeof", "__typeof__",
};

/*
 * Is identifier i data that other files' code may share: reached through
 * a pointer (after "->"), a variable of the file's that is not static, or
 * one the file does not declare (the kernel's: jiffies, nr_threads)?
 */
static bool shared_data(struct porter *pt, size_t i)
{
	const struct decl *d;
	size_t p = sh_prev(pt, i);

	if (sh_op(pt, p, "->"))
		return true;
	if (after_member_op(pt->buf, pt->tl, i) ||
	    sh_op(pt, sh_next(pt, i), "(") || sh_op(pt, sh_next(pt, i), ":") ||
	    all_caps(pt, i) ||
	    TOKEN_IN(pt->buf, &pt->tl->tok[i], not_data) ||
	    sh_ident(pt, p, "struct") || sh_ident(pt, p, "union") ||
	    sh_ident(pt, p, "enum") || sh_ident(pt, p, "goto"))
		return false;
	d = file_decl(pt, pt->buf + pt->tl->tok[i].pos, pt->tl->tok[i].len);
	if (d)
		return d->is_extern ||
		       static_of(pt->buf, pt->tl, d->name) == SCAN_NONE;
	return sh_decl_before(pt, i, i) == SCAN_NONE;
}

/*
 * The first token in (from, to) that a spinlock of the file cannot stand
 * for: a call that may sleep, or data other files may share; or
 * SCAN_NONE.
 */
static size_t may_sleep(const struct ctx *c, size_t from, size_t to,
			int depth)
{
	struct porter *pt = c->pt;
	struct sh_fn fn;
	size_t i;

	for (i = sh_next(pt, from); i != SCAN_NONE && i < to;
	     i = sh_next(pt, i)) {
		if (sh_is_ident(pt, i) && shared_data(pt, i))
			return i;
		if (!sh_is_ident(pt, i) || !is_call(pt->buf, pt->tl, i) ||
		    TOKEN_IN(pt->buf, &pt->tl->tok[i], atomic_ok) ||
		    all_caps(pt, i))
			continue;
		if (sh_ident(pt, i, "restore_flags") || sh_ident(pt, i, "sti") ||
		    sh_ident(pt, i, "cli") || sh_ident(pt, i, "save_flags"))
			continue;
		if (depth == MAX_DEPTH || !sh_find_def(pt, i, &fn) ||
		    has_section(c, fn.body, fn.end) ||
		    may_sleep(c, fn.body, fn.end, depth + 1) != SCAN_NONE)
			return i;
	}
	return SCAN_NONE;
}

/* Why the file is not converted, or NULL. */
static const char *unsafe(struct ctx *c, char **msg)
{
	const char *why = sections(c);
	size_t k, i;

	if (why)
		return why;
	if (c->pt->header)
		return "in a header, each file that includes it would get a lock of its own";
	for (k = 0; k < c->n; k++)
		if (c->h[k].word >= W_REQUEST_IRQ &&
		    !(c->h[k].flags & H_DEAD) &&
		    !is_member_name(c->pt->buf, c->pt->tl, c->h[k].tok)) {
			*msg = porter_printf(c->pt, "the file has code that runs in interrupt or bottom-half context (%.*s), which the global lock kept out of these sections on every CPU: that code must take the driver's spinlock too",
					     SH_TOK(c->pt, c->h[k].tok));
			return *msg;
		}
	for (k = 0; k < c->nr; k++) {
		i = may_sleep(c, c->s[k].open, c->s[k].close, 0);
		if (i != SCAN_NONE && !is_call(c->pt->buf, c->pt->tl, i)) {
			*msg = porter_printf(c->pt, "a section reaches %.*s, data that other files' code may share (through a pointer, not static, or not the file's), which the global lock guarded from their interrupt handlers too",
					     SH_TOK(c->pt, i));
			return *msg;
		}
		if (i != SCAN_NONE) {
			*msg = porter_printf(c->pt, "a section calls %.*s(), which may sleep or take the section again, where a spinlock cannot",
					     SH_TOK(c->pt, i));
			return *msg;
		}
	}
	return NULL;
}

static void report(struct target *tg, const struct ctx *c, const char *why)
{
	char *msg;
	size_t k;

	msg = porter_printf(c->pt, "the global interrupt lock is gone since 2.5: a spinlock of the driver's own, taken where it took cli() and in its interrupt handler (not converted: %s)", why);
	for (k = 0; msg && k < c->n; k++)
		if (c->h[k].word < W_REQUEST_IRQ &&
		    legacy_call(c->pt, c->h, c->n, k))
			target_finding(tg, c->pt->tl->tok[c->h[k].tok].pos,
				       R_CLI_STI, false, msg);
	free(msg);
}

/* The edit of hit k's call (and of a cli() after save_flags()). */
static void convert(struct ctx *c, size_t k, const char *lock)
{
	struct porter *pt = c->pt;
	size_t open, close, end;
	const char *fn;
	char *text;

	call_parens(pt->buf, pt->tl, c->h[k].tok, &open, &close);
	end = tok_end(&pt->tl->tok[close]);
	switch (c->h[k].word) {
	case W_SAVE:
		fn = "spin_lock_irqsave";
		call_parens(pt->buf, pt->tl, c->h[k + 1].tok, &open, &end);
		end = tok_end(&pt->tl->tok[end]);
		call_parens(pt->buf, pt->tl, c->h[k].tok, &open, &close);
		break;
	case W_RESTORE:
		fn = "spin_unlock_irqrestore";
		break;
	case W_CLI:
		fn = "spin_lock_irq";
		break;
	default:
		fn = "spin_unlock_irq";
	}
	text = porter_printf(pt, "%s(&%s%s%.*s)", fn, lock,
			     c->h[k].word == W_SAVE || c->h[k].word == W_RESTORE ?
			     ", " : "",
			     (int)(pt->tl->tok[close].pos -
				   tok_end(&pt->tl->tok[open])),
			     pt->buf + tok_end(&pt->tl->tok[open]));
	if (text)
		add_edit(pt, pt->tl->tok[c->h[k].tok].pos,
			 end - pt->tl->tok[c->h[k].tok].pos, text);
	free(text);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .h = h, .n = n };
	char *name = NULL, *msg = NULL, *def;
	const char *why;
	struct target tg;
	bool fixed = false;
	size_t k;

	target_init(&tg, pt);
	why = unsafe(&c, &msg);
	if (!c.nr && !why)
		return;
	if (!why && !(name = file_own_name(pt, "lock")))
		why = "the file already has a name NAME_lock";
	if (why) {
		report(&tg, &c, why);
		free(msg);
		return;
	}
	for (k = 0; k < n; k++) {
		if (h[k].word >= W_REQUEST_IRQ || !legacy_call(pt, h, n, k) ||
		    !target_finding(&tg, pt->tl->tok[h[k].tok].pos, R_CLI_STI, true,
				    "the global interrupt lock is gone since 2.5: the driver's own spinlock, with interrupts off, as Documentation/cli-sti-removal.txt asked (no code of the file runs in interrupt or bottom-half context, and its sections neither sleep nor nest)"))
			continue;
		fixed = true;
		convert(&c, k, name);
		if (h[k].word == W_SAVE)
			k++;	/* its cli() */
	}
	def = fixed ? porter_printf(pt, "static DEFINE_SPINLOCK(%s);%s", name,
				    pt->eol) : NULL;
	if (def)
		add_after_includes(pt, "<linux/spinlock.h>", def);
	free(def);
	free(name);
}

static const struct family clisti = {
	.name = "clisti", .rules = rules, .words = words, .run = run,
};
FAMILY(clisti)
