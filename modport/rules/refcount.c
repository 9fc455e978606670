// SPDX-License-Identifier: GPL-2.0
/*
 * refcount.c: the module-refcount rule.  2.4 counted the users of another
 * module (a driver's owner, a protocol's, a filesystem's) by hand:
 *
 *	__MOD_INC_USE_COUNT(owner)	unconditional increment
 *	__MOD_DEC_USE_COUNT(owner)	decrement		-> module_put()
 *	try_inc_mod_count(owner)	increment unless unloading -> try_module_get()
 *	GET_USE_COUNT(owner)		the count		-> module_refcount()
 *
 * The last three mean what their 2.6 names mean (NULL included), so the
 * call is renamed.  __MOD_INC_USE_COUNT() has no faithful counterpart:
 * try_module_get() can fail while the module unloads, and its result must
 * be checked, so it is reported, and so is a use that is not a call
 * (EXPORT_SYMBOL(try_inc_mod_count)).  Live code and #define bodies are
 * looked at; a file that #defines, declares or defines the name itself
 * (2.4's <linux/module.h>, kernel/module.c) is the interface, and is left
 * alone.
 */
#include "../engine.h"

enum { W_INC, W_DEC, W_TRY, W_GET };

static const char *const words[] = {
	[W_INC] = "__MOD_INC_USE_COUNT",
	[W_DEC] = "__MOD_DEC_USE_COUNT",
	[W_TRY] = "try_inc_mod_count",
	[W_GET] = "GET_USE_COUNT",
	NULL
};

static const char *const new_name[] = {
	[W_DEC] = "module_put",
	[W_TRY] = "try_module_get",
	[W_GET] = "module_refcount",
};

static const char *const why[] = {
	[W_DEC] = "2.6 counts a module's users in the module core: module_put() drops the reference",
	[W_TRY] = "2.6's try_module_get() takes a reference unless the module is unloading, and says which",
	[W_GET] = "2.6 reads the count with module_refcount() (declared with CONFIG_MODULE_UNLOAD)",
};

static const enum rule_id rules[] = { R_MODULE_REFCOUNT, NR_RULES };

/* In live code, or in a #define body; not a member. */
static bool is_use(const struct porter *pt, const struct hit *h)
{
	bool pp = h->flags & H_PP;

	return (!pp || (h->flags & H_BODY)) && !(h->flags & H_DEAD) &&
	       !is_member_name(pt->buf, pt->tl, h->tok);
}

static bool hit_is_call(const struct porter *pt, const struct hit *h)
{
	const struct token_list *tl = pt->tl;
	size_t next = h->flags & H_PP ? pp_next(tl, h->tok) :
		      next_code(tl, h->tok);

	return next != SCAN_NONE && match_op(pt->buf, &tl->tok[next], '(');
}

/* NAME( at the top level after a type: a declaration or definition. */
static bool declares(const struct porter *pt, const struct hit *h)
{
	const struct token_list *tl = pt->tl;
	const struct token *p;

	if ((h->flags & H_PP) || h->depth || !hit_is_call(pt, h) || !h->tok)
		return false;
	p = &tl->tok[prev_code(tl, h->tok)];
	return match_op(pt->buf, p, '*') ||
	       (p->type == TOKEN_IDENT && !token_is(pt->buf, p, "return"));
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	unsigned int own = 0;
	size_t k;

	for (k = 0; k < n; k++)
		if (((h[k].flags & H_ARG) && h[k].kw == KW_DEFINE) ||
		    declares(pt, &h[k]))
			own |= 1u << h[k].word;
	for (k = 0; k < n; k++) {
		const struct token *t = &pt->tl->tok[h[k].tok];
		int w = h[k].word;

		if ((own & (1u << w)) || !is_use(pt, &h[k]))
			continue;
		if (!hit_is_call(pt, &h[k])) {
			add_finding(pt, t->pos, R_MODULE_REFCOUNT, SEV_WARNING,
				    false,
				    "%s is gone in 2.6 and is not called here; port it by hand",
				    words[w]);
			continue;
		}
		if (w == W_INC) {
			add_finding(pt, t->pos, R_MODULE_REFCOUNT, SEV_WARNING,
				    false,
				    "__MOD_INC_USE_COUNT() is gone in 2.6: take the reference with try_module_get(), whose result must be checked (it fails while the module unloads), or with __module_get() where one is already held; port it by hand");
			continue;
		}
		add_finding(pt, t->pos, R_MODULE_REFCOUNT, SEV_WARNING, true,
			    "%s() is gone in 2.6: %s; use %s()", words[w],
			    why[w], new_name[w]);
		add_edit(pt, t->pos, t->len, new_name[w]);
	}
}

static const struct family refcount = {
	.name = "refcount", .rules = rules, .words = words, .run = run,
};
FAMILY(refcount)
