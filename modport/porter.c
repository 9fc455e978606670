// SPDX-License-Identifier: GPL-2.0
/*
 * porter.c: the services the rule families share - findings and edits,
 * the sticky error, lines and directives, where an #include goes, the
 * file-scope declarations and the local headers (each read once, on
 * demand).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "droparg.h"
#include "engine.h"
#include "hdrcache.h"
#include "kbuildarch.h"
#include "inclines.h"
#include "sibling.h"
#include "source.h"

int porter_fail(struct porter *pt, int err)
{
	if (!pt->error)
		pt->error = err;
	return pt->error;
}

bool rule_on(const struct porter *pt, enum rule_id rule)
{
	return !pt->opts->rules || pt->opts->rules->on[rule];
}

void edits_for(struct porter *pt, enum rule_id rule)
{
	pt->muted = !rule_on(pt, rule);
}

/* Is pos in code that a rule removes (porter_removes())? */
static bool removed(const struct porter *pt, size_t pos)
{
	size_t k;

	for (k = 0; k < pt->nr_removed; k++)
		if (pos >= pt->removed[k][0] && pos < pt->removed[k][1])
			return true;
	return false;
}

void porter_removes(struct porter *pt, size_t from, size_t to)
{
	if (pt->nr_removed == PORTER_REMOVED_MAX || pt->muted)
		return;
	pt->removed[pt->nr_removed][0] = from;
	pt->removed[pt->nr_removed++][1] = to;
}

/* The token at byte pos (the last one that starts at or before it). */
static size_t token_at(const struct porter *pt, size_t pos)
{
	const struct token *t = pt->tl->tok;
	size_t lo = 0, hi = pt->tl->nr;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (t[mid].pos <= pos)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Is a finding at pos moot: in a file that no configuration of its
 * kernel tree builds (kbuildarch.h), or in an argument that a macro of
 * the file never compiles (droparg.h)?  Asked of every rule's findings; the file's
 * answer once.
 */
static bool never_compiled(struct porter *pt, size_t pos)
{
	if (!pt->never_built_known) {
		pt->never_built = pt->path && kbuild_never_built(pt->path);
		pt->never_built_known = true;
	}
	return pt->never_built ||
	       (pt->tl->nr && dropped_arg(pt, token_at(pt, pos), false));
}

int add_finding(struct porter *pt, size_t pos, enum rule_id rule,
		enum severity sev, bool fixable, const char *fmt, ...)
{
	struct port *out = pt->out;
	va_list ap;
	int ret;

	pt->nr_found[0]++;
	pt->nr_found[1] += sev != SEV_NOTE;
	edits_for(pt, rule);
	if (pt->muted || pt->error)
		return pt->error;
	if (removed(pt, pos)) {
		pt->muted = true;	/* its edits too */
		return 0;	/* code that a rule removes: moot */
	}
	if (never_compiled(pt, pos)) {
		pt->muted = true;
		return 0;
	}
	va_start(ap, fmt);
	ret = port_add_finding(out, pos, rule, sev, fixable, fmt, ap);
	va_end(ap);
	return ret ? porter_fail(pt, ret) : 0;
}

void porter_defer(struct porter *pt)
{
	if (!pt->muted && !pt->error && pt->out->nr_f)
		pt->out->f[pt->out->nr_f - 1].deferred = true;
}

int add_edit(struct porter *pt, size_t pos, size_t del, const char *text)
{
	int ret;

	if (pt->muted || pt->error)
		return pt->error;
	ret = port_add_edit(pt->out, pos, del, text);
	return ret ? porter_fail(pt, ret) : 0;
}

char *porter_printf(struct porter *pt, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		porter_fail(pt, -ENOMEM);
		return NULL;
	}
	return s;
}

int porter_grow(struct porter *pt, void *vec, size_t nr, size_t *alloc,
		size_t size)
{
	void **v = vec, *nv;
	size_t n;

	if (nr < *alloc)
		return 0;
	n = *alloc ? 2 * *alloc : 8;
	nv = realloc(*v, n * size);
	if (!nv)
		return porter_fail(pt, -ENOMEM);
	*v = nv;
	*alloc = n;
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

/* The bytes a directive occupies: its whole line when it has one. */
void define_range(struct porter *pt, size_t hash, size_t *from, size_t *to)
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

/* Where an #include line goes, and with which line ends. */
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

bool only_blanks(const char *buf, size_t from, size_t to)
{
	for (; from < to; from++)
		if (buf[from] != ' ' && buf[from] != '\t')
			return false;
	return true;
}

int delete_line_range(struct porter *pt, size_t from, size_t to)
{
	size_t start = line_start(pt->buf, from);
	size_t end = line_end(pt->buf, pt->len, to);

	if (only_blanks(pt->buf, start, from) &&
	    only_blanks(pt->buf, to, end))
		return add_edit(pt, start, after_eol(pt->buf, pt->len, end) -
				start, "");
	while (to < end && (pt->buf[to] == ' ' || pt->buf[to] == '\t'))
		to++;
	while (to == end && from > start &&
	       (pt->buf[from - 1] == ' ' || pt->buf[from - 1] == '\t'))
		from--;		/* the line's end: no blanks left there */
	return add_edit(pt, from, to - from, "");
}

struct header_set *file_headers(struct porter *pt)
{
	if (!pt->headers_read) {
		pt->headers_read = true;
		pt->headers = calloc(1, sizeof(*pt->headers));
		if (pt->headers &&
		    include_read(pt->path, pt->buf, pt->tl, pt->headers)) {
			include_free(pt->headers);
			free(pt->headers);
			pt->headers = NULL;
		}
	}
	return pt->headers;
}

const struct cached_header *file_header(struct porter *pt, const char *path,
					int *err)
{
	/* the file's headers are asked for: the last file's may go */
	if (!pt->headers_read && !pt->header_begun) {
		hdrcache_begin();
		pt->header_begun = true;
	}
	return hdrcache_get(path, err);
}

struct id_index *file_idents(struct porter *pt)
{
	if (!pt->idents_made) {
		if (idindex_build(&pt->idents, pt->buf, pt->tl)) {
			porter_fail(pt, -ENOMEM);
			return NULL;
		}
		pt->idents_made = true;
	}
	return &pt->idents;
}

void file_idents_gather(struct porter *pt, const size_t *toks, size_t n)
{
	struct id_index *ix = n > 1 ? file_idents(pt) : NULL;
	const char **names = ix ? malloc(n * sizeof(*names)) : NULL;
	size_t *lens = names ? malloc(n * sizeof(*lens)) : NULL, k;

	for (k = 0; lens && k < n; k++) {
		names[k] = pt->buf + pt->tl->tok[toks[k]].pos;
		lens[k] = pt->tl->tok[toks[k]].len;
	}
	if (lens && idindex_gather(ix, names, lens, n))
		porter_fail(pt, -ENOMEM);
	free(names);
	free(lens);
}

size_t porter_fn_definition(const struct porter *pt, size_t i)
{
	const struct token *tok = pt->tl->tok, *n = &tok[i], *t;
	size_t k, close;

	for (t = tok; t->type != TOKEN_EOF; t++) {
		k = (size_t)(t - tok);
		if (t->type != TOKEN_IDENT || t->len != n->len ||
		    memcmp(pt->buf + t->pos, pt->buf + n->pos, n->len) ||
		    !match_op(pt->buf, &tok[next_code(pt->tl, k)], '('))
			continue;
		close = match_close(pt->buf, pt->tl, next_code(pt->tl, k),
				    '(', ')');
		if (close != SCAN_NONE &&
		    match_op(pt->buf, &tok[next_code(pt->tl, close)], '{'))
			return k;
	}
	return SCAN_NONE;
}

const struct decl *file_decl(struct porter *pt, const char *name, size_t len)
{
	if (!pt->decls_read)
		pt->decls_read = !decl_parse_code(pt->buf, pt->tl, &pt->decls);
	return decl_lookup(&pt->decls, pt->buf, pt->tl, name, len);
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

bool porter_line_taken(const struct porter *pt, size_t pos,
		       const enum rule_id *mine)
{
	size_t from = line_start(pt->buf, pos), i, k;
	const struct port *out = pt->out;

	for (i = 0; i < out->nr_f; i++) {
		for (k = 0; mine[k] != NR_RULES && mine[k] != out->f[i].rule; k++)
			;
		if (mine[k] == NR_RULES && out->f[i].pos >= from &&
		    line_start(pt->buf, out->f[i].pos) == from)
			return true;
	}
	return false;
}

bool porter_edited(const struct porter *pt, size_t pos)
{
	const struct port *out = pt->out;
	size_t i;

	for (i = 0; i < out->nr_e; i++)
		if (out->e[i].del && pos >= out->e[i].pos &&
		    pos < out->e[i].pos + out->e[i].del)
			return true;
	return false;
}

/* Does the text of the file at path hold '#include "name"'? */
/* Does the file at path #include "name" (name: the arg)? */
bool sibling_includes(const char *path)
{
	const char *slash = strrchr(path, '/');
	char want[300];

	snprintf(want, sizeof(want), "\"%s\"", slash ? slash + 1 : path);
	return inclines_sibling_has(path, want);
}

bool porter_has_version_h(const struct porter *pt, size_t pos)
{
	size_t k;

	if (memmem(pt->buf, pos, "<linux/version.h>", 17))
		return true;
	for (k = 0; k < pt->out->nr_e; k++)
		if (pt->out->e[k].pos <= pos && pt->out->e[k].text &&
		    strstr(pt->out->e[k].text, "<linux/version.h>"))
			return true;
	return false;
}

const char *porter_version_h(struct porter *pt, size_t pos)
{
	bool eol_first = false;
	size_t at;
	char *text;

	if (porter_has_version_h(pt, pos))
		return "";
	at = include_pos(pt, &eol_first);
	if (pos <= at)		/* before the first include: here */
		return "#include <linux/version.h>";
	text = porter_printf(pt, "%s#include <linux/version.h>%s",
			     eol_first ? pt->eol : "", pt->eol);
	if (text)
		add_edit(pt, at, 0, text);
	free(text);
	return "";
}

int porter_keep_both(struct porter *pt, size_t from, size_t old_to,
		     size_t to, unsigned int since, size_t pos, size_t del,
		     const char *text)
{
	const char *eol = pt->eol, *buf = pt->buf, *vh;
	char *both;

	if (!text)
		return pt->error;
	vh = porter_version_h(pt, from);
	both = porter_printf(pt, "%s%s#if LINUX_VERSION_CODE >= KERNEL_VERSION(%u, %u, %u)%s%.*s%s%.*s%s#else%s%.*s%s#endif%s",
			     vh, *vh ? eol : "", since >> 16, (since >> 8) & 0xff,
			     since & 0xff, eol, (int)(pos - from), buf + from,
			     text, (int)(old_to - pos - del), buf + pos + del,
			     eol, eol, (int)(old_to - from), buf + from, eol,
			     eol);
	if (both)
		add_edit(pt, from, to - from, both);
	free(both);
	return pt->error;
}

int porter_add_since(struct porter *pt, size_t pos, unsigned int since,
		     const char *lines)
{
	const char *vh;
	char *text;

	if (!lines)
		return pt->error;
	vh = porter_version_h(pt, pos);
	text = porter_printf(pt, "%s%s#if LINUX_VERSION_CODE >= KERNEL_VERSION(%u, %u, %u)%s%s#endif%s",
			     vh, *vh ? pt->eol : "", since >> 16,
			     (since >> 8) & 0xff, since & 0xff, pt->eol, lines,
			     pt->eol);
	if (text)
		add_edit(pt, pos, 0, text);
	free(text);
	return pt->error;
}

/* The start of the line before the one that starts at pos, or pos. */
static size_t line_before(const char *buf, size_t pos)
{
	return pos ? line_start(buf, pos - 1) : pos;
}

bool porter_kept_old(const struct porter *pt, size_t pos)
{
	size_t l = line_before(pt->buf, line_start(pt->buf, pos)), k;

	if (strncmp(pt->buf + l, "#else", 5))
		return false;
	for (k = 0; k < 3 && l; k++) {
		l = line_before(pt->buf, l);
		if (!strncmp(pt->buf + l, "#if LINUX_VERSION_CODE >= ", 26))
			return true;
	}
	return false;
}

bool local_header_any(struct porter *pt, local_header_fn *fn, void *arg)
{
	const struct header_set *hs = file_headers(pt);
	const struct token *t;
	size_t k;

	for (k = 0; hs && k < hs->nr; k++)
		for (t = hs->h[k].tl.tok; t->type != TOKEN_EOF; t++)
			if (t->type == TOKEN_HEADER && fn(hs->h[k].buf, t, arg))
				return true;
	return false;
}
