// SPDX-License-Identifier: GPL-2.0
/*
 * params: module parameters from the command line and --append (see
 * params.h).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modinfo.h"
#include "params.h"

bool params_is_param(const char *word)
{
	const char *eq = strchr(word, '=');
	size_t len = strlen(word);

	if (!eq || eq == word)
		return false;
	/* a module's own path may hold '=': it still ends in .ko */
	return !(len > 3 && !strcmp(word + len - 3, ".ko"));
}

static void append_word(char **list, const char *word, size_t len)
{
	size_t old = *list ? strlen(*list) : 0;
	char *grown = realloc(*list, old + len + 2);

	if (!grown)
		err(2, "out of memory");
	if (old)
		grown[old++] = ' ';
	memcpy(grown + old, word, len);
	grown[old + len] = '\0';
	*list = grown;
}

void params_split(int argc, char **argv, struct operands *ops)
{
	int i;

	ops->paths = calloc((size_t)argc + 1, sizeof(*ops->paths));
	ops->params = calloc((size_t)argc + 1, sizeof(*ops->params));
	if (!ops->paths || !ops->params)
		err(2, "out of memory");
	ops->n = 0;
	for (i = 0; i < argc; i++) {
		if (!params_is_param(argv[i])) {
			ops->paths[ops->n++] = argv[i];
			continue;
		}
		if (!ops->n)
			errx(2, "%s: a module parameter before any module: parameters follow their module (modrun mod.ko %s)",
			     argv[i], argv[i]);
		append_word(&ops->params[ops->n - 1], argv[i], strlen(argv[i]));
	}
}

void params_free(struct operands *ops)
{
	int i;

	for (i = 0; i < ops->n; i++)
		free(ops->params[i]);
	free(ops->params);
	free(ops->paths);
}

/*
 * The next word of a command line, as the kernel splits it (next_arg():
 * spaces outside double quotes); its length, 0 at the end.
 */
static size_t next_word(const char **p)
{
	const char *s = *p;
	bool quoted = false;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	*p = s;
	while (*s && (quoted || (*s != ' ' && *s != '\t' && *s != '\n'))) {
		if (*s == '"')
			quoted = !quoted;
		s++;
	}
	return (size_t)(s - *p);
}

/* Names compare as the kernel's parameq(): '-' and '_' are the same. */
static bool same_name(const char *a, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		char x = a[i] == '-' ? '_' : a[i], y = b[i] == '-' ? '_' : b[i];

		if (x != y)
			return false;
	}
	return true;
}

/* The parameters a module declares, "a, b", from its parmtype= lines. */
static void declared(const char *info, size_t len, char *buf, size_t size)
{
	size_t i = 0, n, used = 0;
	const char *colon;

	buf[0] = '\0';
	while (i < len) {
		n = strnlen(info + i, len - i);
		colon = memchr(info + i, ':', n);
		if (n > 9 && !strncmp(info + i, "parmtype=", 9) && colon &&
		    used < size)
			used += (size_t)snprintf(buf + used, size - used,
						 "%s%.*s", used ? ", " : "",
						 (int)(colon - info - i - 9),
						 info + i + 9);
		i += n + 1;
	}
}

/* Does the module declare the parameter of "key=val" (len bytes)? */
static void check_param(const struct module_file *m, const char *word,
			size_t len)
{
	const char *info, *eq = memchr(word, '=', len);
	size_t klen = eq ? (size_t)(eq - word) : len, ilen = 0, i = 0, n;
	char names[1024];

	info = modinfo_strings(m->data, m->size, &ilen);
	while (info && i < ilen) {
		n = strnlen(info + i, ilen - i);
		if (n > 9 + klen && !strncmp(info + i, "parmtype=", 9) &&
		    info[i + 9 + klen] == ':' &&
		    same_name(info + i + 9, word, klen))
			return;
		i += n + 1;
	}
	declared(info ? info : "", ilen, names, sizeof(names));
	if (!names[0])
		errx(2, "%s: %.*s: module %s declares no parameters",
		     m->path, (int)len, word, m->info.name);
	errx(2, "%s: %.*s: module %s has no parameter '%.*s' (its parameters: %s)",
	     m->path, (int)len, word, m->info.name, (int)klen, word, names);
}

/* The words of list (len bytes each), checked and added to m's. */
static void add_params(struct module_file *m, const char *list)
{
	const char *p = list;
	size_t len;

	while ((len = next_word(&p))) {
		check_param(m, p, len);
		append_word(&m->params, p, len);
		p += len;
	}
}

/* "NAME.key=val" words of --append whose NAME is module m's. */
static void add_append_params(struct module_file *m, const char *append)
{
	const char *p = append, *dot;
	size_t len, nlen = strlen(m->info.name);

	while ((len = next_word(&p))) {
		dot = memchr(p, '.', len);
		if (dot && (size_t)(dot - p) == nlen &&
		    same_name(p, m->info.name, nlen) && memchr(p, '=', len) &&
		    memchr(p, '=', len) > (const void *)dot) {
			check_param(m, dot + 1, len - nlen - 1);
			append_word(&m->params, dot + 1, len - nlen - 1);
		}
		p += len;
	}
}

void params_attach(struct module_set *set, const struct operands *ops,
		   const char *append)
{
	int i;

	for (i = 0; i < set->n; i++) {
		if (i < ops->n && i < set->nr_given && ops->params[i])
			add_params(&set->m[i], ops->params[i]);
		if (append)
			add_append_params(&set->m[i], append);
	}
}
