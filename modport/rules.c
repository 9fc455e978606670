// SPDX-License-Identifier: GPL-2.0
/*
 * rules.c: define-module, implicit-init, implicit-exit, init-include and
 * missing-license - what each finds, why it matters, and its edits.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "porter.h"
#include "source.h"

static const char *const old_name[ENTRY_KINDS] = {
	"init_module", "cleanup_module"
};
static const char *const macro[ENTRY_KINDS] = { "module_init", "module_exit" };
static const char *const suffix[ENTRY_KINDS] = { "_init", "_exit" };
static const char *const annotation[ENTRY_KINDS] = { "__init ", "__exit " };
static const char *const rule_id[ENTRY_KINDS] = {
	"implicit-init", "implicit-exit"
};

int add_finding(struct porter *pt, size_t pos, const char *rule,
		       enum severity sev, bool fixable, const char *fmt, ...)
{
	struct port *out = pt->out;
	struct finding *f;
	va_list ap;

	if (out->nr_f == out->alloc_f) {
		size_t n = out->alloc_f ? 2 * out->alloc_f : 8;

		f = realloc(out->f, n * sizeof(*f));
		if (!f)
			return -ENOMEM;
		out->f = f;
		out->alloc_f = n;
	}
	f = &out->f[out->nr_f++];
	f->pos = pos;
	f->rule = rule;
	f->severity = sev;
	f->fixable = fixable;
	va_start(ap, fmt);
	vsnprintf(f->msg, sizeof(f->msg), fmt, ap);
	va_end(ap);
	return 0;
}

int add_edit(struct porter *pt, size_t pos, size_t del,
		    const char *text)
{
	struct port *out = pt->out;
	struct edit *e;

	if (out->nr_e == out->alloc_e) {
		size_t n = out->alloc_e ? 2 * out->alloc_e : 16;

		e = realloc(out->e, n * sizeof(*e));
		if (!e)
			return -ENOMEM;
		out->e = e;
		out->alloc_e = n;
	}
	e = &out->e[out->nr_e];
	e->text = strdup(text);
	if (!e->text)
		return -ENOMEM;
	e->pos = pos;
	e->del = del;
	e->seq = ++out->nr_e;
	return 0;
}

size_t line_start(const char *buf, size_t pos)
{
	while (pos > 0 && buf[pos - 1] != '\n')
		pos--;
	return pos;
}

/* Offset of the line's terminator (its \r if CRLF), or len. */
size_t line_end(const char *buf, size_t len, size_t pos)
{
	const char *nl = memchr(buf + pos, '\n', len - pos);

	if (!nl)
		return len;
	if (nl > buf + pos && nl[-1] == '\r')
		nl--;
	return (size_t)(nl - buf);
}

size_t after_eol(const char *buf, size_t len, size_t pos)
{
	if (pos < len && buf[pos] == '\r')
		pos++;
	return pos < len ? pos + 1 : pos;
}

static const char *file_eol(const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);

	return nl && nl > buf && nl[-1] == '\r' ? "\r\n" : "\n";
}

/* The bytes #define MODULE occupies: its whole line when it has one. */
void define_range(struct porter *pt, size_t hash, size_t *from,
			 size_t *to)
{
	const struct token *tok = pt->tl->tok, *last;
	size_t start = line_start(pt->buf, tok[hash].pos), i = hash, end;

	while ((tok[i + 1].flags & TF_PP) && !(tok[i + 1].flags & TF_BOL))
		i++;
	last = &tok[i];
	while (tok_end(last) > line_end(pt->buf, pt->len, tok[hash].pos) &&
	       last->type == TOKEN_COMMENT)
		last--;	/* a comment that goes on: kept */
	end = tok_end(last);
	while (end < pt->len && (pt->buf[end] == ' ' || pt->buf[end] == '\t'))
		end++;
	*from = tok[hash].pos;
	*to = end;
	if (strspn(pt->buf + start, " \t") != tok[hash].pos - start)
		return;	/* something before the '#' */
	if (end == line_end(pt->buf, pt->len, end)) {
		*from = start;
		*to = after_eol(pt->buf, pt->len, end);
	}
}

static int rule_define_module(struct porter *pt)
{
	size_t k, from, to;

	for (k = 0; k < pt->sc.nr_define_module; k++) {
		size_t hash = pt->sc.define_module[k];

		if (add_finding(pt, pt->tl->tok[hash].pos, "define-module",
				SEV_WARNING, true,
				"'#define MODULE' is obsolete: kbuild passes -DMODULE, and redefining it draws a \"MODULE\" redefined warning"))
			return -ENOMEM;
		define_range(pt, hash, &from, &to);
		if (add_edit(pt, from, to - from, ""))
			return -ENOMEM;
	}
	return 0;
}

bool is_identifier(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

void module_name(const char *path, char *name, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t n, i = 0, k;

	if (!strcmp(path, SOURCE_STDIN)) {
		snprintf(name, size, "stdin");	/* --name says better */
		return;
	}
	base = base ? base + 1 : path;
	n = strrchr(base, '.') ? (size_t)(strrchr(base, '.') - base) :
	    strlen(base);
	if (n && isdigit((unsigned char)base[0]))
		i = (size_t)snprintf(name, size, "mod_");
	for (k = 0; k < n && i + 1 < size; k++, i++)
		name[i] = isalnum((unsigned char)base[k]) ? base[k] : '_';
	name[i] = 0;
	if (!i)
		snprintf(name, size, "module");
}

static bool ident_taken(const struct porter *pt, const char *name)
{
	const struct token *t;

	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_IDENT && token_is(pt->buf, t, name))
			return true;
	return false;
}

/* <module>_init, or the first free <module>_init_N; true if renamed. */
static bool choose_name(struct porter *pt, int kind, char *taken)
{
	char base[NAME_MAX_LEN];
	char *name = pt->name[kind];
	size_t size = sizeof(pt->name[kind]);
	int n = 2;

	if (pt->opts->name)
		snprintf(base, sizeof(base), "%s", pt->opts->name);
	else
		module_name(pt->path, base, sizeof(base));
	snprintf(name, size, "%s%s", base, suffix[kind]);
	if (!ident_taken(pt, name))
		return false;
	strcpy(taken, name);
	do
		snprintf(name, size, "%s%s_%d", base, suffix[kind], n++);
	while (ident_taken(pt, name));
	return true;
}

/* Every live use of the old name becomes the new one. */
static int rename_uses(struct porter *pt, int kind)
{
	const struct token_list *tl = pt->tl;
	size_t i;

	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if (t->type != TOKEN_IDENT ||
		    !token_is(pt->buf, t, old_name[kind]) ||
		    is_member_name(pt->buf, tl, i) || scan_is_dead(&pt->sc, i))
			continue;
		if (add_edit(pt, t->pos, t->len, pt->name[kind]))
			return -ENOMEM;
	}
	return 0;
}

/* static, (void), and with --annotate __init/__exit, for one decl. */
static int fix_decl(struct porter *pt, int kind, const struct entry_decl *d)
{
	const struct token *tok = pt->tl->tok;
	int ret = 0;

	if (d->is_static)
		;
	else if (d->extern_tok != SCAN_NONE)
		ret = add_edit(pt, tok[d->extern_tok].pos,
			       tok[d->extern_tok].len, "static");
	else
		ret = add_edit(pt, tok[d->decl].pos, 0, "static ");
	if (!ret && d->empty_params)
		ret = add_edit(pt, tok[d->lparen].pos + 1, 0, "void");
	if (!ret && pt->opts->annotate && d->close != SCAN_NONE &&
	    !d->annotated)
		ret = add_edit(pt, tok[d->name].pos, 0, annotation[kind]);
	return ret;
}

static const struct entry_decl *first_def(const struct entry *e)
{
	size_t k;

	for (k = 0; k < e->nr_decls; k++)
		if (e->decl[k].close != SCAN_NONE)
			return &e->decl[k];
	return NULL;
}

static int rule_entry(struct porter *pt, int kind)
{
	const struct entry *e = &pt->sc.entry[kind];
	const struct entry_decl *def = first_def(e);
	size_t pos = pt->tl->tok[def->name].pos, k;
	char taken[sizeof(pt->name[0])];

	if (choose_name(pt, kind, taken) &&
	    add_finding(pt, pos, rule_id[kind], SEV_NOTE, false,
			"'%s' is already used in this file; using '%s'",
			taken, pt->name[kind]))
		return -ENOMEM;
	if (add_finding(pt, pos, rule_id[kind], SEV_WARNING, true,
			"%s() without %s(): objtool rejects the magic name on IBT kernels (6.15+); make it static %s() and register it with %s()",
			old_name[kind], macro[kind], pt->name[kind],
			macro[kind]))
		return -ENOMEM;
	if (rename_uses(pt, kind))
		return -ENOMEM;
	for (k = 0; k < e->nr_decls; k++)
		if (fix_decl(pt, kind, &e->decl[k]))
			return -ENOMEM;
	return 0;
}

/* Where code can follow a closing brace: the end of its line. */
static size_t after_close(const struct porter *pt, size_t close)
{
	const struct token *tok = pt->tl->tok;
	size_t end = line_end(pt->buf, pt->len, tok[close].pos), i;

	for (i = close + 1; tok[i].type != TOKEN_EOF && tok[i].pos < end; i++)
		if (tok_end(&tok[i]) > end)
			return tok_end(&tok[close]);
	return end;
}

static void add_registration(struct porter *pt, size_t close, int kind,
			     const struct entry_decl *pair)
{
	char *text = pt->reg_text[pt->nr_reg];
	size_t size = sizeof(pt->reg_text[0]);
	char name[2][sizeof(pt->name[0])];
	int n;

	memcpy(name, pt->name, sizeof(name));
	if (pair && pair->close > close)
		close = pair->close;
	pt->reg_pos[pt->nr_reg++] = after_close(pt, close);
	n = snprintf(text, size, "%s%s%s(%s);", pt->eol, pt->eol, macro[kind],
		     name[kind]);
	if (pair)
		snprintf(text + n, size - (size_t)n, "%s%s(%s);", pt->eol,
			 macro[ENTRY_EXIT], name[ENTRY_EXIT]);
}

/*
 * module_init()/module_exit() after the definitions, as the article does:
 * together after the later one when both sit in the same conditional
 * group, else each after its own.
 */
static void plan_registrations(struct porter *pt)
{
	const struct entry *in = &pt->sc.entry[ENTRY_INIT];
	const struct entry *ex = &pt->sc.entry[ENTRY_EXIT];
	bool paired[SCAN_MAX_DECLS] = { false };
	size_t k, j;

	for (k = 0; pt->fires[ENTRY_INIT] && !pt->wrapped[ENTRY_INIT] &&
	     k < in->nr_decls; k++) {
		const struct entry_decl *d = &in->decl[k], *pair = NULL;

		if (d->close == SCAN_NONE)
			continue;
		for (j = 0; pt->fires[ENTRY_EXIT] && !pt->wrapped[ENTRY_EXIT] &&
		     j < ex->nr_decls; j++) {
			if (ex->decl[j].close != SCAN_NONE && !paired[j] &&
			    ex->decl[j].group == d->group) {
				paired[j] = true;
				pair = &ex->decl[j];
				break;
			}
		}
		add_registration(pt, d->close, ENTRY_INIT, pair);
	}
	for (j = 0; pt->fires[ENTRY_EXIT] && !pt->wrapped[ENTRY_EXIT] &&
	     j < ex->nr_decls; j++)
		if (ex->decl[j].close != SCAN_NONE && !paired[j])
			add_registration(pt, ex->decl[j].close, ENTRY_EXIT,
					 NULL);
}

/* Where #include <linux/init.h> goes, and with which line ends. */
size_t include_pos(const struct porter *pt, bool *eol_first)
{
	const struct token *tok = pt->tl->tok;
	size_t i;

	*eol_first = false;
	if (pt->sc.first_linux_include != SCAN_NONE)
		return line_start(pt->buf, tok[pt->sc.first_linux_include].pos);
	if (pt->sc.last_include != SCAN_NONE) {
		i = line_end(pt->buf, pt->len,
			     tok[pt->sc.last_include].pos);
		*eol_first = i == pt->len;
		return after_eol(pt->buf, pt->len, i);
	}
	for (i = 0; tok[i].type == TOKEN_COMMENT; i++)
		;
	return line_start(pt->buf, tok[i].pos);
}

static int rule_init_include(struct porter *pt)
{
	const struct scan *sc = &pt->sc;
	char text[64];
	bool eol_first;
	size_t pos;

	if (sc->has_init_h || sc->entry[ENTRY_INIT].registered ||
	    sc->entry[ENTRY_EXIT].registered)
		return 0;
	pos = include_pos(pt, &eol_first);
	snprintf(text, sizeof(text), "%s#include <linux/init.h>%s",
		 eol_first ? pt->eol : "", eol_first ? "" : pt->eol);
	if (add_finding(pt, pos, "init-include", SEV_WARNING, true,
			"%s() is declared in <linux/init.h>, which this file does not include",
			pt->fires[ENTRY_INIT] ? "module_init" : "module_exit"))
		return -ENOMEM;
	if (add_edit(pt, pos, 0, text))
		return -ENOMEM;
	pt->out->e[pt->out->nr_e - 1].seq = 0;	/* a whole line: first */
	return 0;
}

/* The license as a C string literal's contents. */
static void quote_license(const char *s, char *out, size_t size)
{
	size_t i = 0;

	for (; *s && i + 3 < size; s++) {
		if (*s == '"' || *s == '\\')
			out[i++] = '\\';
		out[i++] = *s;
	}
	out[i] = 0;
}

static int rule_license(struct porter *pt, size_t pos)
{
	const char *license = pt->opts->license;
	char quoted[256];
	int k, last = 0;

	if (add_finding(pt, pos, "missing-license",
			SEV_WARNING, license != NULL,
			"no MODULE_LICENSE(): modpost rejects the module since Linux 5.11%s",
			license ? "" : "; modport does not invent one: fix needs --license=STRING"))
		return -ENOMEM;
	if (!license || !pt->nr_reg)
		return 0;
	for (k = 1; k < pt->nr_reg; k++)
		if (pt->reg_pos[k] >= pt->reg_pos[last])
			last = k;
	quote_license(license, quoted, sizeof(quoted));
	k = (int)strlen(pt->reg_text[last]);
	snprintf(pt->reg_text[last] + k, sizeof(pt->reg_text[0]) - (size_t)k,
		 "%sMODULE_LICENSE(\"%s\");", pt->eol[1] ? "\r\n\r\n" : "\n\n",
		 quoted);
	return 0;
}

/* The rules that need a 2.4 cue: what the others found is one. */
static int apply_cued_rules(struct porter *pt)
{
	size_t k;
	bool cue = false;

	for (k = 0; k < pt->out->nr_f; k++)
		cue = cue || pt->out->f[k].severity != SEV_NOTE;
	if (rule_kdev(pt, cue))
		return -ENOMEM;
	cue = cue || pt->out->nr_f;
	return rule_irq_handler(pt, cue);
}

static int apply_rules(struct porter *pt)
{
	const struct scan *sc = &pt->sc;
	size_t first = SCAN_NONE;
	int kind, ret;

	if (rule_define_module(pt) || rule_series(pt))
		return -ENOMEM;
	for (kind = 0; kind < ENTRY_KINDS; kind++) {
		const struct entry *e = &sc->entry[kind];

		pt->fires[kind] = e->nr_defs && !e->is_macro && !e->registered;
		if (!pt->fires[kind])
			continue;
		ret = rule_wrapper(pt, kind);
		if (ret < 0 || (!ret && rule_entry(pt, kind)))
			return -ENOMEM;
		if (first == SCAN_NONE)
			first = pt->tl->tok[first_def(e)->name].pos;
	}
	if (first == SCAN_NONE)
		return apply_cued_rules(pt);
	plan_registrations(pt);
	if (rule_init_include(pt))
		return -ENOMEM;
	if (!sc->has_license && rule_license(pt, first))
		return -ENOMEM;
	for (kind = 0; kind < pt->nr_reg; kind++)
		if (add_edit(pt, pt->reg_pos[kind], pt->reg_del[kind],
			     pt->reg_text[kind]))
			return -ENOMEM;
	return apply_cued_rules(pt);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return x->severity == SEV_NOTE ? 1 : y->severity == SEV_NOTE ? -1 : 0;
}

int port_file(const char *path, const char *buf, size_t len,
	      const struct token_list *tl, const struct port_opts *opts,
	      struct port *out)
{
	struct porter *pt = calloc(1, sizeof(*pt));
	int ret;

	if (!pt)
		return -ENOMEM;
	*pt = (struct porter){ .path = path, .buf = buf, .len = len,
			       .tl = tl, .opts = opts, .out = out,
			       .eol = file_eol(buf, len) };
	out->open_pos = (size_t)-1;
	ret = scan_tokens(buf, tl, &pt->sc);
	if (!ret && pt->sc.open_tok != SCAN_NONE) {
		out->open_pos = tl->tok[pt->sc.open_tok].pos;
		out->open_comment = tl->tok[pt->sc.open_tok].type ==
				    TOKEN_COMMENT;
	} else if (!ret) {
		ret = apply_rules(pt);
	}
	if (out->nr_f > 1)
		qsort(out->f, out->nr_f, sizeof(*out->f), cmp_finding);
	scan_free(&pt->sc);
	decl_free(&pt->decls);
	free(pt->cued);
	if (pt->headers)
		include_free(pt->headers);
	free(pt->headers);
	free(pt);
	return ret;
}

void port_free(struct port *p)
{
	size_t k;

	for (k = 0; k < p->nr_e; k++)
		free(p->e[k].text);
	free(p->f);
	free(p->e);
	memset(p, 0, sizeof(*p));
}
