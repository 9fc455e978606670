// SPDX-License-Identifier: GPL-2.0
/*
 * aio.c: file_operations' .aio_read and .aio_write, gone in 4.1.
 *
 * Where they only forward to the file's own .read and .write - directly,
 * or through a helper of the file that calls them and then completes the
 * request, at once or later with aio_complete() (LDD3's scullc, scullp,
 * scullv, sculld) - they duplicate what read(2) and write(2) already do
 * through .read and .write: the members go, and with them the functions
 * that served only them (the methods, the helper, the deferred
 * completion), each with the comment just above it.  Asynchronous I/O
 * (io_submit()) on the file then fails with EINVAL, as on any file
 * without .read_iter: the message says so.
 *
 * Anything else - a method that does its own I/O, a helper used elsewhere,
 * aio_complete() outside those functions - is reported, as before.
 */
#include <stdlib.h>

#include "../target.h"
#include "shape.h"

enum { W_AIO_READ, W_AIO_WRITE, W_AIO_COMPLETE };

static const char *const words[] = {
	[W_AIO_READ] = "aio_read",
	[W_AIO_WRITE] = "aio_write",
	[W_AIO_COMPLETE] = "aio_complete",
	NULL
};

static const char *const why[] = {
	[W_AIO_READ] = "file_operations' .aio_read is gone since 4.1: .read_iter(struct kiocb *, struct iov_iter *)",
	[W_AIO_WRITE] = "file_operations' .aio_write is gone since 4.1: .write_iter(struct kiocb *, struct iov_iter *)",
	[W_AIO_COMPLETE] = "aio_complete() is gone from drivers since 4.1: a read_iter/write_iter that finishes later calls iocb->ki_complete()",
};

#define FIXED "file_operations' .aio_read and .aio_write are gone since 4.1; this method only forwards to the file's .read or .write, which read(2) and write(2) use: it goes, with the functions that served only the aio methods (io_submit() on the file now fails with EINVAL: a .read_iter/.write_iter by hand if it must work)"

static const enum rule_id rules[] = { R_AIO_METHODS, NR_RULES };

#define MAX_FNS 16

struct ctx {
	struct porter *pt;
	struct target tg;
	struct sh_fn fn[MAX_FNS];	/* the functions that go */
	size_t nr;
	size_t tag[MAX_FNS][2];		/* struct TAG { ... }; that go */
	size_t nr_tags;
};

/* .NAME = f or NAME: f in the initializer at brace: f, or NONE. */
static size_t member_value(struct porter *pt, size_t brace, const char *name)
{
	size_t end = match_close(pt->buf, pt->tl, brace, '{', '}'), i, v;

	for (i = sh_next(pt, brace); end != SCAN_NONE && i < end; i = sh_next(pt, i)) {
		if (!sh_ident(pt, i, name) || (pt->tl->tok[i].flags & TF_PP))
			continue;
		v = sh_next(pt, sh_next(pt, i));
		if ((sh_op(pt, sh_prev(pt, i), ".") && sh_op(pt, sh_next(pt, i), "=")) ||
		    sh_op(pt, sh_next(pt, i), ":"))
			return sh_is_ident(pt, v) ? v : SCAN_NONE;
	}
	return SCAN_NONE;
}

/* Is token i in the body of one of the functions that go? */
static bool in_gone(const struct ctx *c, size_t i)
{
	size_t k;

	for (k = 0; k < c->nr; k++)
		if (i >= c->fn[k].name && i <= c->fn[k].end)
			return true;
	return false;
}

static bool gone(const struct ctx *c, size_t f)
{
	size_t k;

	for (k = 0; k < c->nr; k++)
		if (sh_same(c->pt, c->fn[k].name, f))
			return true;
	return false;
}

/* Is every code use of the name of f in the functions that go (or in skip)? */
static bool used_only_there(const struct ctx *c, size_t f, size_t skip)
{
	const struct token_list *tl = c->pt->tl;
	size_t i;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++)
		if (is_code(&tl->tok[i]) && sh_same(c->pt, i, f) && i != skip &&
		    !in_gone(c, i))
			return false;
	return true;
}

static bool add_fn(struct ctx *c, size_t f)
{
	if (gone(c, f))
		return true;
	if (c->nr == MAX_FNS || !sh_find_def(c->pt, f, &c->fn[c->nr]) ||
	    sh_in_headers(c->pt, f))
		return false;
	c->nr++;
	return true;
}

/* Does the body of fn call rw (the file's .read or .write)? */
static bool calls(struct porter *pt, const struct sh_fn *fn, size_t rw)
{
	size_t i;

	for (i = sh_next(pt, fn->body); rw != SCAN_NONE && i < fn->end; i = sh_next(pt, i))
		if (sh_same(pt, i, rw) && is_call(pt->buf, pt->tl, i))
			return true;
	return false;
}

/*
 * The method f forwards to read or write: it calls one, or its body is one
 * return of a call to a helper of the file that does.  Adds what goes.
 */
static bool forwards(struct ctx *c, size_t f, size_t rd, size_t wr)
{
	struct porter *pt = c->pt;
	struct sh_fn fn, helper;
	size_t ret, h;

	if (!sh_find_def(pt, f, &fn))
		return false;
	if (calls(pt, &fn, rd) || calls(pt, &fn, wr))
		return add_fn(c, f);
	ret = sh_next(pt, fn.body);
	h = sh_next(pt, ret);
	if (!sh_ident(pt, ret, "return") || !is_call(pt->buf, pt->tl, h) ||
	    !sh_find_def(pt, h, &helper) ||
	    sh_next(pt, match_close(pt->buf, pt->tl, sh_next(pt, h), '(', ')')) !=
	    sh_prev(pt, fn.end) || !sh_op(pt, sh_prev(pt, fn.end), ";") ||
	    !(calls(pt, &helper, rd) || calls(pt, &helper, wr)))
		return false;
	return add_fn(c, f) && add_fn(c, h);
}

/* Functions of the file named only inside the ones that go, go too. */
static void close_over(struct ctx *c)
{
	const struct token_list *tl = c->pt->tl;
	size_t k, i, before;

	do {
		before = c->nr;
		for (k = 0; k < c->nr; k++)
			for (i = c->fn[k].body; i < c->fn[k].end; i++) {
				struct sh_fn fn;

				if (!is_code(&tl->tok[i]) || !sh_is_ident(c->pt, i) ||
				    gone(c, i) || !sh_find_def(c->pt, i, &fn) ||
				    !used_only_there(c, i, fn.name) || c->nr == MAX_FNS)
					continue;
				c->fn[c->nr++] = fn;
			}
	} while (c->nr != before);
}

/*
 * The structures "struct TAG { ... };" at the top level that only the
 * functions that go use: they go too.
 */
static void unused_tags(struct ctx *c)
{
	struct porter *pt = c->pt;
	const struct token_list *tl = pt->tl;
	size_t i, tag, end;
	int depth = 0;

	c->nr_tags = 0;
	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		if (!is_code(&tl->tok[i]))
			continue;
		if (sh_op(pt, i, "{"))
			depth++;
		else if (sh_op(pt, i, "}"))
			depth--;
		tag = sh_next(pt, i);
		if (depth || !sh_ident(pt, i, "struct") || !sh_is_ident(pt, tag) ||
		    !sh_op(pt, sh_next(pt, tag), "{"))
			continue;
		end = match_close(pt->buf, tl, sh_next(pt, tag), '{', '}');
		if (end == SCAN_NONE || !sh_op(pt, sh_next(pt, end), ";") ||
		    c->nr_tags == MAX_FNS || !used_only_there(c, tag, tag))
			continue;
		c->tag[c->nr_tags][0] = i;
		c->tag[c->nr_tags++][1] = sh_next(pt, end);
	}
}

/*
 * Delete the text of [k, end] - from the start of k's line, and the blank
 * lines after it - with the comment just above k.
 */
static void delete_block(struct porter *pt, size_t k, size_t end)
{
	const struct token *tok = pt->tl->tok;
	size_t from, to;

	if (k && tok[k - 1].type == TOKEN_COMMENT) {
		size_t at = tok_end(&tok[k - 1]), nl = 0;

		for (; at < tok[k].pos; at++)
			nl += pt->buf[at] == '\n';
		if (nl == 1 && (tok[k - 1].flags & TF_BOL))
			k--;
	}
	from = line_start(pt->buf, tok[k].pos);
	for (to = from; to < tok[k].pos; to++)
		if (pt->buf[to] != ' ' && pt->buf[to] != '\t')
			from = tok[k].pos;
	to = after_eol(pt->buf, pt->len, line_end(pt->buf, pt->len, tok[end].pos));
	if (line_end(pt->buf, pt->len, tok_end(&tok[end])) !=
	    line_end(pt->buf, pt->len, tok[end].pos))
		to = tok_end(&tok[end]);	/* something follows on its line */
	else
		while (to < pt->len) {
			size_t e = line_end(pt->buf, pt->len, to), b;

			for (b = to; b < e && (pt->buf[b] == ' ' ||
					       pt->buf[b] == '\t' ||
					       pt->buf[b] == '\r'); b++)
				;
			if (b < e || e >= pt->len)
				break;
			to = after_eol(pt->buf, pt->len, e);
		}
	add_edit(pt, from, to - from, "");
	porter_removes(pt, from, to);
}

/* Where fn's text starts: its specifiers. */
static size_t fn_start(struct porter *pt, const struct sh_fn *fn)
{
	size_t k = fn->name, p;

	while ((p = sh_prev(pt, k)) != SCAN_NONE &&
	       (sh_is_ident(pt, p) || sh_op(pt, p, "*")) &&
	       !(pt->tl->tok[p].flags & TF_PP))
		k = p;
	return k;
}

/* The member at m (".aio_read = f,"): its line goes. */
static void drop_member(struct porter *pt, size_t m)
{
	size_t v = sh_next(pt, sh_next(pt, m)), comma = sh_next(pt, v);
	size_t from = sh_op(pt, sh_prev(pt, m), ".") ? sh_prev(pt, m) : m;

	delete_line_range(pt, pt->tl->tok[from].pos, sh_op(pt, comma, ",") ?
			  tok_end(&pt->tl->tok[comma]) : tok_end(&pt->tl->tok[v]));
}

/* The file_operations at brace: its aio methods, converted or reported. */
static bool fops(struct ctx *c, size_t brace, const struct hit *h, size_t n)
{
	struct porter *pt = c->pt;
	size_t rd = member_value(pt, brace, "read");
	size_t wr = member_value(pt, brace, "write");
	size_t ar = member_value(pt, brace, "aio_read");
	size_t aw = member_value(pt, brace, "aio_write");
	bool fix = true;
	size_t k;

	c->nr = 0;
	if (ar != SCAN_NONE)
		fix = rd != SCAN_NONE && sh_count(pt, ar) == 2 && forwards(c, ar, rd, wr);
	if (aw != SCAN_NONE && fix)
		fix = wr != SCAN_NONE && sh_count(pt, aw) == 2 && forwards(c, aw, rd, wr);
	if (fix) {
		close_over(c);
		for (k = 0; k < c->nr && fix; k++)
			fix = used_only_there(c, c->fn[k].name, c->fn[k].name) ||
			      sh_same(pt, c->fn[k].name, ar) || sh_same(pt, c->fn[k].name, aw);
	}
	for (k = 0; k < n; k++) {
		size_t i = h[k].tok;

		if (h[k].word == W_AIO_COMPLETE || (h[k].flags & (H_DEAD | H_PP)) ||
		    initializer_of(pt->buf, pt->tl, i, "file_operations") != brace ||
		    !after_member_op(pt->buf, pt->tl, i))
			continue;
		if (target_finding(&c->tg, pt->tl->tok[i].pos, R_AIO_METHODS, fix,
				   fix ? FIXED : why[h[k].word]))
			drop_member(pt, i);
	}
	if (!fix || target_need(&c->tg, R_AIO_METHODS) != NEED_FIX)
		return false;
	unused_tags(c);
	for (k = 0; k < c->nr; k++)
		delete_block(pt, fn_start(pt, &c->fn[k]), c->fn[k].end);
	for (k = 0; k < c->nr_tags; k++)
		delete_block(pt, c->tag[k][0], c->tag[k][1]);
	return true;
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt };
	size_t k, j, brace, done[MAX_FNS], nr_done = 0, all[64], nr_all = 0;
	bool aged = pt->nr_found[1];

	for (k = 0; k < n && !aged; k++)
		aged = h[k].word != W_AIO_COMPLETE && !(h[k].flags & (H_DEAD | H_PP)) &&
		       after_member_op(pt->buf, pt->tl, h[k].tok) &&
		       initializer_of(pt->buf, pt->tl, h[k].tok, "file_operations") != SCAN_NONE;
	if (!aged)
		return;
	target_init(&c.tg, pt);
	for (k = 0; k < n; k++) {
		if (h[k].word == W_AIO_COMPLETE || (h[k].flags & (H_DEAD | H_PP)) ||
		    !after_member_op(pt->buf, pt->tl, h[k].tok))
			continue;
		brace = initializer_of(pt->buf, pt->tl, h[k].tok, "file_operations");
		if (brace == SCAN_NONE) {
			target_finding(&c.tg, pt->tl->tok[h[k].tok].pos, R_AIO_METHODS,
				       false, why[h[k].word]);
			continue;
		}
		for (j = 0; j < nr_done && done[j] != brace; j++)
			;
		if (j < nr_done || nr_done == MAX_FNS)
			continue;
		done[nr_done++] = brace;
		if (fops(&c, brace, h, n))
			for (j = 0; j < c.nr && nr_all < 64; j++) {
				all[nr_all++] = c.fn[j].name;
				all[nr_all++] = c.fn[j].end;
			}
	}
	for (k = 0; k < n; k++) {
		bool inside = false;

		if (h[k].word != W_AIO_COMPLETE || (h[k].flags & (H_DEAD | H_PP)) ||
		    !is_call(pt->buf, pt->tl, h[k].tok))
			continue;
		for (j = 0; j + 1 < nr_all; j += 2)
			inside |= h[k].tok > all[j] && h[k].tok < all[j + 1];
		if (!inside)
			target_finding(&c.tg, pt->tl->tok[h[k].tok].pos,
				       R_AIO_METHODS, false, why[W_AIO_COMPLETE]);
	}
}

static const struct family aio = {
	.name = "aio", .rules = rules, .words = words, .run = run,
};
FAMILY(aio)
