// SPDX-License-Identifier: GPL-2.0
/*
 * usecount.c: the use-count rule.  2.4 modules counted their own users:
 *
 *	static int foo_open(struct inode *inode, struct file *file)
 *	{
 *		MOD_INC_USE_COUNT;
 *		...
 *
 * 2.6 counts them in the module core, through the owner of the
 * file_operations.  A MOD_INC_USE_COUNT; or MOD_DEC_USE_COUNT; statement is
 * removed (its whole line when alone on it); when it sits in a function
 * that a struct file_operations initializer of the file names as .open or
 * .release (or GNU open:/release:), that initializer gets
 * .owner = THIS_MODULE, unless it has an owner.  MOD_IN_USE and every other
 * use are reported for a person to decide.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine.h"


struct counts {
	size_t *func;			/* functions that lost a count */
	size_t nr_func, alloc_func;
	struct porter *pt;
	size_t cur;			/* the function of the hit */
	int depth;			/* the hit's brace depth */
};

static bool same_ident(const char *buf, const struct token *a,
		       const struct token *b)
{
	return a->type == TOKEN_IDENT && b->type == TOKEN_IDENT &&
	       a->len == b->len && !memcmp(buf + a->pos, buf + b->pos, a->len);
}

/* The name of the function whose body opens at top-level '{' i. */
static size_t function_name(const char *buf, const struct token_list *tl,
			    size_t i)
{
	int paren = 0;

	i = prev_code(tl, i);
	if (!match_op(buf, &tl->tok[i], ')'))
		return SCAN_NONE;
	for (; i > 0; i = prev_code(tl, i)) {
		if (match_op(buf, &tl->tok[i], ')'))
			paren++;
		else if (match_op(buf, &tl->tok[i], '(') && !--paren)
			break;
	}
	i = prev_code(tl, i);
	return tl->tok[i].type == TOKEN_IDENT ? i : SCAN_NONE;
}

static int review(struct porter *pt, size_t i, const char *what)
{
	const struct token *t = &pt->tl->tok[i];

	return add_finding(pt, t->pos, R_USE_COUNT, SEV_WARNING, false,
			   "%.*s %s; 2.6 counts a module's users itself (.owner = THIS_MODULE in its operations, try_module_get()/module_put() elsewhere): port it by hand",
			   (int)t->len, pt->buf + t->pos, what);
}

/* Why the statement at i..semi cannot simply go, or NULL. */
static const char *kept_because(struct porter *pt, size_t i, size_t semi)
{
	const struct token_list *tl = pt->tl;
	const struct token *p = &tl->tok[prev_code(tl, i)];

	if (match_op(pt->buf, p, ';') || match_op(pt->buf, p, '{') ||
	    match_op(pt->buf, p, '}'))
		return NULL;
	if (!match_op(pt->buf, p, ':'))
		return "is gone in 2.6 and is the body of an if, else or loop here";
	if (match_op(pt->buf, &tl->tok[next_code(tl, semi)], '}'))
		return "is gone in 2.6 and is all that follows a label here";
	return NULL;
}

static bool is_count(const char *buf, const struct token *t)
{
	return (match_ident(buf, t, "MOD_INC_USE_COUNT") ||
				match_ident(buf, t, "MOD_DEC_USE_COUNT"));
}

/* Assignment, increment and call tokens: the condition has side effects. */
static bool has_side_effects(const struct porter *pt, size_t lp, size_t rp)
{
	static const char *const ops[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
		">>=", "++", "--",
	};
	const struct token_list *tl = pt->tl;
	size_t j;

	for (j = next_code(tl, lp); j < rp; j = next_code(tl, j)) {
		const struct token *t = &tl->tok[j];

		if (t->type == TOKEN_IDENT &&
		    match_op(pt->buf, &tl->tok[next_code(tl, j)], '('))
			return true;
		if (t->type == TOKEN_SPECIAL && TOKEN_IN(pt->buf, t, ops))
			return true;
	}
	return false;
}

/* "else COUNT;" after semi: the second ';', or SCAN_NONE. */
static size_t else_count(const struct porter *pt, size_t semi)
{
	const struct token_list *tl = pt->tl;
	size_t e = next_code(tl, semi), c = next_code(tl, e);

	if (!match_ident(pt->buf, &tl->tok[e], "else") ||
	    !is_count(pt->buf, &tl->tok[c]) ||
	    !match_op(pt->buf, &tl->tok[next_code(tl, c)], ';'))
		return SCAN_NONE;
	return next_code(tl, c);
}

/*
 * The count at i..semi is the whole body of "if (cond)", cond without side
 * effects, the if a statement of its own, and either no else or "else
 * COUNT;": the if's token (*end: the statement's last ';').
 */
static size_t bare_if(const struct porter *pt, size_t i, size_t semi,
		      size_t *end)
{
	const struct token_list *tl = pt->tl;
	size_t rp = prev_code(tl, i), lp, before;

	*end = semi;
	if (match_ident(pt->buf, &tl->tok[next_code(tl, semi)], "else")) {
		*end = else_count(pt, semi);
		if (*end == SCAN_NONE)
			return SCAN_NONE;
	}
	if (!match_op(pt->buf, &tl->tok[rp], ')'))
		return SCAN_NONE;
	lp = match_open(pt->buf, tl, rp, '(', ')');
	if (lp == SCAN_NONE || lp == 0 ||
	    !match_ident(pt->buf, &tl->tok[prev_code(tl, lp)], "if"))
		return SCAN_NONE;
	before = prev_code(tl, prev_code(tl, lp));
	if (!match_op(pt->buf, &tl->tok[before], ';') &&
	    !match_op(pt->buf, &tl->tok[before], '{') &&
	    !match_op(pt->buf, &tl->tok[before], '}'))
		return SCAN_NONE;
	return has_side_effects(pt, lp, rp) ? SCAN_NONE : prev_code(tl, lp);
}

/* The count at i is "else COUNT;" of a bare if that bare_if() removes. */
static bool in_bare_else(const struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	size_t e = prev_code(tl, i), semi = prev_code(tl, e), end;

	return match_ident(pt->buf, &tl->tok[e], "else") &&
	       match_op(pt->buf, &tl->tok[semi], ';') &&
	       is_count(pt->buf, &tl->tok[prev_code(tl, semi)]) &&
	       bare_if(pt, prev_code(tl, semi), semi, &end) != SCAN_NONE;
}

static int remember(struct counts *c)
{
	size_t k;

	if (c->cur == SCAN_NONE)
		return 0;
	for (k = 0; k < c->nr_func; k++)
		if (c->func[k] == c->cur)
			return 0;
	if (!GROW(c->pt, c->func, c->nr_func, c->alloc_func))
		c->func[c->nr_func++] = c->cur;
	return 0;
}

/* MOD_INC_USE_COUNT / MOD_DEC_USE_COUNT at code token i. */
static int do_count(struct porter *pt, struct counts *c, size_t i)
{
	const struct token *tok = pt->tl->tok;
	size_t semi = next_code(pt->tl, i), start = SCAN_NONE, end;
	const char *why;

	if (!c->depth || !match_op(pt->buf, &tok[semi], ';'))
		return review(pt, i, "is gone in 2.6 and is not a plain statement here");
	why = kept_because(pt, i, semi);
	if (why && (in_bare_else(pt, i) ||
		    (start = bare_if(pt, i, semi, &end)) != SCAN_NONE)) {
		add_finding(pt, tok[i].pos, R_USE_COUNT, SEV_WARNING, true,
			    "%.*s is gone in 2.6 and is all that an if does here, whose condition has no side effects: the if goes with it",
			    (int)tok[i].len, pt->buf + tok[i].pos);
		remember(c);
		return start == SCAN_NONE ? 0 :
		       delete_line_range(pt, tok[start].pos,
					 tok_end(&tok[end]));
	}
	if (why)
		return review(pt, i, why);
	add_finding(pt, tok[i].pos, R_USE_COUNT, SEV_WARNING, true,
		    "%.*s is gone in 2.6: the module core counts users itself, through .owner = THIS_MODULE in the file_operations",
		    (int)tok[i].len, pt->buf + tok[i].pos);
	remember(c);
	return delete_line_range(pt, tok[i].pos, tok_end(&tok[semi]));
}

struct fops {
	size_t open;		/* '{' */
	bool owner, designated, names_func, lists_func;
};

static bool names_counted(const struct porter *pt, const struct counts *c,
			  size_t member, size_t value)
{
	const struct token *tok = pt->tl->tok;
	size_t k;

	if (!match_ident(pt->buf, &tok[member], "open") &&
	    !match_ident(pt->buf, &tok[member], "release"))
		return false;
	for (k = 0; k < c->nr_func; k++)
		if (same_ident(pt->buf, &tok[value], &tok[c->func[k]]))
			return true;
	return false;
}

/* One member at the initializer's level: .name = v or name: v. */
static void read_member(const struct porter *pt, const struct counts *c,
			size_t i, struct fops *f)
{
	const struct token_list *tl = pt->tl;
	size_t name = i, op, value;
	size_t k;

	for (k = 0; k < c->nr_func; k++)
		if (same_ident(pt->buf, &tl->tok[i], &tl->tok[c->func[k]]))
			f->lists_func = true;
	if (match_op(pt->buf, &tl->tok[i], '.')) {
		name = next_code(tl, i);
		op = next_code(tl, name);
		if (!match_op(pt->buf, &tl->tok[op], '='))
			return;
	} else {
		op = next_code(tl, name);
		if (!match_op(pt->buf, &tl->tok[op], ':'))
			return;
	}
	if (tl->tok[name].type != TOKEN_IDENT)
		return;
	f->designated = true;
	if (match_ident(pt->buf, &tl->tok[name], "owner"))
		f->owner = true;
	value = next_code(tl, op);
	if (names_counted(pt, c, name, value))
		f->names_func = true;
}

/* The initializer that opens at '{' i; returns its closing brace. */
static size_t read_fops(const struct porter *pt, const struct counts *c,
			size_t i, struct fops *f)
{
	const struct token_list *tl = pt->tl;
	int depth = 0;

	*f = (struct fops){ .open = i };
	for (; tl->tok[i].type != TOKEN_EOF; i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (match_op(pt->buf, t, '{') || match_op(pt->buf, t, '('))
			depth++;
		else if ((match_op(pt->buf, t, '}') ||
			  match_op(pt->buf, t, ')')) && !--depth)
			break;
		if (depth == 1 && (i == f->open ||
				   match_op(pt->buf, t, ',')))
			read_member(pt, c, next_code(tl, i), f);
	}
	return i;
}

/* .owner = THIS_MODULE, as the first member, in the members' layout. */
static int add_owner(struct porter *pt, const struct fops *f)
{
	const struct token *tok = pt->tl->tok;
	size_t first = next_code(pt->tl, f->open), start, n;
	char *text;
	int ret;

	add_finding(pt, tok[f->open].pos, R_USE_COUNT, SEV_WARNING, true,
		    "these file_operations open or release through a function that counted its users: set .owner = THIS_MODULE so that 2.6 counts them");
	start = line_start(pt->buf, tok[first].pos);
	if (start <= tok[f->open].pos)
		return add_edit(pt, tok_end(&tok[f->open]), 0,
				" .owner = THIS_MODULE,");
	n = strspn(pt->buf + start, " \t");
	text = porter_printf(pt, "%.*s.owner = THIS_MODULE,%s", (int)n,
			     pt->buf + start, pt->eol);
	if (!text)
		return pt->error;
	ret = add_edit(pt, start, 0, text);
	free(text);
	return ret;
}

/* struct file_operations NAME = { ... } at the ident file_operations. */
static int do_fops(struct porter *pt, const struct counts *c, size_t i)
{
	const struct token_list *tl = pt->tl;
	struct fops f;

	if (!match_ident(pt->buf, &tl->tok[prev_code(tl, i)], "struct"))
		return 0;
	do
		i = next_code(tl, i);
	while (tl->tok[i].type == TOKEN_IDENT);
	if (!match_op(pt->buf, &tl->tok[i], '='))
		return 0;
	i = next_code(tl, i);
	if (!match_op(pt->buf, &tl->tok[i], '{'))
		return 0;
	read_fops(pt, c, i, &f);
	if (!(f.names_func || (f.lists_func && !f.designated)) || f.owner ||
	    match_op(pt->buf, &tl->tok[next_code(tl, i)], '}'))
		return 0;
	if (f.designated)
		return add_owner(pt, &f);
	return add_finding(pt, tl->tok[i].pos, R_USE_COUNT, SEV_WARNING, false,
			   "these file_operations open or release through a function that counted its users, but list their members by position: rewrite them with designators and set .owner = THIS_MODULE by hand");
}

enum { W_MOD_IN_USE, W_INC, W_DEC, W_FOPS };

static const char *const words[] = {
	[W_MOD_IN_USE] = "MOD_IN_USE",
	[W_INC] = "MOD_INC_USE_COUNT",
	[W_DEC] = "MOD_DEC_USE_COUNT",
	[W_FOPS] = "file_operations",
	NULL
};

static const enum rule_id rules[] = { R_USE_COUNT, NR_RULES };

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct counts c = { .cur = SCAN_NONE, .pt = pt };
	size_t k;

	for (k = 0; k < n; k++) {
		bool pp = h[k].flags & H_PP;

		c.depth = h[k].depth;
		c.cur = h[k].func == SCAN_NONE ? SCAN_NONE :
			function_name(pt->buf, pt->tl, h[k].func);
		if (h[k].word == W_MOD_IN_USE)
			review(pt, h[k].tok, "is gone in 2.6 (module_refcount() reads the count, and a module is never unloaded while in use)");
		else if (h[k].word != W_FOPS && pp)
			review(pt, h[k].tok, "is gone in 2.6 and is used in a macro here");
		else if (h[k].word != W_FOPS)
			do_count(pt, &c, h[k].tok);
	}
	for (k = 0; c.nr_func && k < n; k++)
		if (h[k].word == W_FOPS && !(h[k].flags & H_PP))
			do_fops(pt, &c, h[k].tok);
	free(c.func);
}

static const struct family usecount = {
	.name = "usecount", .rules = rules, .words = words, .run = run,
};
FAMILY(usecount)
