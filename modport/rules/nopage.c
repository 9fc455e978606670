// SPDX-License-Identifier: GPL-2.0
/*
 * nopage.c: vm_operations' .nopage, gone in 2.6.26, becomes a .fault
 * handler as the kernel's own drivers were converted (2.6.23-2.6.26, then
 * vm_fault_t in 4.17):
 *
 *	struct page *f(struct vm_area_struct *vma, unsigned long address,
 *		       int *type)
 * becomes
 *	vm_fault_t f(struct vm_fault *vmf)
 *
 * with vma and address read from vmf at the top of the body (where the
 * body uses them); "if (type) *type = VM_FAULT_MINOR;" goes (a fault
 * handler's page is a minor fault); return NOPAGE_SIGBUS (or NULL)
 * becomes return VM_FAULT_SIGBUS, return NOPAGE_OOM VM_FAULT_OOM, and
 * return PAGE sets vmf->page and returns 0 - or VM_FAULT_SIGBUS when PAGE
 * may be NULL (NOPAGE_SIGBUS was NULL, and stays a NULL elsewhere).  The
 * page's reference is taken as before (get_page()): a .fault handler hands
 * it over the same way.  The member .nopage = f becomes .fault = f.
 *
 * Only the function named by the member, defined in the file and named
 * nowhere else (in its local headers neither), of that signature (or 2.4's int write_access), whose type
 * is used only to set the fault type and whose returns are plain
 * statements, is converted; the rest is reported (the old report of
 * judgment.c: .nopage, NOPAGE_SIGBUS, NOPAGE_OOM, VM_FAULT_MINOR).
 */
#include <stdlib.h>

#include "../target.h"
#include "shape.h"

enum { W_NOPAGE, W_SIGBUS, W_OOM, W_MINOR };

static const char *const words[] = {
	[W_NOPAGE] = "nopage",
	[W_SIGBUS] = "NOPAGE_SIGBUS",
	[W_OOM] = "NOPAGE_OOM",
	[W_MINOR] = "VM_FAULT_MINOR",
	NULL
};

static const char *const why[] = {
	[W_NOPAGE] = "vm_operations' .nopage is gone since 2.6.26: .fault, vm_fault_t f(struct vm_fault *vmf) that sets vmf->page and returns 0 or VM_FAULT_SIGBUS",
	[W_SIGBUS] = "NOPAGE_SIGBUS is gone since 2.6.26: a .fault handler returns VM_FAULT_SIGBUS",
	[W_OOM] = "NOPAGE_OOM is gone since 2.6.26: a .fault handler returns VM_FAULT_OOM",
	[W_MINOR] = "VM_FAULT_MINOR is gone since 2.6.26: a .fault handler returns 0 when it found the page",
};

static const enum rule_id rules[] = { R_NOPAGE, NR_RULES };

/* The handler being converted. */
struct nopage {
	struct sh_fn fn;
	size_t vma, addr, type;	/* parameter names, or SCAN_NONE */
	bool type_ptr;		/* int *type (2.6), not int write_access (2.4) */
};

/* .nopage = f or nopage: f in a struct vm_operations_struct: f, or NONE. */
static size_t member_fn(struct porter *pt, size_t i)
{
	size_t p = sh_prev(pt, i), n = sh_next(pt, i), f = sh_next(pt, n);
	bool designated = sh_op(pt, p, ".") && sh_op(pt, n, "=");
	bool gnu = (sh_op(pt, p, "{") || sh_op(pt, p, ",")) && sh_op(pt, n, ":");

	if (!(designated || gnu) ||
	    initializer_of(pt->buf, pt->tl, i, "vm_operations_struct") == SCAN_NONE)
		return SCAN_NONE;
	return sh_is_ident(pt, f) && (sh_op(pt, sh_next(pt, f), ",") ||
				      sh_op(pt, sh_next(pt, f), "}")) ? f : SCAN_NONE;
}

/* struct page *f(struct vm_area_struct *vma, unsigned long a, int *t) */
static bool signature(struct porter *pt, struct nopage *np)
{
	char w[4][64];
	size_t names[4], ret = sh_prev(pt, np->fn.name);
	size_t n = sh_params(pt, &np->fn, w, names, 4);

	if (!sh_op(pt, ret, "*") || !sh_ident(pt, sh_prev(pt, ret), "page") ||
	    !sh_ident(pt, sh_prev(pt, sh_prev(pt, ret)), "struct") || n != 3 ||
	    names[0] == SCAN_NONE || names[1] == SCAN_NONE || names[2] == SCAN_NONE)
		return false;
	np->vma = names[0];
	np->addr = names[1];
	np->type = names[2];
	np->type_ptr = !strncmp(w[2], "int * ", 6);
	return !strncmp(w[0], "struct vm_area_struct * ", 24) &&
	       !strncmp(w[1], "unsigned long ", 14) &&
	       (np->type_ptr || (!strncmp(w[2], "int ", 4) &&
				 !strchr(w[2] + 4, '*')));
}

/* "if (type) *type = X;" at the if i: its ';', or NONE. */
static size_t type_store(struct porter *pt, const struct nopage *np, size_t i)
{
	size_t t[8], k;

	t[0] = i;
	for (k = 1; k < 8; k++)
		t[k] = sh_next(pt, t[k - 1]);
	if (!sh_ident(pt, t[0], "if") || !sh_op(pt, t[1], "(") ||
	    !sh_same(pt, t[2], np->type) || !sh_op(pt, t[3], ")") ||
	    !sh_op(pt, t[4], "*") || !sh_same(pt, t[5], np->type) ||
	    !sh_op(pt, t[6], "="))
		return SCAN_NONE;
	for (k = t[7]; k < np->fn.end && !sh_op(pt, k, ";"); k = sh_next(pt, k))
		if (sh_op(pt, k, "(") || sh_op(pt, k, "{"))
			return SCAN_NONE;
	return k < np->fn.end ? k : SCAN_NONE;
}

/* Is the body's use of type only "if (type) *type = X;" (2.4: none)? */
static bool type_only_stored(struct porter *pt, const struct nopage *np)
{
	size_t i, end;

	for (i = sh_next(pt, np->fn.body); i < np->fn.end; i = sh_next(pt, i)) {
		if (sh_ident(pt, i, "vmf"))
			return false;	/* the new parameter's name is taken */
		if (!sh_same(pt, i, np->type))
			continue;
		if (!np->type_ptr)
			return false;
		end = type_store(pt, np, sh_prev(pt, sh_prev(pt, i)));
		if (end == SCAN_NONE)
			return false;
		i = end;
	}
	return true;
}

/* The expression of the return at i: one token, or a longer one. */
static size_t return_end(struct porter *pt, size_t i)
{
	size_t k;

	for (k = sh_next(pt, i); k < SCAN_NONE && !sh_op(pt, k, ";");
	     k = sh_next(pt, k))
		if (pt->tl->tok[k].type == TOKEN_EOF)
			return SCAN_NONE;
	return k;
}

/* Is the return at i the body of an if, else, for or while (no braces)? */
static bool bare_body(struct porter *pt, size_t i)
{
	size_t p = sh_prev(pt, i);

	return sh_op(pt, p, ")") || sh_ident(pt, p, "else") || sh_ident(pt, p, "do");
}

/* A NULL or NOPAGE_SIGBUS, NOPAGE_OOM: the constant returns. */
static bool sigbus_word(struct porter *pt, size_t i)
{
	return sh_ident(pt, i, "NOPAGE_SIGBUS") || sh_ident(pt, i, "NULL");
}

/* Can the page variable v be NULL: is it ever given something else than a page? */
static bool never_null(struct porter *pt, const struct nopage *np, size_t v)
{
	size_t i, r;

	for (i = sh_next(pt, np->fn.body); i < np->fn.end; i = sh_next(pt, i)) {
		if (!sh_same(pt, i, v) || !sh_op(pt, sh_next(pt, i), "="))
			continue;
		r = sh_next(pt, sh_next(pt, i));
		if (!(sh_ident(pt, r, "pfn_to_page") || sh_ident(pt, r, "virt_to_page")))
			return false;
	}
	return true;
}

/* Is the return expression [e, end) a page that cannot be NULL? */
static bool page_expr(struct porter *pt, const struct nopage *np, size_t e,
		      size_t end)
{
	size_t open, close;

	if (sh_next(pt, e) == end)
		return never_null(pt, np, e);
	return (sh_ident(pt, e, "pfn_to_page") || sh_ident(pt, e, "virt_to_page")) &&
	       call_parens(pt->buf, pt->tl, e, &open, &close) &&
	       sh_next(pt, close) == end;
}

/* Does the body start with a statement (not a declaration)? */
static bool starts_with_statement(struct porter *pt, const struct nopage *np)
{
	static const char *const stmt[] = {
		"if", "return", "for", "while", "switch", "do", "goto",
	};
	size_t first = sh_next(pt, np->fn.body), after = sh_next(pt, first);

	if (first >= np->fn.end)
		return false;
	if (TOKEN_IN(pt->buf, &pt->tl->tok[first], stmt))
		return true;
	return !(sh_is_ident(pt, after) || sh_op(pt, after, "*"));
}

/* Every return of the body is convertible. */
static bool returns_ok(struct porter *pt, const struct nopage *np)
{
	size_t i, e, end;

	for (i = sh_next(pt, np->fn.body); i < np->fn.end; i = sh_next(pt, i)) {
		if (sh_ident(pt, i, "NOPAGE_OOM") &&
		    !(sh_ident(pt, sh_prev(pt, i), "return") &&
		      sh_op(pt, sh_next(pt, i), ";")))
			return false;
		if (!sh_ident(pt, i, "return"))
			continue;
		e = sh_next(pt, i);
		end = return_end(pt, i);
		if (end == SCAN_NONE || end == e)
			return false;
		if (sh_next(pt, e) == end &&
		    (sigbus_word(pt, e) || sh_ident(pt, e, "NOPAGE_OOM")))
			continue;
		if (bare_body(pt, i))
			return false;
	}
	return true;
}

static void edit_return(struct porter *pt, const struct nopage *np, size_t i)
{
	size_t e = sh_next(pt, i), end = return_end(pt, i), ind;
	const char *at;
	char *text;

	if (sh_next(pt, e) == end && sigbus_word(pt, e)) {
		add_edit(pt, pt->tl->tok[e].pos, pt->tl->tok[e].len, "VM_FAULT_SIGBUS");
		return;
	}
	if (sh_next(pt, e) == end && sh_ident(pt, e, "NOPAGE_OOM")) {
		add_edit(pt, pt->tl->tok[e].pos, pt->tl->tok[e].len, "VM_FAULT_OOM");
		return;
	}
	ind = sh_indent(pt, i, &at);
	text = porter_printf(pt, "vmf->page = %.*s;%s%.*sreturn %s;",
			     (int)(pt->tl->tok[end].pos - pt->tl->tok[e].pos),
			     pt->buf + pt->tl->tok[e].pos, pt->eol, (int)ind, at,
			     page_expr(pt, np, e, end) ?
			     "0" : "vmf->page ? 0 : VM_FAULT_SIGBUS");
	if (!text)
		return;
	add_edit(pt, pt->tl->tok[i].pos, tok_end(&pt->tl->tok[end]) -
		 pt->tl->tok[i].pos, text);
	free(text);
}

/* The new signature, the locals the old parameters become. */
static void edit_head(struct porter *pt, const struct nopage *np)
{
	size_t ret = sh_prev(pt, sh_prev(pt, sh_prev(pt, np->fn.name)));
	char *text;
	bool vma = sh_uses(pt, np->vma, np->fn.body, np->fn.end);
	bool addr = sh_uses(pt, np->addr, np->fn.body, np->fn.end);

	text = porter_printf(pt, "vm_fault_t %.*s(struct vm_fault *vmf)",
			     SH_TOK(pt, np->fn.name));
	if (!text)
		return;
	add_edit(pt, pt->tl->tok[ret].pos, tok_end(&pt->tl->tok[np->fn.close]) -
		 pt->tl->tok[ret].pos, text);
	free(text);
	text = porter_printf(pt, "%s%s%.*s%s%s%s%.*s%s",
			     vma ? pt->eol : "",
			     vma ? "\tstruct vm_area_struct *" : "",
			     vma ? (int)pt->tl->tok[np->vma].len : 0,
			     pt->buf + pt->tl->tok[np->vma].pos,
			     vma ? " = vmf->vma;" : "",
			     addr ? pt->eol : "",
			     addr ? "\tunsigned long " : "",
			     addr ? (int)pt->tl->tok[np->addr].len : 0,
			     pt->buf + pt->tl->tok[np->addr].pos,
			     addr ? " = vmf->address;" : "");
	if (text && *text && starts_with_statement(pt, np)) {
		char *more = porter_printf(pt, "%s%s", text, pt->eol);

		free(text);
		text = more;
	}
	if (text && *text)
		add_edit(pt, tok_end(&pt->tl->tok[np->fn.body]), 0, text);
	free(text);
}

static void convert(struct porter *pt, const struct nopage *np)
{
	size_t i, end;

	edit_head(pt, np);
	for (i = sh_next(pt, np->fn.body); i < np->fn.end; i = sh_next(pt, i)) {
		if (np->type_ptr && sh_ident(pt, i, "if") &&
		    (end = type_store(pt, np, i)) != SCAN_NONE) {
			delete_line_range(pt, pt->tl->tok[i].pos,
					  tok_end(&pt->tl->tok[end]));
			i = end;
		} else if (sh_ident(pt, i, "return")) {
			edit_return(pt, np, i);
			i = return_end(pt, i);
		} else if (sh_ident(pt, i, "NOPAGE_SIGBUS")) {
			add_edit(pt, pt->tl->tok[i].pos, pt->tl->tok[i].len, "NULL");
		}
	}
}

/* The member at i and its function: converted, or reported. */
static bool member(struct porter *pt, struct target *tg, size_t i)
{
	struct nopage np = { .vma = SCAN_NONE };
	size_t f = member_fn(pt, i);
	bool fix = f != SCAN_NONE && sh_find_def(pt, f, &np.fn) &&
		   sh_count(pt, f) == 2 && !sh_in_headers(pt, f) &&
		   signature(pt, &np) &&
		   type_only_stored(pt, &np) && returns_ok(pt, &np);

	if (!target_finding(tg, pt->tl->tok[i].pos, R_NOPAGE, fix, fix ?
			    "vm_operations' .nopage is gone since 2.6.26: .fault, its handler vm_fault_t f(struct vm_fault *vmf), which sets vmf->page and returns 0, or VM_FAULT_SIGBUS where nopage returned NOPAGE_SIGBUS" :
			    why[W_NOPAGE]))
		return false;
	add_edit(pt, pt->tl->tok[i].pos, pt->tl->tok[i].len, "fault");
	convert(pt, &np);
	return true;
}

/* Is token i inside one of the converted handlers? */
static bool converted(const size_t (*done)[2], size_t nr, size_t i)
{
	size_t k;

	for (k = 0; k < nr; k++)
		if (i > done[k][0] && i < done[k][1])
			return true;
	return false;
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	size_t (*done)[2] = NULL, nr = 0, alloc = 0, k;
	struct nopage np;
	struct target tg;
	bool aged = pt->nr_found[1];

	for (k = 0; k < n && !aged; k++)
		aged = h[k].word == W_NOPAGE && !(h[k].flags & (H_DEAD | H_PP)) &&
		       member_fn(pt, h[k].tok) != SCAN_NONE;
	if (!aged)
		return;
	target_init(&tg, pt);
	for (k = 0; k < n; k++) {
		if (h[k].word != W_NOPAGE || (h[k].flags & (H_DEAD | H_PP)))
			continue;
		if (member_fn(pt, h[k].tok) == SCAN_NONE) {
			if (after_member_op(pt->buf, pt->tl, h[k].tok))
					target_finding(&tg, pt->tl->tok[h[k].tok].pos,
					       R_NOPAGE, false, why[W_NOPAGE]);
			continue;
		}
		if (!member(pt, &tg, h[k].tok) ||
		    !sh_find_def(pt, member_fn(pt, h[k].tok), &np.fn) ||
		    GROW(pt, done, nr, alloc))
			continue;
		done[nr][0] = np.fn.body;
		done[nr++][1] = np.fn.end;
	}
	for (k = 0; k < n; k++) {
		if (h[k].word == W_NOPAGE || (h[k].flags & (H_DEAD | H_PP)) ||
		    after_member_op(pt->buf, pt->tl, h[k].tok) ||
		    converted(done, nr, h[k].tok))
			continue;
		target_finding(&tg, pt->tl->tok[h[k].tok].pos, R_NOPAGE, false,
			       why[h[k].word]);
	}
	free(done);
}

static const struct family nopage = {
	.name = "nopage", .rules = rules, .words = words, .run = run,
};
FAMILY(nopage)
