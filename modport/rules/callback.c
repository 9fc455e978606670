// SPDX-License-Identifier: GPL-2.0
/* callback.c: callbacks that took a data word (callback.h). */
#include <stdlib.h>
#include <string.h>

#include "callback.h"

void cb_init(struct cb_ctx *c, struct porter *pt)
{
	memset(c, 0, sizeof(*c));
	c->pt = pt;
	c->tl = pt->tl;
	c->tok = pt->tl->tok;
	c->buf = pt->buf;
	target_init(&c->tg, pt);
}

size_t cb_next(const struct cb_ctx *c, size_t i)
{
	return next_code(c->tl, i);
}

size_t cb_prev(const struct cb_ctx *c, size_t i)
{
	return code_before(c->tl, i);
}

bool cb_op(const struct cb_ctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && c->tok[i].type == TOKEN_SPECIAL &&
	       token_is(c->buf, &c->tok[i], s);
}

bool cb_ident(const struct cb_ctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && match_ident(c->buf, &c->tok[i], s);
}

bool cb_same(const struct cb_ctx *c, size_t i, size_t j)
{
	return i != SCAN_NONE && j != SCAN_NONE &&
	       c->tok[i].type == c->tok[j].type &&
	       c->tok[i].len == c->tok[j].len &&
	       !memcmp(c->buf + c->tok[i].pos, c->buf + c->tok[j].pos,
		       c->tok[i].len);
}

bool cb_same_range(const struct cb_ctx *c, size_t a, size_t a_end, size_t b,
		   size_t b_end)
{
	for (; a < a_end && b < b_end; a = cb_next(c, a), b = cb_next(c, b))
		if (!cb_same(c, a, b))
			return false;
	return a >= a_end && b >= b_end;
}

char *cb_text(const struct cb_ctx *c, size_t from, size_t to)
{
	size_t last = cb_prev(c, to);

	return porter_printf(c->pt, "%.*s",
			     (int)(tok_end(&c->tok[last]) - c->tok[from].pos),
			     c->buf + c->tok[from].pos);
}

/* The code tokens [from, to) are the words of type, then one identifier or none. */
static bool param_shape(const struct cb_ctx *c, size_t from, size_t to,
			const char *type, size_t *name)
{
	const char *w = type;
	size_t i = from, n;

	while (*w) {
		n = strcspn(w, " ");
		if (i >= to || c->tok[i].len != n ||
		    memcmp(c->buf + c->tok[i].pos, w, n))
			return false;
		i = cb_next(c, i);
		w += n + (w[n] == ' ');
	}
	*name = SCAN_NONE;
	if (i < to && c->tok[i].type == TOKEN_IDENT) {
		*name = i;
		i = cb_next(c, i);
	}
	return i >= to;
}

/* Identifier i at the top level, "void i(TYPE [x])", then '{' or ';'. */
static size_t fn_shape(const struct cb_ctx *c, size_t i, const char *type,
		       size_t *param)
{
	size_t open = cb_next(c, i), close, after;

	if (!cb_op(c, open, "(") || !cb_ident(c, cb_prev(c, i), "void"))
		return SCAN_NONE;
	close = match_close(c->buf, c->tl, open, '(', ')');
	if (close == SCAN_NONE ||
	    !param_shape(c, cb_next(c, open), close, type, param))
		return SCAN_NONE;
	after = cb_next(c, close);
	return cb_op(c, after, "{") || cb_op(c, after, ";") ? after : SCAN_NONE;
}

static bool used_in(const struct cb_ctx *c, const struct cb_fn *fn,
		    size_t from, const char *name, size_t i);

/*
 * Token i (f) in a body is a direct call f(CONSTANT) and a statement of
 * its own: the constant's token (0, or NULL), else SCAN_NONE.
 */
static size_t direct_call(const struct cb_ctx *c, size_t i)
{
	size_t open = cb_next(c, i), arg = cb_next(c, open);
	size_t close = cb_next(c, arg), before = cb_prev(c, i);

	if (!cb_op(c, open, "(") || !cb_op(c, close, ")") ||
	    !cb_op(c, cb_next(c, close), ";") ||
	    !(cb_op(c, before, ";") || cb_op(c, before, "{") ||
	      cb_op(c, before, "}") || cb_op(c, before, ":") ||
	      cb_op(c, before, ")") || cb_ident(c, before, "else")))
		return SCAN_NONE;
	if (cb_ident(c, arg, "NULL") ||
	    (c->tok[arg].type == TOKEN_NUMBER && c->tok[arg].len == 1 &&
	     c->buf[c->tok[arg].pos] == '0'))
		return arg;
	return SCAN_NONE;
}

const char *cb_find(const struct cb_ctx *c, size_t f, const char *type,
		    size_t uses, struct cb_fn *fn)
{
	size_t i, others = 0, after, param, call[4], nr_call = 0, arg;
	int depth = 0;

	memset(fn, 0, sizeof(*fn));
	fn->name = SCAN_NONE;
	for (i = 0; c->tok[i].type != TOKEN_EOF; i = cb_next(c, i)) {
		if (cb_op(c, i, "{") || cb_op(c, i, "}"))
			depth += cb_op(c, i, "{") ? 1 : -1;
		if (!is_code(&c->tok[i]) || !cb_same(c, i, f) ||
		    after_member_op(c->buf, c->tl, i))
			continue;
		after = depth ? SCAN_NONE : fn_shape(c, i, type, &param);
		if (after != SCAN_NONE && cb_op(c, after, "{") &&
		    fn->name == SCAN_NONE) {
			fn->name = i;
			fn->open = cb_next(c, i);
			fn->close = cb_prev(c, after);
			fn->param = param;
			fn->body = after;
			fn->end = match_close(c->buf, c->tl, after, '{', '}');
		} else if (after != SCAN_NONE && cb_op(c, after, ";") &&
			   fn->nr_proto < 4) {
			fn->proto[fn->nr_proto++] = cb_next(c, i);
		} else if (depth && nr_call < 4 &&
			   (arg = direct_call(c, i)) != SCAN_NONE) {
			call[nr_call++] = arg;
		} else {
			others++;
		}
	}
	if (fn->name == SCAN_NONE || fn->end == SCAN_NONE)
		return "the callback is not defined in this file with the old signature";
	if (nr_call && others == uses && fn->param != SCAN_NONE &&
	    used_in(c, fn, fn->body, NULL, fn->param))
		return "the callback is also called directly, and reads its data: its signature cannot change";
	if (others != uses)
		return "the callback is called or registered elsewhere too, so its signature cannot change";
	memcpy(fn->call, call, nr_call * sizeof(call[0]));
	fn->nr_call = nr_call;
	return NULL;
}

/* Is identifier i used in the body of fn, after token from? */
static bool used_in(const struct cb_ctx *c, const struct cb_fn *fn,
		    size_t from, const char *name, size_t i)
{
	size_t k;

	for (k = cb_next(c, from); k < fn->end; k = cb_next(c, k)) {
		if (after_member_op(c->buf, c->tl, k))
			continue;
		if (name ? cb_ident(c, k, name) : cb_same(c, k, i))
			return true;
	}
	return false;
}

/* A name for the new parameter that the body does not use. */
static char *param_name(struct cb_ctx *c, const struct cb_fn *fn,
			const char *want)
{
	if (!used_in(c, fn, fn->body, want, 0))
		return porter_printf(c->pt, "%s", want);
	return porter_printf(c->pt, "%s_cb", want);
}

/* "struct S *v = [(struct S *)] x;" first in the body: the '=' and ';'. */
static bool neat_decl(const struct cb_ctx *c, const struct cb_fn *fn,
		      const struct cb_data *d, size_t *eq, size_t *semi)
{
	size_t s = cb_next(c, fn->body), name = cb_next(c, s), v, x;
	size_t n = strlen("struct ");

	if (!d->container || d->field || !cb_ident(c, s, "struct") ||
	    c->tok[name].len != strlen(d->container + n) ||
	    memcmp(c->buf + c->tok[name].pos, d->container + n, c->tok[name].len) ||
	    !cb_op(c, cb_next(c, name), "*"))
		return false;
	v = cb_next(c, cb_next(c, name));
	*eq = cb_next(c, v);
	if (c->tok[v].type != TOKEN_IDENT || !cb_op(c, *eq, "="))
		return false;
	x = cb_next(c, *eq);
	if (cb_op(c, x, "(")) {	/* a cast: (struct S *) */
		size_t close = match_close(c->buf, c->tl, x, '(', ')');

		if (close == SCAN_NONE || close >= fn->end)
			return false;
		x = cb_next(c, close);
	}
	*semi = cb_next(c, x);
	return cb_same(c, x, fn->param) && cb_op(c, *semi, ";") &&
	       !used_in(c, fn, *semi, NULL, fn->param);
}

/* The statement that recovers the data, or the neat declaration's value. */
static char *recovery(struct cb_ctx *c, const struct cb_fn *fn,
		      const struct cb_data *d, const char *p, bool neat,
		      size_t eq)
{
	const char *t = d->old_type;
	int star = t[strlen(t) - 1] == '*';
	const struct token *x = &c->tok[fn->param];

	if (neat && d->macro)
		return porter_printf(c->pt, " %s(%.*s, %s, %s)", d->macro,
				     (int)c->tok[cb_prev(c, eq)].len,
				     c->buf + c->tok[cb_prev(c, eq)].pos, p,
				     d->member);
	if (neat)
		return porter_printf(c->pt, " container_of(%s, %s, %s)", p,
				     d->container, d->member);
	if (d->field)
		return porter_printf(c->pt, "%s\t%s%s%.*s = container_of(%s, %s, %s)->%s;",
				     c->pt->eol, t, star ? "" : " ", (int)x->len,
				     c->buf + x->pos, p, d->container, d->member,
				     d->field);
	if (d->constant)
		return porter_printf(c->pt, "%s\t%s%s%.*s = %s;", c->pt->eol,
				     t, star ? "" : " ", (int)x->len,
				     c->buf + x->pos, d->constant);
	return porter_printf(c->pt, "%s\t%s%s%.*s = %scontainer_of(%s, %s, %s);",
			     c->pt->eol, t, star ? "" : " ", (int)x->len,
			     c->buf + x->pos, star ? "" : "(unsigned long)",
			     p, d->container, d->member);
}

int cb_convert(struct cb_ctx *c, const struct cb_fn *fn, struct cb_data *d)
{
	size_t k, eq = 0, semi = 0;
	char *p, *text;
	bool neat;

	p = param_name(c, fn, d->pname);
	text = p ? porter_printf(c->pt, "%s%s", d->param, p) : NULL;
	if (!text)
		return c->pt->error;
	add_edit(c->pt, tok_end(&c->tok[fn->open]),
		 c->tok[fn->close].pos - tok_end(&c->tok[fn->open]), text);
	for (k = 0; k < fn->nr_proto; k++) {
		size_t close = match_close(c->buf, c->tl, fn->proto[k], '(', ')');

		add_edit(c->pt, tok_end(&c->tok[fn->proto[k]]),
			 c->tok[close].pos - tok_end(&c->tok[fn->proto[k]]),
			 d->param);
	}
	free(text);
	for (k = 0; k < fn->nr_call; k++)	/* f(0): the data it never read */
		add_edit(c->pt, c->tok[fn->call[k]].pos,
			 c->tok[fn->call[k]].len, "NULL");
	if (fn->param == SCAN_NONE || !used_in(c, fn, fn->body, NULL, fn->param)) {
		free(p);
		return c->pt->error;
	}
	neat = neat_decl(c, fn, d, &eq, &semi);
	d->macro_used = neat && d->macro;
	text = recovery(c, fn, d, p, neat, eq);
	if (text && neat)
		add_edit(c->pt, tok_end(&c->tok[eq]),
			 c->tok[semi].pos - tok_end(&c->tok[eq]), text);
	else if (text)
		add_edit(c->pt, tok_end(&c->tok[fn->body]), 0, text);
	free(text);
	free(p);
	return c->pt->error;
}

void cb_data_free(struct cb_data *d)
{
	free(d->constant);
	free(d->container);
	free(d->member);
	free(d->field);
	d->constant = d->container = d->member = d->field = NULL;
}

/* After a cast "(type words [*...])" at i: the token after it, else i. */
static size_t skip_casts(const struct cb_ctx *c, size_t i, size_t to)
{
	while (cb_op(c, i, "(")) {
		size_t close = match_close(c->buf, c->tl, i, '(', ')'), k;

		if (close == SCAN_NONE || close >= to)
			return i;
		for (k = cb_next(c, i); k < close; k = cb_next(c, k))
			if (c->tok[k].type != TOKEN_IDENT && !cb_op(c, k, "*"))
				return i;
		i = cb_next(c, close);
	}
	return i;
}

bool cb_global_before(const struct cb_ctx *c, size_t i, size_t limit)
{
	int depth = 0, parens = 0;
	size_t k;

	for (k = 0; k < limit && c->tok[k].type != TOKEN_EOF; k = cb_next(c, k)) {
		if (!is_code(&c->tok[k]))
			continue;
		if (cb_op(c, k, "{") || cb_op(c, k, "}"))
			depth += cb_op(c, k, "{") ? 1 : -1;
		if (cb_op(c, k, "(") || cb_op(c, k, ")"))
			parens += cb_op(c, k, "(") ? 1 : -1;
		if (!depth && !parens && k != i && cb_same(c, k, i) &&
		    !after_member_op(c->buf, c->tl, k) &&
		    !cb_op(c, cb_next(c, k), "("))
			return true;
	}
	return false;
}

size_t cb_struct_of(const struct cb_ctx *c, size_t v, size_t at)
{
	size_t k = at, star, s;

	while ((k = cb_prev(c, k)) != SCAN_NONE) {
		size_t after = cb_next(c, k);

		if (!cb_same(c, k, v) || !(cb_op(c, after, ";") ||
					   cb_op(c, after, ",") ||
					   cb_op(c, after, "=") ||
					   cb_op(c, after, ")")))
			continue;
		star = cb_prev(c, k);
		s = cb_prev(c, star);
		if (cb_op(c, star, "*") && s != SCAN_NONE &&
		    c->tok[s].type == TOKEN_IDENT &&
		    cb_ident(c, cb_prev(c, s), "struct"))
			return s;
	}
	return SCAN_NONE;
}

const char *cb_data_of(struct cb_ctx *c, size_t from, size_t to,
		       size_t what_from, size_t what_to, size_t before,
		       struct cb_data *d)
{
	size_t x = skip_casts(c, from, to), y = cb_next(c, x), s;

	if (y >= to && (c->tok[x].type == TOKEN_NUMBER || cb_ident(c, x, "NULL")) ) {
		d->constant = cb_text(c, from, to);
		return d->constant ? NULL : "out of memory";
	}
	if (cb_op(c, x, "&") && cb_next(c, y) >= to &&
	    c->tok[y].type == TOKEN_IDENT && cb_global_before(c, y, before)) {
		d->constant = cb_text(c, from, to);
		return d->constant ? NULL : "out of memory";
	}
	/* &v->member, with v the data */
	if (y >= to && c->tok[x].type == TOKEN_IDENT &&
	    cb_op(c, what_from, "&")) {
		size_t v = cb_next(c, what_from), arrow = cb_next(c, v);
		size_t m = cb_next(c, arrow);

		if (cb_same(c, v, x) && cb_op(c, arrow, "->") &&
		    c->tok[m].type == TOKEN_IDENT && cb_next(c, m) >= what_to &&
		    (s = cb_struct_of(c, v, what_from)) != SCAN_NONE) {
			d->container = porter_printf(c->pt, "struct %.*s",
						     (int)c->tok[s].len,
						     c->buf + c->tok[s].pos);
			d->member = cb_text(c, m, what_to);
			return d->container && d->member ? NULL : "out of memory";
		}
	}
	return "its data is neither the object that holds it nor a constant: the data must go into a field beside it";
}

void cb_delete(struct cb_ctx *c, size_t from, size_t to)
{
	delete_line_range(c->pt, c->tok[from].pos, tok_end(&c->tok[to]));
}

bool cb_name_used(const struct cb_ctx *c, const char *name)
{
	return ident_used(c->buf, c->tl, name, strlen(name));
}
