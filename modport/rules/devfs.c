// SPDX-License-Identifier: GPL-2.0
/*
 * devfs.c: devfs, gone in 2.6.18 (its chrdev calls before 2.6.0).  As the
 * drivers were converted when devfs went:
 *
 *	devfs_register_chrdev(m, n, f)	-> register_chrdev(m, n, f)
 *	devfs_unregister_chrdev(m, n)	-> unregister_chrdev(m, n)
 *	h = devfs_register(...);	goes (the node is made by mknod,
 *	devfs_unregister(h);		or udev); so do devfs_mk_dir() and
 *	static devfs_handle_t h;	devfs_register_series() statements,
 *	#include <linux/devfs_fs_kernel.h>  the handles and the include
 *
 * A file is converted whole or not at all: every devfs name in it must be
 * one of these shapes - a call that is a statement of its own (not the
 * bare body of an if), whose handle is a plain variable declared at file
 * scope and used by devfs alone.  Otherwise each use is reported.
 */
#include <stdlib.h>

#include "../target.h"
#include "shape.h"

enum {
	W_REG_CHRDEV, W_UNREG_CHRDEV, W_REGISTER, W_UNREGISTER, W_MK_DIR,
	W_SERIES, W_HANDLE_T, W_HEADER,
};

static const char *const words[] = {
	[W_REG_CHRDEV] = "devfs_register_chrdev",
	[W_UNREG_CHRDEV] = "devfs_unregister_chrdev",
	[W_REGISTER] = "devfs_register",
	[W_UNREGISTER] = "devfs_unregister",
	[W_MK_DIR] = "devfs_mk_dir",
	[W_SERIES] = "devfs_register_series",
	[W_HANDLE_T] = "devfs_handle_t",
	[W_HEADER] = "<linux/devfs_fs_kernel.h>",
	NULL
};

static const enum rule_id rules[] = { R_DEVFS, NR_RULES };

#define MAX_EDITS 64

struct devfs {
	struct porter *pt;
	size_t del[MAX_EDITS][2];	/* token ranges that go */
	size_t nr;
	size_t handle[MAX_EDITS];	/* handle variables (a token each) */
	size_t nr_handles;
};

static bool add_del(struct devfs *d, size_t from, size_t to)
{
	if (d->nr == MAX_EDITS)
		return false;
	d->del[d->nr][0] = from;
	d->del[d->nr++][1] = to;
	return true;
}

static bool deleted(const struct devfs *d, size_t i)
{
	size_t k;

	for (k = 0; k < d->nr; k++)
		if (i >= d->del[k][0] && i <= d->del[k][1])
			return true;
	return false;
}

/* Does a statement start after token p (not the bare body of an if)? */
static bool statement_start(struct porter *pt, size_t p)
{
	return p == SCAN_NONE || sh_op(pt, p, ";") || sh_op(pt, p, "{") ||
	       sh_op(pt, p, "}");
}

static void add_handle(struct devfs *d, size_t h)
{
	size_t k;

	for (k = 0; k < d->nr_handles; k++)
		if (sh_same(d->pt, d->handle[k], h))
			return;
	if (d->nr_handles < MAX_EDITS)
		d->handle[d->nr_handles++] = h;
}

/* "[h =] devfs_x(...);" at the call i: its tokens go. */
static bool call_statement(struct devfs *d, size_t i, bool unregister)
{
	struct porter *pt = d->pt;
	size_t open, close, semi, p = sh_prev(pt, i), from = i, arg;

	if (!call_parens(pt->buf, pt->tl, i, &open, &close) ||
	    !sh_op(pt, (semi = sh_next(pt, close)), ";"))
		return false;
	if (sh_op(pt, p, "=")) {
		size_t h = sh_prev(pt, p);

		if (!sh_is_ident(pt, h) || !statement_start(pt, sh_prev(pt, h)))
			return false;
		add_handle(d, h);
		from = h;
	} else if (!statement_start(pt, p)) {
		return false;
	}
	arg = sh_next(pt, open);
	if (unregister) {
		if (!sh_is_ident(pt, arg) || sh_next(pt, arg) != close)
			return false;
		add_handle(d, arg);
	}
	return add_del(d, from, semi);
}

/* "[static] devfs_handle_t h [= NULL];" at the type t: its tokens go. */
static bool handle_decl(struct devfs *d, size_t t, const struct hit *h)
{
	struct porter *pt = d->pt;
	size_t from = t, name = sh_next(pt, t), end = sh_next(pt, name);

	if (h->depth || !sh_is_ident(pt, name))
		return false;
	if (sh_op(pt, end, "=")) {
		end = sh_next(pt, end);
		if (!(sh_ident(pt, end, "NULL") || sh_op(pt, end, "0") ||
		      (pt->tl->tok[end].type == TOKEN_NUMBER)))
			return false;
		end = sh_next(pt, end);
	}
	if (!sh_op(pt, end, ";"))
		return false;
	if (sh_ident(pt, sh_prev(pt, t), "static"))
		from = sh_prev(pt, t);
	if (!statement_start(pt, sh_prev(pt, from)))
		return false;
	add_handle(d, name);
	return add_del(d, from, end);
}

/* Is every use of every handle in what goes? */
static bool handles_only_devfs(const struct devfs *d)
{
	const struct token_list *tl = d->pt->tl;
	size_t k, i;

	for (k = 0; k < d->nr_handles; k++)
		for (i = 0; tl->tok[i].type != TOKEN_EOF; i++)
			if (is_code(&tl->tok[i]) &&
			    sh_same(d->pt, i, d->handle[k]) && !deleted(d, i))
				return false;
	return true;
}

/* Can every hit be converted?  Fills d. */
static bool convertible(struct devfs *d, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		size_t i = h[k].tok;

		if (h[k].flags & H_DEAD)
			continue;
		if (h[k].word == W_HEADER) {
			if (h[k].kw != KW_INCLUDE)
				return false;
			continue;
		}
		if (h[k].flags & H_PP)
			return false;
		switch (h[k].word) {
		case W_REG_CHRDEV:
		case W_UNREG_CHRDEV:
			if (!is_call(d->pt->buf, d->pt->tl, i))
				return false;
			break;
		case W_HANDLE_T:
			if (!deleted(d, i) && !handle_decl(d, i, &h[k]))
				return false;
			break;
		default:
			if (!is_call(d->pt->buf, d->pt->tl, i) ||
			    !call_statement(d, i, h[k].word == W_UNREGISTER))
				return false;
		}
	}
	return handles_only_devfs(d);
}

static void convert(struct devfs *d, struct target *tg, const struct hit *h,
		    size_t n)
{
	struct porter *pt = d->pt;
	size_t k;

	for (k = 0; k < n; k++) {
		const struct token *t = &pt->tl->tok[h[k].tok];

		if ((h[k].flags & H_DEAD) || deleted(d, h[k].tok))
			continue;
		if (h[k].word == W_HEADER) {
			if (target_finding(tg, t->pos, R_DEVFS, true,
					   "devfs is gone since 2.6.18: <linux/devfs_fs_kernel.h> goes"))
				delete_line_range(pt, line_start(pt->buf, t->pos),
						  line_end(pt->buf, pt->len, t->pos));
			continue;
		}
		if (target_finding(tg, t->pos, R_DEVFS, true,
				   "devfs is gone since 2.6.18: devfs_register_chrdev() and devfs_unregister_chrdev() become register_chrdev() and unregister_chrdev()"))
			add_edit(pt, t->pos, t->len, h[k].word == W_REG_CHRDEV ?
				 "register_chrdev" : "unregister_chrdev");
	}
	for (k = 0; k < d->nr; k++) {
		const struct token *from = &pt->tl->tok[d->del[k][0]];

		if (target_finding(tg, from->pos, R_DEVFS, true,
				   "devfs is gone since 2.6.18: its nodes and handles go (the node is made by mknod or udev; device_create() for a class device)"))
			delete_line_range(pt, from->pos,
					  tok_end(&pt->tl->tok[d->del[k][1]]));
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct devfs d = { .pt = pt };
	struct target tg;
	size_t k;

	for (k = 0; k < n && (h[k].word == W_HEADER || (h[k].flags & H_DEAD)); k++)
		;
	if (k == n)
		return;		/* no devfs call: an include alone is left */
	target_init(&tg, pt);
	if (convertible(&d, h, n)) {
		convert(&d, &tg, h, n);
		return;
	}
	for (k = 0; k < n; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)) && h[k].word != W_HEADER &&
		    h[k].word != W_HANDLE_T)
			target_finding(&tg, pt->tl->tok[h[k].tok].pos, R_DEVFS, false,
				       "devfs is gone since 2.6.18: register_chrdev() for the major, and no node of the driver's own (mknod or udev; device_create() for a class device); this file's devfs handles are used beyond devfs calls");
}

static const struct family devfs = {
	.name = "devfs", .rules = rules, .words = words, .run = run,
};
FAMILY(devfs)
