// SPDX-License-Identifier: GPL-2.0
/*
 * procread.c: create_proc_read_entry() and its read_proc, gone in 3.10,
 * become a seq_file.
 *
 *	create_proc_read_entry(name, mode, parent, f, data)
 * becomes
 *	proc_create_single_data(name, mode, parent, f_show, data)
 *
 * when f, int f(char *page, char **start, off_t off, int count, int *eof,
 * void *data), is defined in the file before the call, prints its whole
 * output at once (it does not read off) and says so (it sets *eof).  The
 * read_proc stays as it is, and f_show, added after it, hands it a page,
 * as the old /proc did for the first read (offset 0, count PAGE_SIZE -
 * 1024, the old PROC_BLOCK_SIZE), and seq_write()s what it
 * printed: what the file shows is unchanged, byte for byte, and so are the
 * helpers that print into the page while f waits (LDD3's jit and jiq).
 *
 * A read_proc that sets *start and never *eof was called again for every
 * read(2), each call a new record (LDD3's /proc/jitbusy prints a line a
 * second, for ever): it becomes a seq_file iterator with no end, one record per call,
 * made with proc_create_seq_data(), its data read with pde_data() (5.17).
 *
 * A read_proc that pages its output by off, or is not defined here, is
 * reported: a seq_file iterator by hand.
 */
#include <stdlib.h>

#include "../target.h"
#include "shape.h"

static const char *const words[] = { "create_proc_read_entry", NULL };

static const enum rule_id rules[] = { R_PROC_READ, NR_RULES };

#define WHY "create_proc_read_entry() and read_proc are gone since 3.10"

/* A read_proc of the file. */
struct readproc {
	struct sh_fn fn;
	size_t page, start, off, eof;	/* parameter names */
	bool stream;			/* never sets *eof: a record a call */
	bool pages;			/* uses off: pages its output */
	bool differ;			/* definitions disagree on stream */
	size_t last;			/* the last definition's '}' */
	size_t after;			/* the show goes after this line */
	bool done;			/* its seq_file is written */
};

struct ctx {
	struct porter *pt;
	struct target tg;
	struct readproc *rp;
	size_t nr, alloc;
	bool include;		/* <linux/seq_file.h> added or present */
};

/* int f(char *page, char **start, off_t off, int count, int *eof, void *data) */
static bool signature(struct porter *pt, struct readproc *rp)
{
	static const char *const want[] = {
		"char * ", "char * * ", "off_t ", "int ", "int * ", "void * ",
	};
	char w[6][64];
	size_t names[6], k;

	if (!sh_ident(pt, sh_prev(pt, rp->fn.name), "int") ||
	    sh_params(pt, &rp->fn, w, names, 6) != 6)
		return false;
	for (k = 0; k < 6; k++)
		if (names[k] == SCAN_NONE || strncmp(w[k], want[k], strlen(want[k])))
			return false;
	rp->page = names[0];
	rp->start = names[1];
	rp->off = names[2];
	rp->eof = names[4];
	return true;
}

/* Does the body store through parameter p (*p = ...)? */
static bool stores(struct porter *pt, const struct readproc *rp, size_t p)
{
	size_t i;

	for (i = sh_next(pt, rp->fn.body); i < rp->fn.end; i = sh_next(pt, i))
		if (sh_op(pt, i, "*") && sh_same(pt, sh_next(pt, i), p) &&
		    sh_op(pt, sh_next(pt, sh_next(pt, i)), "="))
			return true;
	return false;
}

/*
 * The #endif that closes the innermost #if group open at token i (a
 * definition in a branch: nvram.c's empty one under #ifndef
 * CONFIG_PROC_FS, its real one under #else), or i outside any.
 */
static size_t group_end(const struct porter *pt, size_t i)
{
	const char *buf = pt->buf;
	const struct token_list *tl = pt->tl;
	size_t k, w;
	int d = 0;

	if (pp_open_groups(buf, tl, 0, i) <= 0)
		return i;
	for (k = i; tl->tok[k].type != TOKEN_EOF; k++) {
		if ((tl->tok[k].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL) ||
		    !match_op(buf, &tl->tok[k], '#') ||
		    (w = pp_next(tl, k)) == SCAN_NONE)
			continue;
		if (match_ident(buf, &tl->tok[w], "if") ||
		    match_ident(buf, &tl->tok[w], "ifdef") ||
		    match_ident(buf, &tl->tok[w], "ifndef"))
			d++;
		else if (match_ident(buf, &tl->tok[w], "endif") && !d--)
			return w;
	}
	return i;
}

/*
 * The other definitions of rp's function after its first, in other
 * branches of #if: each must be a read_proc; whether any pages by off, and
 * whether they agree on a record a call.  false when one is no read_proc.
 */
static bool other_defs(struct porter *pt, struct readproc *rp)
{
	struct readproc o = { .page = SCAN_NONE };
	bool twice = false;

	rp->pages = sh_uses(pt, rp->off, rp->fn.body, rp->fn.end);
	rp->last = rp->after = rp->fn.end;
	while (sh_find_def_from(pt, rp->fn.name, rp->last + 1, &o.fn)) {
		if (!signature(pt, &o))
			return false;
		rp->pages |= sh_uses(pt, o.off, o.fn.body, o.fn.end);
		rp->differ |= (!stores(pt, &o, o.eof) && stores(pt, &o, o.start)) !=
			      rp->stream;
		rp->last = o.fn.end;
		twice = true;
	}
	if (twice)
		rp->after = group_end(pt, rp->last);
	return true;
}

/* The read_proc named by token f: found or added, NULL if none. */
static struct readproc *readproc_of(struct ctx *c, size_t f)
{
	struct readproc rp = { .page = SCAN_NONE }, *r;
	size_t k;

	for (k = 0; k < c->nr; k++)
		if (sh_same(c->pt, c->rp[k].fn.name, f))
			return &c->rp[k];
	if (!sh_find_def(c->pt, f, &rp.fn) || !signature(c->pt, &rp) ||
	    sh_in_headers(c->pt, f) ||
	    GROW(c->pt, c->rp, c->nr, c->alloc))
		return NULL;
	/*
	 * Without *start the old /proc took the page as the whole file, and
	 * the second read found nothing past it: one output, eof or not.
	 */
	rp.stream = !stores(c->pt, &rp, rp.eof) && stores(c->pt, &rp, rp.start);
	if (!other_defs(c->pt, &rp))
		return NULL;
	r = &c->rp[c->nr++];
	*r = rp;
	return r;
}

static const char *const show_fmt =
	"%s"
	"/* %.*s, a read_proc, prints the whole file into a page (modport) */%s"
	"static int %.*s_show(struct seq_file *m, void *v)%s"
	"{%s"
	"\tchar *page = (char *)__get_free_page(GFP_KERNEL);%s"
	"\tchar *start = NULL;%s"
	"\tint eof = 0, len;%s"
	"%s"
	"\tif (!page)%s"
	"\t\treturn -ENOMEM;%s"
	"\tlen = %.*s(page, &start, 0, PAGE_SIZE - 1024, &eof, %s);%s"
	"\tif (len > 0)%s"
	"\t\tseq_write(m, start > page ? start : page, len);%s"
	"\tfree_page((unsigned long)page);%s"
	"\treturn len < 0 ? len : 0;%s"
	"}%s";

static const char *const iter_fmt =
	"%s"
	"/* %.*s: a record for every read, with no end, as the old /proc had it */%s"
	"static void *%.*s_start(struct seq_file *m, loff_t *pos)%s"
	"{%s"
	"\treturn pos;%s"
	"}%s"
	"%s"
	"static void *%.*s_next(struct seq_file *m, void *v, loff_t *pos)%s"
	"{%s"
	"\t++*pos;%s"
	"\treturn pos;%s"
	"}%s"
	"%s"
	"static void %.*s_stop(struct seq_file *m, void *v)%s"
	"{%s"
	"}%s"
	"%s"
	"static const struct seq_operations %.*s_seq_ops = {%s"
	"\t.start = %.*s_start,%s"
	"\t.next = %.*s_next,%s"
	"\t.stop = %.*s_stop,%s"
	"\t.show = %.*s_show,%s"
	"};%s";

/* f_show (and the iterator of a stream) after f's definition, for the call at i. */
static void write_seq(struct ctx *c, struct readproc *rp, size_t i)
{
	struct porter *pt = c->pt;
	const char *e = pt->eol;
	size_t f = rp->fn.name;
	char *text, *iter = NULL;

	text = porter_printf(pt, show_fmt, e, SH_TOK(pt, f), e, SH_TOK(pt, f),
			     e, e, e, e, e, e, e, e, SH_TOK(pt, f),
			     rp->stream ? "pde_data(file_inode(m->file))" :
			     "m->private", e, e, e, e, e, e);
	if (text && rp->stream)
		iter = porter_printf(pt, iter_fmt, e, SH_TOK(pt, f), e,
				     SH_TOK(pt, f), e, e, e, e, e, SH_TOK(pt, f),
				     e, e, e, e, e, e, SH_TOK(pt, f), e, e, e, e,
				     SH_TOK(pt, f), e, SH_TOK(pt, f), e,
				     SH_TOK(pt, f), e, SH_TOK(pt, f), e,
				     SH_TOK(pt, f), e, e);
	if (rp->after > i)	/* the call is in the last one's branch */
		rp->after = rp->last;
	if (text && (iter || !rp->stream)) {
		char *all = porter_printf(pt, "%s%s", text, iter ? iter : "");

		if (all)
			add_edit(pt, after_eol(pt->buf, pt->len,
					       line_end(pt->buf, pt->len,
							pt->tl->tok[rp->after].pos)),
				 0, all);
		free(all);
	}
	free(text);
	free(iter);
	rp->done = true;
}

/* #include <linux/seq_file.h>, after the file's last include. */
static void add_include(struct ctx *c)
{
	struct porter *pt = c->pt;
	char *text;
	size_t pos;

	if (c->include)
		return;
	c->include = true;
	if (memmem(pt->buf, pt->len, "<linux/seq_file.h>", 18))
		return;
	pos = after_eol(pt->buf, pt->len,
			line_end(pt->buf, pt->len,
				 pt->tl->tok[pt->sc.last_include].pos));
	text = porter_printf(pt, "#include <linux/seq_file.h>%s", pt->eol);
	if (text)
		add_edit(pt, pos, 0, text);
	free(text);
}

/* Why the call at i cannot be fixed, or NULL. */
static const char *unfixable(struct ctx *c, size_t i, size_t f,
			     struct readproc *rp)
{
	if (f == SCAN_NONE || !sh_is_ident(c->pt, f))
		return WHY ": a seq_file, e.g. proc_create_single_data(name, mode, parent, show, data) with a show(struct seq_file *, void *) that seq_printf()s what read_proc wrote";
	if (!rp)
		return WHY ", and this read_proc is not defined here with the read_proc signature: a seq_file, e.g. proc_create_single_data() with a show(struct seq_file *, void *)";
	if (rp->last > i)
		return WHY ", and this read_proc is defined after the call: a seq_file, e.g. proc_create_single_data() with a show(struct seq_file *, void *)";
	if (rp->pages)
		return WHY ", and this read_proc pages its output by its offset: a seq_file iterator (proc_create_seq_data(), struct seq_operations) whose records are its pages";
	if (rp->differ)
		return WHY ", and its definitions in the branches of #if differ (one a record a read, one the whole file): a seq_file by hand";
	if (rp->stream && !target_from(&c->tg, KV(5, 17, 0)))
		return WHY ", and this read_proc never sets *eof (a record for every read): a seq_file iterator with no end, which reads its data with pde_data() (5.17; PDE_DATA() before)";
	if (c->pt->sc.last_include == SCAN_NONE)
		return WHY ": a seq_file (<linux/seq_file.h>), e.g. proc_create_single_data() with a show(struct seq_file *, void *)";
	return NULL;
}

static void call(struct ctx *c, size_t i)
{
	struct porter *pt = c->pt;
	size_t open, close, comma[4], f = SCAN_NONE;
	struct readproc *rp = NULL;
	const char *no;
	char *text;

	if (call_parens(pt->buf, pt->tl, i, &open, &close) &&
	    call_args(pt->buf, pt->tl, open, close, comma, 4) == 4 &&
	    sh_next(pt, sh_next(pt, comma[2])) == comma[3]) {
		f = sh_next(pt, comma[2]);
		rp = sh_is_ident(pt, f) ? readproc_of(c, f) : NULL;
	}
	no = unfixable(c, i, f, rp);
	if (!target_finding(&c->tg, pt->tl->tok[i].pos, R_PROC_READ, !no, no ? no :
			    rp->stream ?
			    WHY ": a seq_file iterator with no end, proc_create_seq_data(), whose show hands the read_proc a page for every record, as the old /proc did for every read" :
			    WHY ": a seq_file, proc_create_single_data(), whose show hands the read_proc a page and seq_write()s what it printed"))
		return;
	add_edit(pt, pt->tl->tok[i].pos, pt->tl->tok[i].len, rp->stream ?
		 "proc_create_seq_data" : "proc_create_single_data");
	text = porter_printf(pt, rp->stream ? "&%.*s_seq_ops" : "%.*s_show",
			     SH_TOK(pt, f));
	if (text)
		add_edit(pt, pt->tl->tok[f].pos, pt->tl->tok[f].len, text);
	free(text);
	add_include(c);
	if (!rp->done)
		write_seq(c, rp, i);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt };
	size_t k;

	target_init(&c.tg, pt);
	for (k = 0; k < n; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)) &&
		    is_call(pt->buf, pt->tl, h[k].tok))
			call(&c, h[k].tok);
	free(c.rp);
}

static const struct family procread = {
	.name = "procread", .rules = rules, .words = words, .run = run,
};
FAMILY(procread)
