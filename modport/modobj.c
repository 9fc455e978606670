// SPDX-License-Identifier: GPL-2.0
/* modobj.c: is a .c a module of its own for kbuild (modobj.h)? */
#include <stdlib.h>
#include <string.h>

#include "modobj.h"
#include "source.h"

/* Is word[0..len) a whole word of the text [s, end): a make word? */
static bool has_word(const char *s, const char *end, const char *word,
		     size_t len)
{
	const char *p;

	for (p = s; p + len <= end; p++) {
		if (memcmp(p, word, len))
			continue;
		if ((p == s || strchr(" \t=+:", p[-1])) &&
		    (p + len == end || strchr(" \t\\\r\n", p[len])))
			return true;
	}
	return false;
}

/* The end of the logical line at s (backslash continuations joined). */
static const char *line_end_of(const char *s, const char *end)
{
	const char *p = s;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			return end;
		if (nl > p && nl[-1] == '\\') {
			p = nl + 1;
			continue;
		}
		if (nl > p + 1 && nl[-1] == '\r' && nl[-2] == '\\') {
			p = nl + 1;
			continue;
		}
		return nl;
	}
	return end;
}

/* Does the build file text say NAME.o is a module of NAME.c alone? */
static bool says_single(const char *buf, size_t len, const char *name)
{
	const char *s = buf, *end = buf + len, *e;
	size_t n = strlen(name);
	char *obj = malloc(n + 3);
	bool listed = false, composite = false;

	if (!obj)
		return false;
	memcpy(obj, name, n);
	memcpy(obj + n, ".o", 3);
	for (; s < end; s = e + 1) {
		const char *t = s;

		e = line_end_of(s, end);
		while (t < e && (*t == ' ' || *t == '\t'))
			t++;
		if ((size_t)(e - t) > 5 && !memcmp(t, "obj-m", 5) &&
		    strchr(" \t:+=", t[5]) && has_word(t + 5, e, obj, n + 2))
			listed = true;
		if ((size_t)(e - t) > n + 1 && !memcmp(t, name, n) &&
		    (!strncmp(t + n, "-objs", 5) || !strncmp(t + n, "-y", 2) ||
		     !strncmp(t + n, "-m", 2)) )
			composite = true;
		if (e == end)
			break;
	}
	free(obj);
	return listed && !composite;
}

bool modobj_single(const char *path)
{
	static const char *const files[] = { "Kbuild", "Makefile" };
	const char *slash = path ? strrchr(path, '/') : NULL;
	const char *base = slash ? slash + 1 : path;
	size_t dlen = slash ? (size_t)(slash - path + 1) : 0, blen, k;
	bool yes = false;

	if (!path || !strcmp(path, SOURCE_STDIN))
		return false;
	blen = strlen(base);
	if (blen < 3 || strcmp(base + blen - 2, ".c"))
		return false;
	for (k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
		char *bf = malloc(dlen + strlen(files[k]) + 1), *name, *buf;
		size_t len = 0;

		if (!bf)
			return false;
		memcpy(bf, path, dlen);
		strcpy(bf + dlen, files[k]);
		buf = source_slurp(bf, &len);
		free(bf);
		if (!buf)
			continue;
		name = strndup(base, blen - 2);
		yes = name && says_single(buf, len, name);
		free(name);
		free(buf);
		break;		/* kbuild reads Kbuild first */
	}
	return yes;
}
