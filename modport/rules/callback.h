/* SPDX-License-Identifier: GPL-2.0 */
/*
 * callback.h: what the timer, work and tasklet rules share.  Each turns a
 * callback that took a data word (void f(unsigned long data), void
 * f(void *data)) into one that takes the object that fired (struct
 * timer_list *, struct work_struct *, struct tasklet_struct *) and gets
 * its data back from it, as the kernel's own conversions did (2.6.20's
 * INIT_WORK, 4.15's timer_setup(), 5.9's tasklet_setup()):
 *
 *	the data was the object that holds the timer, work or tasklet:
 *		the container, with container_of() or its kind's macro
 *		(from_timer(), from_tasklet());
 *	the data was a constant (0, NULL, &a_global):
 *		the constant, written in the function;
 *	the callback never read its data:
 *		nothing; where the file also calls it directly with a
 *		constant data word, f(0), the call passes NULL, as the
 *		4.15 conversions did (void f(struct timer_list *unused),
 *		f(NULL)).
 *
 * Anything else (a data word that changes, a callback that is called with
 * other arguments or registered elsewhere too, a cast callback) is left to
 * a person, with the reason.
 */
#ifndef MODPORT_RULES_CALLBACK_H
#define MODPORT_RULES_CALLBACK_H

#include "../engine.h"
#include "../target.h"

struct cb_ctx {
	struct porter *pt;
	const struct token_list *tl;
	const struct token *tok;
	const char *buf;
	struct target tg;
};

void cb_init(struct cb_ctx *c, struct porter *pt);

size_t cb_next(const struct cb_ctx *c, size_t i);
size_t cb_prev(const struct cb_ctx *c, size_t i);
bool cb_op(const struct cb_ctx *c, size_t i, const char *s);
bool cb_ident(const struct cb_ctx *c, size_t i, const char *s);
bool cb_same(const struct cb_ctx *c, size_t i, size_t j);
/* The code tokens [a, a_end) and [b, b_end) spell the same. */
bool cb_same_range(const struct cb_ctx *c, size_t a, size_t a_end, size_t b,
		   size_t b_end);
/* The text of the code tokens [from, to), as written. */
char *cb_text(const struct cb_ctx *c, size_t from, size_t to);

/* A callback: its definition and prototypes in the file. */
struct cb_fn {
	size_t name;		/* the definition's name */
	size_t open, close;	/* its parameter list */
	size_t param;		/* the parameter's name, or SCAN_NONE */
	size_t body, end;	/* '{' and '}' */
	size_t proto[4];	/* each prototype's '(' */
	size_t nr_proto;
	size_t call[4];		/* direct calls f(CONSTANT): the constant */
	size_t nr_call;
};

/*
 * The definition of the function named by token f, "void f(TYPE x)" at the
 * top level with TYPE the words of type ("unsigned long", "void *"), its
 * prototypes, and f used nowhere but there and in uses other places (the
 * registrations being converted), or in direct calls f(0), f(NULL) (at
 * most 4) when the body never reads x: cb_convert() makes them f(NULL).
 * NULL, or why not.
 */
const char *cb_find(const struct cb_ctx *c, size_t f, const char *type,
		    size_t uses, struct cb_fn *fn);

/* How the callback gets its old data word back. */
struct cb_data {
	const char *old_type;	/* "unsigned long", "void *" */
	const char *param;	/* the new parameter's type: "struct timer_list *" */
	const char *pname;	/* its name, if free in the body: "t" */
	char *constant;		/* the data was this constant, or NULL */
	char *container;	/* the data was this struct ("struct foo"), or NULL */
	char *member;		/* the member that holds the object: "timer" */
	char *field;		/* the data sits in this member of the container */
	const char *macro;	/* from_timer-like macro(var, p, member), or NULL */
	bool macro_used;	/* cb_convert() wrote it */
};

/* Rewrite fn as d says.  0, or the sticky error. */
int cb_convert(struct cb_ctx *c, const struct cb_fn *fn, struct cb_data *d);
void cb_data_free(struct cb_data *d);

/*
 * The data argument [from, to), casts aside: a constant (0, NULL, a
 * number, &global for a global defined before token before) into
 * d->constant (the text as written), or the variable whose object holds
 * the registered object "&var->member", whose struct goes into
 * d->container.  what is [what_from, what_to): the registered object's
 * expression, "&x->timer".  NULL, or why not.
 */
const char *cb_data_of(struct cb_ctx *c, size_t from, size_t to,
		       size_t what_from, size_t what_to, size_t before,
		       struct cb_data *d);

/* The struct of variable v, declared "struct S *v" before token at: S's token. */
size_t cb_struct_of(const struct cb_ctx *c, size_t v, size_t at);

/* Token i is an identifier defined at the top level before token limit. */
bool cb_global_before(const struct cb_ctx *c, size_t i, size_t limit);

/* Is the identifier name anywhere in the file? */
bool cb_name_used(const struct cb_ctx *c, const char *name);

/* Delete the statement [from, to] (its line, when alone on it). */
void cb_delete(struct cb_ctx *c, size_t from, size_t to);

#endif
