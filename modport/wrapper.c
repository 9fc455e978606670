// SPDX-License-Identifier: GPL-2.0
/*
 * wrapper.c: the module-wrapper rule.  Most 2.4 drivers end with
 *
 *	#ifdef MODULE
 *	int init_module(void) { return foo_init(); }
 *	void cleanup_module(void) { foo_cleanup(); }
 *	#endif
 *
 * When a wrapper is such a pure forward to a function defined in the file,
 * it becomes module_init(foo_init); / module_exit(foo_cleanup); in its
 * place, so the directives around it stay as they were (balanced).
 * Anything else is left to the article's rename (rules.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "porter.h"

static const char *const old_name[ENTRY_KINDS] = {
	"init_module", "cleanup_module"
};
static const char *const macro[ENTRY_KINDS] = { "module_init", "module_exit" };
static const char *const ret_type[ENTRY_KINDS] = { "int", "void" };

/* The raw token after i, or SCAN_NONE if it is a comment or directive. */
static size_t next_plain(const struct token_list *tl, size_t i)
{
	const struct token *t = &tl->tok[i + 1];

	if (t->type == TOKEN_COMMENT || (t->flags & TF_PP))
		return SCAN_NONE;
	return i + 1;
}

/* Tokens i.. spell the sequence ops/idents in want ('I': any ident). */
static size_t match_seq(const char *buf, const struct token_list *tl,
			size_t i, const char *want, size_t *ident)
{
	for (; *want; want++) {
		const struct token *t;

		i = next_plain(tl, i);
		if (i == SCAN_NONE)
			return SCAN_NONE;
		t = &tl->tok[i];
		if (*want == 'I' && t->type == TOKEN_IDENT)
			*ident = i;
		else if (*want == 'R' ? !match_ident(buf, t, "return") :
			 *want == 'I' || !match_op(buf, t, *want))
			return SCAN_NONE;
	}
	return i;
}

/* The forward target of a definition's body, or SCAN_NONE. */
static size_t forward_target(const struct porter *pt, int kind,
			     const struct entry_decl *d)
{
	const struct token_list *tl = pt->tl;
	size_t open = next_code(tl, d->rparen), target = SCAN_NONE, end;

	if (open >= d->close || next_plain(tl, d->rparen) != open ||
	    !match_op(pt->buf, &tl->tok[open], '{'))
		return SCAN_NONE;
	end = match_seq(pt->buf, tl, open,
			kind == ENTRY_INIT ? "RI();}" : "I();}", &target);
	return end == d->close ? target : SCAN_NONE;
}

/* Live uses of the name (the #if 0 groups aside). */
static size_t count_ident(const struct porter *pt, const struct token *name)
{
	const struct token *t;
	size_t n = 0;

	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_IDENT && t->len == name->len &&
		    !memcmp(pt->buf + t->pos, pt->buf + name->pos, t->len) &&
		    !scan_is_dead(&pt->sc, (size_t)(t - pt->tl->tok)))
			n++;
	return n;
}

/* Is the target defined in the file with the right return type? */
static bool defined_here(const struct porter *pt, int kind, size_t target)
{
	const struct token_list *tl = pt->tl;
	const struct token *name = &tl->tok[target];
	size_t i, p;

	for (i = 1; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if (i == target || t->type != TOKEN_IDENT || t->len != name->len ||
		    memcmp(pt->buf + t->pos, pt->buf + name->pos, t->len) ||
		    !match_op(pt->buf, &tl->tok[next_code(tl, i)], '('))
			continue;
		for (p = i - 1; p > 0 && (tl->tok[p].type == TOKEN_COMMENT ||
		     match_ident(pt->buf, &tl->tok[p], "__init") ||
		     match_ident(pt->buf, &tl->tok[p], "__exit")); p--)
			;
		if (match_ident(pt->buf, &tl->tok[p], ret_type[kind]))
			return true;
	}
	return false;
}

/*
 * 1 if the kind's only definition is a pure forward and was replaced by
 * its registration, 0 if not, or -ENOMEM.
 */
int rule_wrapper(struct porter *pt, int kind)
{
	const struct entry *e = &pt->sc.entry[kind];
	const struct entry_decl *d = &e->decl[0];
	const struct token *tok = pt->tl->tok;
	size_t target;
	size_t end;
	int n;

	if (e->nr_decls != 1 || e->nr_defs != 1 ||
	    count_ident(pt, &tok[d->name]) != 1 ||
	    pt->nr_reg == 2 * SCAN_MAX_DECLS)
		return 0;
	target = forward_target(pt, kind, d);
	if (target == SCAN_NONE || !defined_here(pt, kind, target))
		return 0;
	n = (int)tok[target].len;
	if (add_finding(pt, tok[d->name].pos, "module-wrapper", SEV_WARNING,
			true,
			"%s() only forwards to %.*s(): objtool rejects the magic name on IBT kernels (6.15+); register %.*s() with %s() instead",
			old_name[kind], n, pt->buf + tok[target].pos, n,
			pt->buf + tok[target].pos, macro[kind]))
		return -ENOMEM;
	end = d->close;
	if (match_op(pt->buf, &tok[next_code(pt->tl, end)], ';'))
		end = next_code(pt->tl, end);	/* "};": the ';' goes too */
	pt->reg_pos[pt->nr_reg] = tok[d->decl].pos;
	pt->reg_del[pt->nr_reg] = tok_end(&tok[end]) - tok[d->decl].pos;
	snprintf(pt->reg_text[pt->nr_reg++], sizeof(pt->reg_text[0]),
		 "%s(%.*s);", macro[kind], n, pt->buf + tok[target].pos);
	pt->wrapped[kind] = true;
	return 1;
}
