// SPDX-License-Identifier: GPL-2.0
/*
 * fops.c: struct file_operations across kernels, as the target asks
 * (target.h).
 *
 *	fops-ioctl		.ioctl = f in a struct file_operations ->
 *				.unlocked_ioctl = f; f's definition and
 *				prototypes - the old signature, int f(struct
 *				inode *, struct file *, unsigned int, unsigned
 *				long) - lose the inode and return long; a body
 *				that uses the inode gets it from file_inode()
 *	create-proc-entry	e = create_proc_entry(n, m, p);
 *				if (e) e->proc_fops = &f; ->
 *				e = proc_create(n, m, p, &f);
 *				(create_proc_read_entry(): procread.c)
 *	proc-ops		that f, a struct file_operations of the file
 *				used for /proc only -> struct proc_ops, its
 *				members renamed proc_*, .owner gone
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"

enum {
	W_IOCTL, W_INODE, W_BDOPS, W_CREATE_PROC_ENTRY,
};

static const char *const words[] = {
	[W_IOCTL] = "ioctl",
	[W_INODE] = "inode",
	[W_BDOPS] = "block_device_operations",
	[W_CREATE_PROC_ENTRY] = "create_proc_entry",
	NULL
};

static const enum rule_id rules[] = {
	R_FOPS_IOCTL, R_CREATE_PROC_ENTRY, R_PROC_OPS, NR_RULES
};

struct ctx {
	struct porter *pt;
	const struct token_list *tl;
	const struct token *tok;
	const char *buf;
	struct target tg;
	bool block;	/* block_device_operations: its .ioctl had the same shape */
	size_t *kept;	/* old ioctl functions left as they are: their names */
	size_t nr_kept, alloc_kept;
	size_t *members;	/* the f of each file_operations' .ioctl = f */
	size_t nr_members, alloc_members;
};

static bool op(const struct ctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && c->tok[i].type == TOKEN_SPECIAL &&
	       token_is(c->buf, &c->tok[i], s);
}

static bool ident(const struct ctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && match_ident(c->buf, &c->tok[i], s);
}

static bool same(const struct ctx *c, size_t i, size_t j)
{
	return c->tok[i].type == TOKEN_IDENT && c->tok[j].type == TOKEN_IDENT &&
	       c->tok[i].len == c->tok[j].len &&
	       !memcmp(c->buf + c->tok[i].pos, c->buf + c->tok[j].pos,
		       c->tok[i].len);
}

static size_t next(const struct ctx *c, size_t i)
{
	return next_code(c->tl, i);
}

static size_t prev(const struct ctx *c, size_t i)
{
	return code_before(c->tl, i);
}


/* Was the old ioctl function named by token f left as it is? */
static bool kept(const struct ctx *c, size_t f)
{
	size_t k;

	for (k = 0; k < c->nr_kept; k++)
		if (same(c, c->kept[k], f))
			return true;
	return false;
}

/*
 * Is token i the member of ".ioctl =" (or GNU "ioctl:", which
 * gnu-initializer rewrites around the name) in a struct file_operations?
 */
static bool fops_member(const struct ctx *c, size_t i)
{
	size_t p = prev(c, i);
	bool designated = op(c, p, ".") && op(c, next(c, i), "=");
	bool gnu = (op(c, p, "{") || op(c, p, ",")) && op(c, next(c, i), ":");

	return (designated || gnu) &&
	       initializer_of(c->buf, c->tl, i, "file_operations") != SCAN_NONE;
}

/* .ioctl = f, in a struct file_operations */
static void member_ioctl(struct ctx *c, size_t i)
{
	size_t f = next(c, next(c, i));

	if (target_finding(&c->tg, c->tok[i].pos, R_FOPS_IOCTL, !kept(c, f),
			   kept(c, f) ?
			   "file_operations has no .ioctl since 2.6.36: .unlocked_ioctl, once its function (left as it is, see there) has the new signature" :
			   "file_operations has no .ioctl since 2.6.36: .unlocked_ioctl, long f(struct file *, unsigned int, unsigned long), called without the big kernel lock (the driver's own locks must cover it)"))
		add_edit(c->pt, c->tok[i].pos, c->tok[i].len, "unlocked_ioctl");
}

/*
 * The code tokens of [from, to) are the words of want ("*" an operator),
 * then at most one identifier, stored in *name (else SCAN_NONE).
 */
static bool param_is(const struct ctx *c, size_t from, size_t to,
		     const char *const *want, size_t *name)
{
	size_t i = from;

	for (; *want; want++, i = next(c, i)) {
		if (i >= to || !(op(c, i, *want) || ident(c, i, *want)))
			return false;
	}
	*name = SCAN_NONE;
	if (i < to && c->tok[i].type == TOKEN_IDENT) {
		*name = i;
		i = next(c, i);
	}
	return i >= to;
}

/* Is identifier name used in the tokens (from, to), not as a member? */
static bool uses(const struct ctx *c, size_t name, size_t from, size_t to)
{
	size_t i;

	for (i = next(c, from); i < to; i = next(c, i))
		if (same(c, i, name) && !after_member_op(c->buf, c->tl, i))
			return true;
	return false;
}

/* Is the line after token i blank (a blank line after the declarations)? */
static bool blank_after(const struct ctx *c, size_t i)
{
	size_t at = after_eol(c->buf, c->pt->len, tok_end(&c->tok[i]));

	while (at < c->pt->len && (c->buf[at] == ' ' || c->buf[at] == '\t' ||
				   c->buf[at] == '\r'))
		at++;
	return at >= c->pt->len || c->buf[at] == '\n';
}

/* A function with the old .ioctl signature, at the top level. */
struct old_fn {
	size_t name, ret, s, next;	/* s: "struct" of the inode; next: the file */
	size_t body;			/* its '{', or SCAN_NONE: a prototype */
	size_t inode, file;		/* parameter names, or SCAN_NONE */
};

/*
 * int f(struct inode *i, struct file *f, unsigned int c, unsigned long a)
 * at the top level, with the struct token of the inode at s.
 */
static bool old_ioctl_shape(const struct ctx *c, size_t s, struct old_fn *fn)
{
	static const char *const p_inode[] = { "struct", "inode", "*", NULL };
	static const char *const p_file[] = { "struct", "file", "*", NULL };
	static const char *const p_uint[] = { "unsigned", "int", NULL };
	static const char *const p_unsigned[] = { "unsigned", NULL };
	static const char *const p_ulong[] = { "unsigned", "long", NULL };
	size_t open = prev(c, s), close, comma[3], x, after;

	fn->s = s;
	fn->name = op(c, open, "(") ? prev(c, open) : SCAN_NONE;
	fn->ret = fn->name == SCAN_NONE ? SCAN_NONE : prev(c, fn->name);
	if (!ident(c, fn->ret, "int") || c->tok[fn->name].type != TOKEN_IDENT)
		return false;
	close = match_close(c->buf, c->tl, open, '(', ')');
	if (close == SCAN_NONE ||
	    call_args(c->buf, c->tl, open, close, comma, 3) != 3 ||
	    !param_is(c, s, comma[0], p_inode, &fn->inode) ||
	    !param_is(c, next(c, comma[0]), comma[1], p_file, &fn->file) ||
	    !(param_is(c, next(c, comma[1]), comma[2], p_uint, &x) ||
	      param_is(c, next(c, comma[1]), comma[2], p_unsigned, &x)) ||
	    !param_is(c, next(c, comma[2]), close, p_ulong, &x))
		return false;
	fn->next = next(c, comma[0]);
	after = next(c, close);
	fn->body = op(c, after, "{") ? after : SCAN_NONE;
	return fn->body != SCAN_NONE || op(c, after, ";");
}

/* Is the function named by token f called in the file (not declared)? */
static bool called(const struct ctx *c, size_t f)
{
	size_t i;

	for (i = 0; c->tok[i].type != TOKEN_EOF; i = next(c, i)) {
		size_t p = prev(c, i);

		if (same(c, i, f) && op(c, next(c, i), "(") &&
		    !(p != SCAN_NONE && (c->tok[p].type == TOKEN_IDENT ||
					 op(c, p, "*"))))
			return true;	/* after a type it is declared */
	}
	return false;
}

/*
 * Is fn a file_operations .ioctl?  It is one of the file's, or the file
 * defines it for another file (not static, not called here), or declares
 * it for other files.  Modern code keeps that signature for helpers that
 * are static and called (vme_user, autofs): those are not.
 */
static bool is_fops_ioctl(const struct ctx *c, const struct old_fn *fns,
			  size_t nr, const struct old_fn *fn)
{
	size_t k;

	for (k = 0; k < c->nr_members; k++)
		if (same(c, c->members[k], fn->name))
			return true;
	for (k = 0; k < nr; k++) {
		const struct old_fn *d = &fns[k];

		if (d->body != SCAN_NONE && same(c, d->name, fn->name))
			return !ident(c, prev(c, d->ret), "static") &&
			       !called(c, fn->name);
	}
	return !called(c, fn->name);
}

/* fn, an old .ioctl: it returns long and loses the inode. */
static void old_ioctl(struct ctx *c, const struct old_fn *fn)
{
	size_t body = fn->body;
	char *text;
	bool fix;
	size_t end = body == SCAN_NONE ? SCAN_NONE :
		     match_close(c->buf, c->tl, body, '{', '}');

	if (body != SCAN_NONE && end != SCAN_NONE &&
	    (fn->inode == SCAN_NONE || !uses(c, fn->inode, body, end)))
		body = SCAN_NONE;	/* the inode is not used */
	fix = !c->block && (body == SCAN_NONE ||
			    (fn->file != SCAN_NONE && end != SCAN_NONE &&
			     target_from(&c->tg, KV(2, 6, 20))));
	if (!fix || target_need(&c->tg, R_FOPS_IOCTL) != NEED_FIX) {
		if (GROW(c->pt, c->kept, c->nr_kept, c->alloc_kept))
			return;
		c->kept[c->nr_kept++] = fn->name;
	}
	if (!target_finding(&c->tg, c->tok[fn->name].pos, R_FOPS_IOCTL, fix,
			    c->block ? "the signature of file_operations' .ioctl, gone since 2.6.36, in a file with block_device_operations (whose .ioctl takes a struct block_device * since 2.6.28)" :
			    body == SCAN_NONE ?
			    "the signature of file_operations' .ioctl, gone since 2.6.36: as .unlocked_ioctl it returns long and takes no inode" :
			    "the signature of file_operations' .ioctl, gone since 2.6.36: as .unlocked_ioctl it returns long and takes no inode; the body gets it from the file (file_inode() since 3.9, f_path.dentry->d_inode since 2.6.20)"))
		return;
	add_edit(c->pt, c->tok[fn->ret].pos, c->tok[fn->ret].len, "long");
	add_edit(c->pt, c->tok[fn->s].pos, c->tok[fn->next].pos - c->tok[fn->s].pos, "");
	if (body == SCAN_NONE)
		return;
	text = porter_printf(c->pt, target_from(&c->tg, KV(3, 9, 0)) ?
			     "%s\tstruct inode *%.*s = file_inode(%.*s);%s" :
			     "%s\tstruct inode *%.*s = %.*s->f_path.dentry->d_inode;%s",
			     c->pt->eol, (int)c->tok[fn->inode].len,
			     c->buf + c->tok[fn->inode].pos, (int)c->tok[fn->file].len,
			     c->buf + c->tok[fn->file].pos,
			     blank_after(c, body) ? "" : c->pt->eol);
	if (!text)
		return;
	add_edit(c->pt, tok_end(&c->tok[body]), 0, text);
	free(text);
}

/* Every function of the file with the old signature, decided together. */
static void old_ioctls(struct ctx *c, const struct hit *h, size_t n)
{
	struct old_fn *fns = NULL;
	size_t nr = 0, alloc = 0, k;

	for (k = 0; k < n; k++) {
		size_t s = prev(c, h[k].tok);

		if (h[k].word != W_INODE || (h[k].flags & (H_DEAD | H_PP)) ||
		    h[k].depth || !ident(c, s, "struct") ||
		    !op(c, prev(c, s), "(") || GROW(c->pt, fns, nr, alloc))
			continue;
		if (old_ioctl_shape(c, s, &fns[nr]))
			nr++;
	}
	for (k = 0; k < nr; k++)
		if (is_fops_ioctl(c, fns, nr, &fns[k]))
			old_ioctl(c, &fns[k]);
	free(fns);
}

/* Token i, and then the tokens of want in order ("" an identifier). */
static size_t expect(const struct ctx *c, size_t i, const char *const *want,
		     size_t *ids, size_t nr_ids)
{
	return expect_tokens(c->buf, c->tl, i, want, ids, nr_ids);
}

/*
 * After "e = create_proc_entry(...);" at semi: "if (e) e->proc_fops = &f;",
 * with or without braces or the if.  Returns the last token, f in *fops.
 */
static size_t proc_fops_set(const struct ctx *c, size_t semi, size_t e,
			    size_t *fops)
{
	static const char *const plain[] = { "", "->", "proc_fops", "=", "&", "", ";", NULL };
	static const char *const guarded[] = { "if", "(", "", ")", "", "->", "proc_fops", "=", "&", "", ";", NULL };
	static const char *const braced[] = { "if", "(", "", ")", "{", "", "->", "proc_fops", "=", "&", "", ";", "}", NULL };
	size_t id[3], end;

	end = expect(c, semi, plain, id, 3);
	if (end != SCAN_NONE && same(c, id[0], e)) {
		*fops = id[1];
		return end;
	}
	end = expect(c, semi, guarded, id, 3);
	if (end == SCAN_NONE)
		end = expect(c, semi, braced, id, 3);
	if (end == SCAN_NONE || !same(c, id[0], e) || !same(c, id[1], e))
		return SCAN_NONE;
	*fops = id[2];
	return end;
}

/* The definition "struct file_operations f = {" of the file: its '{'. */
static size_t fops_definition(const struct ctx *c, size_t f, size_t *others)
{
	size_t i, brace = SCAN_NONE;

	*others = 0;
	for (i = 0; c->tok[i].type != TOKEN_EOF; i = next(c, i)) {
		if (i == f || !same(c, i, f))
			continue;
		if (brace == SCAN_NONE && op(c, next(c, i), "=") &&
		    op(c, next(c, next(c, i)), "{") &&
		    ident(c, prev(c, i), "file_operations") &&
		    ident(c, prev(c, prev(c, i)), "struct"))
			brace = next(c, next(c, i));
		else
			(*others)++;
	}
	return brace;
}

static const char *proc_member(const struct ctx *c, size_t m)
{
	static const char *const map[][2] = {
		{ "open", "proc_open" }, { "read", "proc_read" },
		{ "read_iter", "proc_read_iter" }, { "write", "proc_write" },
		{ "llseek", "proc_lseek" }, { "release", "proc_release" },
		{ "poll", "proc_poll" }, { "unlocked_ioctl", "proc_ioctl" },
		{ "compat_ioctl", "proc_compat_ioctl" }, { "mmap", "proc_mmap" },
		{ "get_unmapped_area", "proc_get_unmapped_area" },
		{ "owner", "" },
	};
	size_t k;

	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (ident(c, m, map[k][0]))
			return map[k][1];
	return NULL;
}

/*
 * The members of the initializer at brace, one by one: each ".m =" has a
 * proc_ops name.  With edit, rename them (.owner goes).
 */
static bool proc_members(struct ctx *c, size_t brace, bool edit)
{
	size_t end = match_close(c->buf, c->tl, brace, '{', '}'), i, m, v, to;
	const char *to_name;

	if (end == SCAN_NONE)
		return false;
	for (i = next(c, brace); i < end; i = next(c, to)) {
		m = next(c, i);
		if (!op(c, i, ".") || !op(c, next(c, m), "=") ||
		    !(to_name = proc_member(c, m)))
			return false;
		for (v = next(c, m), to = v; to < end && !op(c, to, ","); to = next(c, to))
			if (op(c, to, "(") || op(c, to, "{"))
				return false;	/* a plain value only */
		if (!edit)
			continue;
		if (*to_name)
			add_edit(c->pt, c->tok[m].pos, c->tok[m].len, to_name);
		else if (to < end)
			delete_line_range(c->pt, c->tok[i].pos, tok_end(&c->tok[to]));
		else
			delete_line_range(c->pt, c->tok[i].pos, c->tok[prev(c, to)].pos +
					  c->tok[prev(c, to)].len);
		if (to >= end)
			break;
	}
	return true;
}

/* f, given to proc_create(): a struct proc_ops since 5.6. */
static void proc_ops(struct ctx *c, size_t f)
{
	size_t others, brace = fops_definition(c, f, &others), type;
	bool fix = brace != SCAN_NONE && !others && proc_members(c, brace, false);

	if (!target_finding(&c->tg, c->tok[f].pos, R_PROC_OPS, fix, fix ?
			    "proc_create() takes a struct proc_ops since 5.6: the file_operations becomes one, its members proc_*, .owner gone" :
			    brace == SCAN_NONE ?
			    "proc_create() takes a struct proc_ops since 5.6, and this file_operations is not defined here: make it a struct proc_ops (members proc_*, no .owner)" :
			    "proc_create() takes a struct proc_ops since 5.6: this file_operations is used elsewhere too, or has members proc_ops lacks; give /proc a struct proc_ops of its own"))
		return;
	type = prev(c, prev(c, prev(c, brace)));	/* file_operations name = { */
	add_edit(c->pt, c->tok[type].pos, c->tok[type].len, "proc_ops");
	proc_members(c, brace, true);
}

/* e = create_proc_entry(name, mode, parent); then e->proc_fops = &f; */
static void create_proc_entry(struct ctx *c, size_t i)
{
	size_t open, close, comma[2], eq = prev(c, i), e, before, semi, end, f;

	e = op(c, eq, "=") ? prev(c, eq) : SCAN_NONE;
	before = e == SCAN_NONE ? SCAN_NONE : prev(c, e);
	if (!call_parens(c->buf, c->tl, i, &open, &close) ||
	    call_args(c->buf, c->tl, open, close, comma, 2) != 2 ||
	    e == SCAN_NONE || c->tok[e].type != TOKEN_IDENT ||
	    !(op(c, before, ";") || op(c, before, "{") || op(c, before, "}")) ||
	    !op(c, (semi = next(c, close)), ";") ||
	    (end = proc_fops_set(c, semi, e, &f)) == SCAN_NONE) {
		target_finding(&c->tg, c->tok[i].pos, R_CREATE_PROC_ENTRY, false,
			       "create_proc_entry() is gone since 3.10: proc_create(name, mode, parent, &proc_ops) (struct proc_ops since 5.6), or proc_create_seq()/proc_create_single() for a seq_file");
		return;
	}
	if (!target_finding(&c->tg, c->tok[i].pos, R_CREATE_PROC_ENTRY, true,
			    "create_proc_entry() is gone since 3.10: proc_create(name, mode, parent, &fops) creates the entry with its operations"))
		return;
	add_edit(c->pt, c->tok[i].pos, c->tok[i].len, "proc_create");
	{
		char *text = porter_printf(c->pt, ", &%.*s", (int)c->tok[f].len,
					   c->buf + c->tok[f].pos);

		if (!text)
			return;
		add_edit(c->pt, c->tok[close].pos, 0, text);
		free(text);
	}
	delete_line_range(c->pt, c->tok[next(c, semi)].pos, tok_end(&c->tok[end]));
	proc_ops(c, f);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .tl = pt->tl, .tok = pt->tl->tok,
			 .buf = pt->buf };
	size_t k;

	target_init(&c.tg, pt);
	for (k = 0; k < n; k++)
		if (h[k].word == W_BDOPS && !(h[k].flags & H_DEAD))
			c.block = true;
	for (k = 0; k < n; k++) {
		if (h[k].word != W_IOCTL || (h[k].flags & (H_DEAD | H_PP)) ||
		    !fops_member(&c, h[k].tok) ||
		    GROW(pt, c.members, c.nr_members, c.alloc_members))
			continue;
		c.members[c.nr_members++] = next(&c, next(&c, h[k].tok));
	}
	/* The functions first: a member follows its function's fate. */
	old_ioctls(&c, h, n);
	for (k = 0; k < n; k++, h++) {
		if (h->flags & (H_DEAD | H_PP))
			continue;
		switch (h->word) {
		case W_IOCTL:
			if (fops_member(&c, h->tok))
				member_ioctl(&c, h->tok);
			break;
		case W_CREATE_PROC_ENTRY:
			if (is_call(c.buf, c.tl, h->tok))
				create_proc_entry(&c, h->tok);
			break;
		}
	}
	free(c.kept);
	free(c.members);
}

static const struct family fops = {
	.name = "fops", .rules = rules, .words = words, .run = run,
};
FAMILY(fops)
