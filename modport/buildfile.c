// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildfile.h"

#define SINCE_CCFLAGS_Y KV(2, 6, 34)	/* ccflags-y, asflags-y, ... */
#define GONE_CFLAGS KV(2, 6, 24)	/* KBUILD_CFLAGS: CFLAGS ignored */
#define GONE_SUBDIRS KV(5, 3, 0)
#define GONE_EXTRA_FLAGS KV(6, 15, 0)
#define CWD_IS_MODULE KV(6, 13, 0)	/* kbuild runs in M= from 6.13 */

bool buildfile_name(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	return !strcmp(base, "Makefile") || !strcmp(base, "makefile") ||
	       !strcmp(base, "GNUmakefile") || !strcmp(base, "Kbuild") ||
	       !strncmp(base, "Makefile.", 9) ||
	       (n > 3 && !strcmp(base + n - 3, ".mk"));
}

struct bf {
	const char *buf;
	size_t len;
	const struct rule_set *rs;	/* NULL: every rule */
	const struct kv_range *r;
	struct port *out;
	bool kbuild;		/* the file declares kbuild objects */
	bool muted;		/* the last finding's rule is not selected */
};

static int add_edit(struct bf *b, size_t pos, size_t del, const char *text)
{
	return b->muted ? 0 : port_add_edit(b->out, pos, del, text);
}

static int add_finding(struct bf *b, size_t pos, enum rule_id rule,
		       bool fixable, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int add_finding(struct bf *b, size_t pos, enum rule_id rule,
		       bool fixable, const char *fmt, ...)
{
	va_list ap;
	int ret;

	b->muted = b->rs && !b->rs->on[rule];
	if (b->muted)
		return 0;
	va_start(ap, fmt);
	ret = port_add_finding(b->out, pos, rule, SEV_WARNING, fixable, fmt, ap);
	va_end(ap);
	return ret;
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
	       c == '$' || c == '(' || c == ')';
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Does buf[s, e) contain the word w (not inside a longer name)? */
static bool has_word(const char *buf, size_t s, size_t e, const char *w)
{
	size_t n = strlen(w), i;
	const char *at;

	for (i = s; i + n <= e; i = (size_t)(at - buf) + 1) {
		at = memchr(buf + i, w[0], e - n + 1 - i);	/* its first byte */
		if (!at)
			break;
		i = (size_t)(at - buf);
		if (!memcmp(buf + i, w, n) &&
		    (i == s || !name_char(buf[i - 1]) || buf[i - 1] == '(') &&
		    (i + n == e || !name_char(buf[i + n]) || buf[i + n] == ')'))
			return true;
	}
	return false;
}

/* The kbuild flag variables and their modern names. */
static const char *const extra_old[] = {
	"EXTRA_CFLAGS", "EXTRA_AFLAGS", "EXTRA_CPPFLAGS", "EXTRA_LDFLAGS",
};
static const char *const extra_new[] = {
	"ccflags-y", "asflags-y", "cppflags-y", "ldflags-y",
};
#define NR_EXTRA (sizeof(extra_old) / sizeof(extra_old[0]))

static int is_name(const char *buf, size_t s, size_t e, const char *name)
{
	return e - s == strlen(name) && !memcmp(buf + s, name, e - s);
}

/* Relative -I paths in buf[s, e): -I$(src)/PATH before 6.13. */
static int include_paths(struct bf *b, size_t s, size_t e)
{
	size_t i, dot;

	if (!kv_below(b->r, CWD_IS_MODULE))
		return 0;
	for (i = s; i + 2 < e; i++) {
		const char *p = b->buf + i;
		size_t n;

		/*
		 * Only ./ and ../: a path like -Idrivers/foo is the kernel
		 * tree's own way (in-tree, kbuild runs at the top).
		 */
		if (p[0] != '-' || p[1] != 'I' || (i > s && !blank(p[-1])) ||
		    p[2] != '.' || (p[3] != '/' && p[3] != '.' &&
				    !blank(p[3]) && i + 3 < e))
			continue;
		for (n = 2; i + n < e && !blank(p[n]) && p[n] != '\\'; n++)
			;
		/* -I./x -> -I$(src)/x, -I. -> -I$(src), -I../x -> -I$(src)/../x */
		dot = n == 3 ? 1 : p[3] == '/' ? 2 : 0;
		if (add_finding(b, i, R_KBUILD_INCLUDE_PATH, true,
				"%.*s is relative to the directory kbuild runs in, the kernel's tree before Linux 6.13: use -I$(src)%s%.*s",
				(int)(n > 60 ? 60 : n), p, dot == 1 ? "" : "/",
				(int)(n - 2 - dot > 58 ? 58 : n - 2 - dot), p + 2 + dot) ||
		    add_edit(b, i + 2, dot, dot == 1 ? "$(src)" : "$(src)/"))
			return -ENOMEM;
		i += n;
	}
	return 0;
}

/* An assignment to name = buf[ns, ne); the value is buf[vs, ve). */
static int assignment(struct bf *b, size_t ns, size_t ne, size_t vs,
		      size_t ve)
{
	bool low = kv_below(b->r, SINCE_CCFLAGS_Y);
	size_t k;

	if (b->kbuild && is_name(b->buf, ns, ne, "CFLAGS") &&
	    kv_reaches(b->r, GONE_CFLAGS)) {
		if (add_finding(b, ns, R_KBUILD_CFLAGS, !low,
				"CFLAGS set in a kbuild Makefile is ignored since Linux 2.6.24 (kbuild compiles with KBUILD_CFLAGS): use ccflags-y%s",
				low ? " (since 2.6.34; EXTRA_CFLAGS before)" : "") ||
		    (!low && add_edit(b, ns, ne - ns, "ccflags-y")))
			return -ENOMEM;
		return include_paths(b, vs, ve);
	}
	for (k = 0; k < NR_EXTRA && b->kbuild; k++) {
		if (!is_name(b->buf, ns, ne, extra_old[k]))
			continue;
		while (vs < ve && blank(b->buf[vs]))
			vs++;
		if (vs == ve)
			return 0;	/* emptied (kbuild's own reset): nothing lost */
		if (kv_reaches(b->r, GONE_EXTRA_FLAGS) &&
		    (add_finding(b, ns, R_KBUILD_EXTRA_FLAGS, !low,
				 "%s is ignored since Linux 6.15: use %s (since 2.6.34)",
				 extra_old[k], extra_new[k]) ||
		     (!low && add_edit(b, ns, ne - ns, extra_new[k]))))
			return -ENOMEM;
		return k == 0 ? include_paths(b, vs, ve) : 0;
	}
	if (is_name(b->buf, ns, ne, "ccflags-y") ||
	    is_name(b->buf, ns, ne, "subdir-ccflags-y") ||
	    is_name(b->buf, ns, ne, "ccflags-m"))
		return include_paths(b, vs, ve);
	return 0;
}

/*
 * $(EXTRA_CFLAGS) and ${EXTRA_CFLAGS} read in buf[s, e); not on a line
 * that hands it to its modern name (ccflags-y += $(EXTRA_CFLAGS): kbuild's
 * own compatibility, which renaming would make recursive).
 */
static int references(struct bf *b, size_t s, size_t e)
{
	size_t i, k, n;

	for (i = s; i < e && blank(b->buf[i]); i++)
		;
	for (k = 0; k < NR_EXTRA; k++)
		if (!strncmp(b->buf + i, extra_new[k], strlen(extra_new[k])) &&
		    (blank(b->buf[i + strlen(extra_new[k])]) ||
		     strchr("+:?=", b->buf[i + strlen(extra_new[k])])))
			return 0;

	if (!b->kbuild || !kv_reaches(b->r, GONE_EXTRA_FLAGS) ||
	    kv_below(b->r, SINCE_CCFLAGS_Y))
		return 0;	/* a Makefile of programs: EXTRA_CFLAGS is its own */
	for (i = s; i + 3 < e; i++) {
		if (b->buf[i] != '$' || (b->buf[i + 1] != '(' && b->buf[i + 1] != '{'))
			continue;
		for (k = 0; k < NR_EXTRA; k++) {
			n = strlen(extra_old[k]);
			if (i + 2 + n < e && !memcmp(b->buf + i + 2, extra_old[k], n) &&
			    b->buf[i + 2 + n] == (b->buf[i + 1] == '(' ? ')' : '}'))
				break;
		}
		if (k == NR_EXTRA)
			continue;
		if (add_finding(b, i + 2, R_KBUILD_EXTRA_FLAGS, true,
				"%s is ignored since Linux 6.15: use %s (since 2.6.34)",
				extra_old[k], extra_new[k]) ||
		    add_edit(b, i + 2, n, extra_new[k]))
			return -ENOMEM;
	}
	return 0;
}

/* make ... SUBDIRS=DIR in buf[s, e): M=DIR. */
static int subdirs(struct bf *b, size_t s, size_t e)
{
	static const char w[] = "SUBDIRS";
	size_t i, n = sizeof(w) - 1;

	if (!kv_reaches(b->r, GONE_SUBDIRS) ||
	    !(has_word(b->buf, s, e, "$(MAKE)") || has_word(b->buf, s, e, "${MAKE}") ||
	      has_word(b->buf, s, e, "make")))
		return 0;
	for (i = s; i + n < e; i++) {
		if (memcmp(b->buf + i, w, n) || b->buf[i + n] != '=' ||
		    (i > s && !blank(b->buf[i - 1])))
			continue;
		if (add_finding(b, i, R_KBUILD_SUBDIRS, true,
				"make SUBDIRS= is rejected since Linux 5.3: use M=") ||
		    add_edit(b, i, n, "M"))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Does a line (not a recipe) begin with obj-m, obj-y, obj-$(...) or
 * NAME-objs: is this a kbuild file, not a Makefile of programs?
 */
static bool declares_objects(const char *buf, size_t len)
{
	size_t s = 0, i;

	while (s < len) {
		i = s;
		if (buf[i] != '\t') {
			while (i < len && blank(buf[i]))
				i++;
			if (!strncmp(buf + i, "obj-m", 5) || !strncmp(buf + i, "obj-y", 5) ||
			    !strncmp(buf + i, "obj-$(", 6))
				return true;
			while (i < len && name_char(buf[i]) && buf[i] != '$' &&
			       buf[i] != '(' && buf[i] != ')')
				i++;
			if (i - s > 5 && !memcmp(buf + i - 5, "-objs", 5))
				return true;
		}
		while (s < len && buf[s] != '\n')
			s++;
		s++;
	}
	return false;
}

/* One logical line buf[s, e) (splices included). */
static int line(struct bf *b, size_t s, size_t e)
{
	const char *buf = b->buf;
	size_t i, ce, ns, ne;
	int ret;

	for (ce = s; ce < e; ce++)	/* a comment ends what counts */
		if (buf[ce] == '#' && (ce == s || buf[ce - 1] != '\\'))
			break;
	ret = subdirs(b, s, ce);
	if (!ret)
		ret = references(b, s, ce);
	if (ret || buf[s] == '\t')	/* a recipe: no assignment */
		return ret;
	i = s;
	for (;;) {
		while (i < ce && blank(buf[i]))
			i++;
		if (ce - i > 9 && !memcmp(buf + i, "override", 8) && blank(buf[i + 8]))
			i += 9;
		else if (ce - i > 7 && !memcmp(buf + i, "export", 6) && blank(buf[i + 6]))
			i += 7;
		else
			break;
	}
	ns = i;
	while (i < ce && name_char(buf[i]) && buf[i] != '$' && buf[i] != '(' &&
	       buf[i] != ')')
		i++;
	ne = i;
	if (ne == ns)
		return 0;
	while (i < ce && blank(buf[i]))
		i++;
	if (i < ce && buf[i] == '=')
		i++;
	else if (i + 1 < ce && strchr("+?:!", buf[i]) && buf[i + 1] == '=')
		i += 2;
	else if (i + 2 < ce && !memcmp(buf + i, "::=", 3))
		i += 3;
	else
		return 0;
	return assignment(b, ns, ne, i, ce);
}

int buildfile_port(const char *buf, size_t len, const struct rule_set *rs,
		   struct port *out)
{
	struct kv_range r;
	struct bf b = { .buf = buf, .len = len, .rs = rs, .r = &r, .out = out };
	size_t s = 0, e;
	int ret;

	kv_target(rs, &r);
	out->open_pos = (size_t)-1;
	b.kbuild = declares_objects(buf, len);
	while (s < len) {
		for (e = s; e < len; e++) {
			if (buf[e] != '\n')
				continue;
			if (e > s && buf[e - 1] == '\\')
				continue;
			if (e > s + 1 && buf[e - 1] == '\r' && buf[e - 2] == '\\')
				continue;
			break;
		}
		ret = line(&b, s, e);
		if (ret)
			return ret;
		s = e + 1;
	}
	return 0;
}
