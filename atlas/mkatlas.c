// SPDX-License-Identifier: GPL-2.0
/*
 * mkatlas: the interface atlas of the kernel, mined from its trees.
 *
 *	mkatlas [-o OUT] [-c TREES.CONF] [-k KEEP]... TREES
 *
 * For every release that TREES.CONF lists (atlas/trees.conf) and TREES
 * holds (TREES/RELEASE/{hdr,uapi,exports}, made by scripts/atlas-trees),
 * it harvests every header with modport's tokenizer and harvester
 * (modport/harvest.h) and writes which releases have each header path,
 * macro, function, typedef, enum constant, extern variable, struct or
 * union tag and member and exported symbol, and, where they change, the
 * arities and return types of functions and the signatures of methods
 * (a struct's members that point to functions).  Facts only: names, releases, arities.  The
 * output is sorted, so the same trees give the same bytes.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../modport/harvest.h"
#include "../modport/token.h"
#include "../modport/atlasfmt.h"
#include "../modport/kbuildarch.h"
#include "drops.h"

static const char *prog = "mkatlas";

struct entry {
	char *key;		/* "K\tTAG\tNAME" */
	uint32_t mask;		/* releases that have it */
	uint32_t *arity;	/* per release: arity sets (atlasfmt.h) */
	uint32_t *ret;		/* per release: return type id + 1 */
};

static struct entry *table;
static size_t table_size, table_used;
static char **rets;		/* return types by id */
static size_t nr_rets, alloc_rets;
static unsigned int cur;	/* the release being harvested */

static void die_nomem(void)
{
	fprintf(stderr, "%s: %s\n", prog, strerror(ENOMEM));
	exit(2);
}

static char *xstrndup(const char *s, size_t n)
{
	char *d = strndup(s, n);

	if (!d)
		die_nomem();
	return d;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die_nomem();
	return p;
}

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

static void grow_table(void)
{
	struct entry *old = table;
	size_t old_size = table_size, i, j;

	table_size = table_size ? 2 * table_size : 1 << 16;
	table = xcalloc(table_size, sizeof(*table));
	for (i = 0; i < old_size; i++) {
		if (!old[i].key)
			continue;
		for (j = hash_str(old[i].key) & (table_size - 1); table[j].key;
		     j = (j + 1) & (table_size - 1))
			;
		table[j] = old[i];
	}
	free(old);
}

static struct entry *lookup(const char *key)
{
	size_t j;

	if (2 * (table_used + 1) > table_size)
		grow_table();
	for (j = hash_str(key) & (table_size - 1); table[j].key;
	     j = (j + 1) & (table_size - 1))
		if (!strcmp(table[j].key, key))
			return &table[j];
	table[j].key = strdup(key);
	if (!table[j].key)
		die_nomem();
	table_used++;
	return &table[j];
}

/* "K<TAB>TAG<TAB>NAME" on the heap. */
static char *make_key(char kind, const char *tag, const char *name)
{
	size_t n = strlen(tag) + strlen(name) + 4;
	char *key = malloc(n);

	if (!key)
		die_nomem();
	snprintf(key, n, "%c\t%s\t%s", kind, tag, name);
	return key;
}

static struct entry *note(char kind, const char *tag, const char *name)
{
	char *key = make_key(kind, tag ? tag : "", name);
	struct entry *e = lookup(key);

	free(key);
	e->mask |= 1u << cur;
	return e;
}

/* OR mask into the entry of kind for name (no tag). */
static void note_mask(char kind, const char *name, uint32_t mask)
{
	char *key = make_key(kind, "", name);

	lookup(key)->mask |= mask;
	free(key);
}

static uint32_t ret_id(const char *ret)
{
	size_t i;

	for (i = 0; i < nr_rets; i++)	/* few distinct types per name */
		if (!strcmp(rets[i], ret))
			return (uint32_t)i + 1;
	if (nr_rets == alloc_rets) {
		alloc_rets = alloc_rets ? 2 * alloc_rets : 1024;
		rets = realloc(rets, alloc_rets * sizeof(*rets));
		if (!rets)
			die_nomem();
	}
	rets[nr_rets] = strdup(ret);
	if (!rets[nr_rets])
		die_nomem();
	return (uint32_t)++nr_rets;
}

static void note_arity(const char *name, int arity)
{
	struct entry *e = note(ATLAS_ARITY, NULL, name);

	if (!e->arity)
		e->arity = xcalloc(ATLAS_MAX_RELEASES, sizeof(*e->arity));
	e->arity[cur] |= atlas_arity_bit(arity);
}

static void note_ret(const char *name, const char *ret)
{
	struct entry *e = note(ATLAS_RET, NULL, name);

	if (!e->ret)
		e->ret = xcalloc(ATLAS_MAX_RELEASES, sizeof(*e->ret));
	if (!e->ret[cur])
		e->ret[cur] = ret_id(ret);
}

/*
 * A method member's signature in this release.  A tag that two headers
 * define with different methods (another architecture's struct clk_ops)
 * says nothing of either: its line is not written.
 */
#define AMBIGUOUS UINT32_MAX

static void note_sig(const char *tag, const char *name, const char *sig)
{
	struct entry *e = note(ATLAS_METHOD, tag, name);

	uint32_t id = ret_id(sig);

	if (!e->ret)
		e->ret = xcalloc(ATLAS_MAX_RELEASES, sizeof(*e->ret));
	if (!e->ret[cur])
		e->ret[cur] = id;
	else if (e->ret[cur] != id)
		e->ret[cur] = AMBIGUOUS;	/* two structs of that tag */
}

/* Do two signatures take the same structs at the same parameters? */
static bool same_structs(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), na, nb;
	unsigned int n = atlas_sig_arity(a, la), k;
	const char *ta, *tb;

	if (n != atlas_sig_arity(b, lb))
		return false;
	for (k = 0; k < n; k++) {
		na = atlas_sig_struct(a, la, k, &ta);
		nb = atlas_sig_struct(b, lb, k, &tb);
		if (na != nb || (na && memcmp(ta, tb, na)))
			return false;
	}
	return true;
}

/*
 * A function's signature in this release.  Two declarations (a stub
 * under #else, another architecture's) that take other structs say
 * nothing of either: the release is ambiguous, and the line is not
 * written; ones that differ otherwise (a const, a typedef) keep the first.
 */
static void note_fsig(const char *name, const char *sig)
{
	struct entry *e = note(ATLAS_FUNC_SIG, NULL, name);

	if (!e->ret)
		e->ret = xcalloc(ATLAS_MAX_RELEASES, sizeof(*e->ret));
	if (!e->ret[cur])
		e->ret[cur] = ret_id(sig);
	else if (e->ret[cur] != AMBIGUOUS &&
		 !same_structs(rets[e->ret[cur] - 1], sig))
		e->ret[cur] = AMBIGUOUS;
}

static const char *cur_header;	/* the header being harvested */

static bool exported_32(const char *name);

static void harvested(void *ctx, const struct harvest_name *hn)
{
	static const char kind[NR_HK] = {
		[HK_MACRO] = ATLAS_MACRO, [HK_FUNC] = ATLAS_FUNC,
		[HK_INLINE] = ATLAS_INLINE, [HK_TYPEDEF] = ATLAS_TYPEDEF,
		[HK_ENUM] = ATLAS_ENUM, [HK_VAR] = ATLAS_VAR,
		[HK_TAG] = ATLAS_TAG, [HK_MEMBER] = ATLAS_MEMBER,
		[HK_OPAQUE] = ATLAS_OPAQUE,
	};

	(void)ctx;
	note(hn->kind == HK_MACRO && hn->arity != ARITY_NONE ? ATLAS_FMACRO :
	     kind[hn->kind], hn->kind == HK_MEMBER ? hn->tag : NULL, hn->name);
	if (hn->kind == HK_OPAQUE) {	/* its members are not all known */
		note(ATLAS_OPAQUE, NULL, hn->tag);
		return;
	}
	if (hn->kind == HK_MACRO && hn->arity != ARITY_NONE)
		note_arity(hn->name, hn->arity);
	if (hn->kind == HK_MACRO && hn->member_path)
		note(ATLAS_MEMBER_MACRO, NULL, hn->name);
	if (hn->kind == HK_MACRO && hn->number && cur_header &&
	    hn->name[0] != '_')	/* a number its header gave (num_macro()) */
		note(ATLAS_NUM_MACRO, hn->name, cur_header);
	if (hn->kind == HK_MEMBER && hn->ret)
		note_sig(hn->tag, hn->name, hn->ret);
	if (hn->kind == HK_FUNC || hn->kind == HK_INLINE) {
		note_arity(hn->name, hn->arity);
		note_ret(hn->name, hn->ret);
		if (hn->sig)
			note_fsig(hn->name, hn->sig);
	}
	/*
	 * A name of 32-bit x86 only that a header of the kernel's own
	 * (linux/, not asm/, whose 32-bit and 64-bit halves a module
	 * reaches through one include) declares
	 */
	if ((hn->kind == HK_FUNC || hn->kind == HK_VAR) && cur_header &&
	    strncmp(cur_header, "asm/", 4) && exported_32(hn->name))
		note(ATLAS_X86_32, cur_header, hn->name);
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	struct stat st;

	if (!f)
		return NULL;
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode)) {
		buf = malloc((size_t)st.st_size + 1);
		if (buf && fread(buf, 1, (size_t)st.st_size, f) ==
			   (size_t)st.st_size) {
			*len = (size_t)st.st_size;
			buf[*len] = 0;
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

static int harvest_file(const char *path, const char *incpath)
{
	struct token_list tl = { 0 };
	size_t len;
	char *buf = read_all(path, &len);
	int ret;

	if (!buf) {
		fprintf(stderr, "%s: %s: cannot read: %s\n", prog, path,
			strerror(errno));
		return -errno;
	}
	note(ATLAS_HEADER, NULL, incpath);
	if (memchr(buf, 0, len)) {	/* not C: the path is all we keep */
		free(buf);
		return 0;
	}
	ret = tokenize(buf, len, &tl);
	cur_header = incpath;
	if (!ret)
		ret = harvest(buf, &tl, 0, harvested, NULL);
	if (!ret)
		drops_define(buf, &tl);
	cur_header = NULL;
	token_list_free(&tl);
	free(buf);
	return ret;
}

/* Every .h under dir, included as prefix/NAME. */
static int harvest_dir(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int ret = 0;

	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while (!ret && (de = readdir(d))) {
		char path[4096], inc[4096];
		struct stat st;
		size_t n = strlen(de->d_name);

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		snprintf(inc, sizeof(inc), "%s%s%s", prefix, *prefix ? "/" : "",
			 de->d_name);
		if (lstat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode))
			ret = harvest_dir(path, inc);
		else if (S_ISREG(st.st_mode) && n > 2 &&
			 !strcmp(de->d_name + n - 2, ".h"))
			ret = harvest_file(path, inc);
	}
	closedir(d);
	return ret;
}

static int read_exports(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];

	if (!f) {
		fprintf(stderr, "%s: %s: cannot read: %s\n", prog, path,
			strerror(errno));
		return -errno;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \t\r\n")] = 0;
		if (line[0])
			note(ATLAS_EXPORT, NULL, line);
	}
	fclose(f);
	return 0;
}

/*
 * The other architectures' <asm/...> headers of the release (asm.arch,
 * "ARCH<TAB>asm/PATH" a line), or the functions their asm headers declare
 * (decl.arch, "ARCH<TAB>NAME"): an entry for each and each architecture,
 * "a<TAB>asm/PATH<TAB>ARCH" ("o<TAB>NAME<TAB>ARCH"), which
 * write_arch_line() folds into one line.  A tree extracted before them
 * has none.
 */
/* The names of exports.x86_32 (a mark: the header that declares one is written) */
#define EXPORT_32 'X'

static void read_arch_lines(const char *path, char kind)
{
	FILE *f = fopen(path, "r");
	char line[1024], *tab;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (kind == EXPORT_32) {	/* a name a line */
			if (line[0])
				note(EXPORT_32, NULL, line);
			continue;
		}
		tab = strchr(line, '\t');
		if (!tab || tab == line || !tab[1] ||
		    (kind == ATLAS_ARCH_HEADER && strncmp(tab + 1, "asm/", 4)))
			continue;
		*tab = 0;
		note(kind, tab + 1, line);
	}
	fclose(f);
}

/*
 * An architecture gets every asm-generic header it does not override as
 * <asm/X.h> (generic-y, mandatory-y: generated at build time, so a source
 * tree lacks them).
 */
static void add_generic_asm(void)
{
	static const char prefix[] = "h\t\tasm-generic/";
	size_t i, n = 0, len = strlen(prefix);
	char **names = xcalloc(table_used, sizeof(*names));

	for (i = 0; i < table_size; i++)
		if (table[i].key && (table[i].mask & (1u << cur)) &&
		    !strncmp(table[i].key, prefix, len))
			names[n++] = table[i].key + len;
	for (i = 0; i < n; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "asm/%s", names[i]);
		note(ATLAS_HEADER, NULL, path);
	}
	free(names);
}

/*
 * The <asm/X.h> headers a release's build generates: the x86 Kbuild
 * files' "generated-y += X" (3.4's "genhdr-y"), such as unistd_32.h
 * from the syscall table.  A source tree lacks them, a module's build
 * has them.
 */
static void add_generated_asm(const char *kbuild)
{
	FILE *f = fopen(kbuild, "r");
	char line[512], var[64], name[256], path[300];

	if (!f)
		return;	/* before 3.4: none */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, " %63[a-z-] += %255s", var, name) == 2 &&
		    (!strcmp(var, "generated-y") || !strcmp(var, "genhdr-y")) &&
		    strlen(name) > 2 && !strcmp(name + strlen(name) - 2, ".h")) {
			snprintf(path, sizeof(path), "asm/%s", name);
			note(ATLAS_HEADER, NULL, path);
		}
	fclose(f);
}

/* A parameter every definition of the macro never compiles (drops.h). */
static void dropped_param(const char *macro, unsigned int param, bool rest)
{
	char n[16];

	snprintf(n, sizeof(n), "%u%s", param, rest ? "+" : "");
	note(ATLAS_DROPPED, macro, n);
}

static const struct entry *find(char kind, const char *name);

/* Does the release being harvested declare name as a function (or a variable)? */
static bool is_function(const char *name)
{
	static const char kinds[] = { ATLAS_FUNC, ATLAS_INLINE, ATLAS_VAR };
	const struct entry *e;
	size_t k;

	for (k = 0; k < sizeof(kinds); k++)
		if ((e = find(kinds[k], name)) && (e->mask & (1u << cur)))
			return true;
	return false;
}

/* The releases whose tree has exports.x86_32 (all, or no w line) */
static uint32_t have_32;

/* Does the release being harvested export name on 32-bit x86 only? */
static bool exported_32(const char *name)
{
	const struct entry *e = find(EXPORT_32, name);

	return e && (e->mask & (1u << cur));
}

static int harvest_release(const char *trees, const char *rel)
{
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/%s/exports.x86_32", trees, rel);
	if (!access(path, R_OK))
		have_32 |= 1u << cur;
	read_arch_lines(path, EXPORT_32);

	snprintf(path, sizeof(path), "%s/%s/hdr", trees, rel);
	ret = harvest_dir(path, "");
	snprintf(path, sizeof(path), "%s/%s/uapi", trees, rel);
	if (!ret)
		ret = harvest_dir(path, "");
	snprintf(path, sizeof(path), "%s/%s/exports", trees, rel);
	if (!ret)
		ret = read_exports(path);
	if (!ret)
		add_generic_asm();
	snprintf(path, sizeof(path), "%s/%s/hdr/asm/Kbuild", trees, rel);
	add_generated_asm(path);
	snprintf(path, sizeof(path), "%s/%s/uapi/asm/Kbuild", trees, rel);
	add_generated_asm(path);
	snprintf(path, sizeof(path), "%s/%s/asm.arch", trees, rel);
	read_arch_lines(path, ATLAS_ARCH_HEADER);
	snprintf(path, sizeof(path), "%s/%s/decl.arch", trees, rel);
	read_arch_lines(path, ATLAS_ARCH_FUNC);
	drops_release(dropped_param, is_function);
	return ret;
}

/* The releases of trees.conf that trees holds, in version order. */
static size_t read_releases(const char *conf, const char *trees,
			    char rel[][ATLAS_RELEASE_LEN])
{
	FILE *f = fopen(conf, "r");
	char line[1024], path[4096];
	size_t n = 0;
	struct stat st;

	if (!f) {
		fprintf(stderr, "%s: %s: cannot read: %s\n", prog, conf,
			strerror(errno));
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		char name[ATLAS_RELEASE_LEN];

		if (line[0] == '#' || sscanf(line, "%31s", name) != 1)
			continue;
		snprintf(path, sizeof(path), "%s/%s/hdr", trees, name);
		if (stat(path, &st)) {
			fprintf(stderr, "%s: %s: no tree at %s: skipped\n",
				prog, name, path);
			continue;
		}
		if (n == ATLAS_MAX_RELEASES) {
			fprintf(stderr, "%s: %s: more than %d releases\n",
				prog, conf, ATLAS_MAX_RELEASES);
			exit(2);
		}
		strcpy(rel[n++], name);
	}
	fclose(f);
	qsort(rel, n, sizeof(rel[0]), atlas_cmp_release);
	return n;
}

/* RANGES of a mask: "a-e,g". */
static void put_ranges(FILE *f, uint32_t mask)
{
	unsigned int k = 0, end;
	const char *sep = "";

	while (k < ATLAS_MAX_RELEASES) {
		if (!(mask & (1u << k))) {
			k++;
			continue;
		}
		for (end = k; end + 1 < ATLAS_MAX_RELEASES &&
		     (mask & (1u << (end + 1))); end++)
			;
		fprintf(f, "%s%c", sep, 'a' + k);
		if (end > k)
			fprintf(f, "-%c", 'a' + end);
		sep = ",";
		k = end + 1;
	}
}

static void put_arity(FILE *f, uint32_t set)
{
	unsigned int k;
	const char *sep = "";

	for (k = 0; k <= ATLAS_ARITY_EXACT_MAX; k++)
		if (set & (1u << k)) {
			fprintf(f, "%s%u", sep, k);
			sep = ",";
		}
	for (k = 0; k <= ATLAS_ARITY_EXACT_MAX; k++)
		if (set & (1u << (ATLAS_ARITY_VARIADIC_SHIFT + k))) {
			fprintf(f, "%s%u+", sep, k);
			sep = ",";
		}
	if (set & ATLAS_ARITY_UNKNOWN_BIT)
		fprintf(f, "%s?", sep);
}

/*
 * A per-release value v[0..nrel) (0: the release lacks the name), as
 * "A<TAB>NAME<TAB>VALUE:RANGES VALUE:RANGES", when it changes.
 */
static void put_values(FILE *f, const char *key, const uint32_t *v,
		       unsigned int nrel, const char *sep)
{
	uint32_t first = 0, done = 0, mask;
	unsigned int k, j;
	bool differ = false;

	for (k = 0; k < nrel; k++) {
		if (v[k] && first && v[k] != first)
			differ = true;
		if (!first)
			first = v[k];
	}
	if (!differ)
		return;
	for (k = 0; k < nrel; k++)
		if (v[k] == AMBIGUOUS)
			return;
	fprintf(f, "%c\t%s\t", key[0], key[2] == '\t' ? key + 3 : key + 2);
	for (k = 0; k < nrel; k++) {
		if (!v[k] || (done & (1u << k)))
			continue;
		for (mask = 0, j = k; j < nrel; j++)
			if (v[j] == v[k])
				mask |= 1u << j;
		fputs(done ? sep : "", f);
		done |= mask;
		if (key[0] == ATLAS_ARITY)
			put_arity(f, v[k]);
		else
			fputs(rets[v[k] - 1], f);
		fputc(':', f);
		put_ranges(f, mask);
	}
	fputc('\n', f);
}

/*
 * The names a keep file mentions (the table of API changes): its
 * identifiers, and the words and <headers> of its strings.  Their
 * releases are kept in the atlas even when nothing of them went away, so
 * that the table's "since" can be checked against it.
 */
static char **keep;
static size_t keep_size, keep_used;

static bool keep_has(const char *name)
{
	size_t j;

	if (!keep_size)
		return false;
	for (j = hash_str(name) & (keep_size - 1); keep[j];
	     j = (j + 1) & (keep_size - 1))
		if (!strcmp(keep[j], name))
			return true;
	return false;
}

static void keep_add(const char *name, size_t len)
{
	char word[256];
	size_t j;

	if (!len || len >= sizeof(word))
		return;
	memcpy(word, name, len);
	word[len] = 0;
	if (keep_has(word))
		return;
	if (2 * (keep_used + 1) > keep_size) {
		char **old = keep;
		size_t old_size = keep_size, i;

		keep_size = keep_size ? 2 * keep_size : 1024;
		keep = xcalloc(keep_size, sizeof(*keep));
		keep_used = 0;
		for (i = 0; i < old_size; i++)
			if (old[i])
				keep_add(old[i], strlen(old[i]));
		free(old);
	}
	for (j = hash_str(word) & (keep_size - 1); keep[j];
	     j = (j + 1) & (keep_size - 1))
		;
	keep[j] = strdup(word);
	if (!keep[j])
		die_nomem();
	keep_used++;
}

static bool is_name_char(char c)
{
	return c == '_' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
	       (c >= '0' && c <= '9');
}

/* The words of a string literal: names, and header paths in <>. */
static void keep_words(const char *s, size_t len)
{
	size_t i = 0, j;

	while (i < len) {
		if (s[i] == '<') {
			for (j = i + 1; j < len && s[j] != '>'; j++)
				;
			keep_add(s + i + 1, j - i - 1);
			i = j + 1;
			continue;
		}
		for (j = i; j < len && is_name_char(s[j]); j++)
			;
		keep_add(s + i, j - i);
		i = j > i ? j : i + 1;
	}
}

static void read_keep(const char *path)
{
	struct token_list tl = { 0 };
	size_t len, i;
	char *buf = read_all(path, &len);

	if (!buf || tokenize(buf, len, &tl)) {
		fprintf(stderr, "%s: %s: cannot read: %s\n", prog, path,
			strerror(errno ? errno : ENOMEM));
		exit(2);
	}
	for (i = 0; tl.tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl.tok[i];

		if (t->type == TOKEN_IDENT)
			keep_add(buf + t->pos, t->len);
		else if (t->type == TOKEN_STRING || t->type == TOKEN_HEADER)
			keep_words(buf + t->pos, t->len);
	}
	token_list_free(&tl);
	free(buf);
}

static bool kept(const struct entry *e)
{
	return keep_has(strrchr(e->key, '\t') + 1);
}

/* Does a release lack what an older one had? */
static bool gone(uint32_t mask, unsigned int nrel)
{
	unsigned int k;

	for (k = 1; k < nrel; k++)
		if ((mask & (1u << (k - 1))) && !(mask & (1u << k)))
			return true;
	return false;
}

static bool is_ident_kind(char k)
{
	return k == ATLAS_MACRO || k == ATLAS_FMACRO || k == ATLAS_FUNC ||
	       k == ATLAS_INLINE || k == ATLAS_TYPEDEF || k == ATLAS_ENUM ||
	       k == ATLAS_VAR || k == ATLAS_MEMBER_MACRO;
}

struct union_src {
	char kind;
	char *name;
	uint32_t mask, own;
};

/* Not written: a member name that some struct lost (add_unions). */
#define GONE_MEMBER 'G'
/*
 * Not written: a member of any struct, or where a struct that had it is
 * filled by a macro (add_unions): the releases of its M line.
 */
#define MAYBE_MEMBER 'W'
/* Not written: a tag that lost a member (add_unions). */
#define GONE_FROM_TAG 'g'

static const struct entry *find(char kind, const char *name);

/*
 * Where the struct of member key (".\tTAG\tMEMBER") has a body that a
 * macro fills (security_hook_heads from LSM_HOOK): the member may be
 * there, declared by the macro.
 */
static uint32_t opaque_mask(const char *key)
{
	const char *tag = key + 2, *tab = strchr(tag, '\t');
	char *name = xstrndup(tag, (size_t)(tab - tag));
	const struct entry *o = find(ATLAS_OPAQUE, name);

	free(name);
	return o ? o->mask : 0;
}

/*
 * The unions: an identifier of any kind (i), a member of any struct (M),
 * with the releases where a struct that had it is filled by a macro.
 * A name is gone only when no kind of it is left.  The entries are copied
 * out first: adding the unions grows the table.
 */
static void add_unions(unsigned int nrel)
{
	struct union_src *src = xcalloc(3 * table_used, sizeof(*src));
	size_t i, n = 0;

	for (i = 0; i < table_size; i++) {
		char kind = table[i].key ? table[i].key[0] : 0;

		if (!kind || table[i].arity || table[i].ret ||
		    !(is_ident_kind(kind) || kind == ATLAS_MEMBER))
			continue;
		if (kind == ATLAS_MEMBER && gone(table[i].mask, nrel)) {
			const char *tag = table[i].key + 2;

			src[n].kind = GONE_FROM_TAG;
			src[n].name = xstrndup(tag, (size_t)(strchr(tag, '\t') - tag));
			src[n++].mask = 1;
		}
		src[n].kind = kind == ATLAS_MEMBER ? ATLAS_ANY_MEMBER :
			      ATLAS_IDENT;
		src[n].name = strrchr(table[i].key, '\t') + 1;
		src[n].own = table[i].mask;
		src[n++].mask = table[i].mask;
		if (kind == ATLAS_MEMBER) {
			src[n].kind = MAYBE_MEMBER;
			src[n].name = src[n - 1].name;
			src[n++].mask = table[i].mask |
					opaque_mask(table[i].key);
		}
	}
	for (i = 0; i < n; i++) {	/* the keys stay where they are */
		note_mask(src[i].kind, src[i].name, src[i].mask);
		if (src[i].kind == ATLAS_ANY_MEMBER && gone(src[i].own, nrel))
			note_mask(GONE_MEMBER, src[i].name, 1);
		if (src[i].kind == GONE_FROM_TAG)
			free(src[i].name);
	}
	free(src);
}

/* The entry of kind for name, or NULL. */
static const struct entry *find(char kind, const char *name)
{
	char *key = make_key(kind, "", name);
	const struct entry *e = NULL;
	size_t j;

	for (j = hash_str(key) & (table_size - 1); table[j].key;
	     j = (j + 1) & (table_size - 1))
		if (!strcmp(table[j].key, key)) {
			e = &table[j];
			break;
		}
	free(key);
	return e;
}

/* Did name, as an identifier, a member or a tag, go away (or is it kept)? */
static bool kinds_vary(const char *name, uint32_t mask);

static bool interesting(const char *name, unsigned int nrel)
{
	uint32_t all = nrel >= 32 ? ~0u : (1u << nrel) - 1;
	const struct entry *id = find(ATLAS_IDENT, name);
	const struct entry *tag = find(ATLAS_TAG, name);
	const struct entry *x = find(ATLAS_EXPORT, name);

	if (find(GONE_MEMBER, name))
		return true;	/* its struct lost it: is a macro spelling it? */
	if (id && id->mask != all && find(GONE_FROM_TAG, name))
		return true;	/* a tag that lost a member, a macro somewhere */
	if (id && id->mask != all && (gone(id->mask, nrel) || kept(id)))
		return true;
	/*
	 * A name of the table that every release has, a function in some
	 * and a static inline in others (an extern function that became a
	 * static inline: nvram_read_byte() in 5.4), for the table's CLASH
	 * rows.
	 */
	if (id && kept(id) && kinds_vary(name, id->mask))
		return true;
	if (tag && tag->mask != all && (gone(tag->mask, nrel) || kept(tag)))
		return true;
	/*
	 * An export that went away from a name every release declares: the
	 * reader takes a name with an x line and no i line as always there.
	 */
	return x && x->mask != all && gone(x->mask, nrel) && id &&
	       id->mask != all;
}

/*
 * A member-spelling macro (#define flowi4_tos __fl_common.flowic_tos) that
 * a real member of that name replaced later (rpc_clnt's cl_prog) spells
 * nothing that can go missing: it is not written as one.
 */
static bool member_macro(const char *name)
{
	const struct entry *d = find(ATLAS_MEMBER_MACRO, name);
	const struct entry *m = find(ATLAS_ANY_MEMBER, name);
	uint32_t later;

	if (!d)
		return false;
	if (!m)
		return true;
	later = ~((d->mask & -d->mask) * 2 - 1);	/* after its first */
	return !(m->mask & later & ~d->mask);
}

/* The kinds of an identifier: "<TAB>f n:a-c" (a kind's releases when not all of the name's). */
static const char name_kinds[] = {
	ATLAS_MACRO, ATLAS_FMACRO, ATLAS_FUNC, ATLAS_INLINE,
	ATLAS_TYPEDEF, ATLAS_ENUM, ATLAS_VAR, ATLAS_MEMBER_MACRO,
};

/*
 * Is the name a function (an extern declaration) in some of the releases
 * that have it and a static inline in others?
 */
static bool kinds_vary(const char *name, uint32_t mask)
{
	const struct entry *f = find(ATLAS_FUNC, name);
	const struct entry *n = find(ATLAS_INLINE, name);

	return f && n && !f->arity && !f->ret && !n->arity && !n->ret &&
	       (f->mask != mask || n->mask != mask);
}

static void put_kinds(FILE *f, const char *name, uint32_t mask)
{
	const char *sep = "\t";
	size_t k;

	for (k = 0; k < sizeof(name_kinds); k++) {
		const struct entry *e = find(name_kinds[k], name);

		if (!e || e->arity || e->ret ||
		    (name_kinds[k] == ATLAS_MEMBER_MACRO && !member_macro(name)))
			continue;
		fprintf(f, "%s%c", sep, name_kinds[k]);
		if (e->mask != mask) {
			fputc(':', f);
			put_ranges(f, e->mask);
		}
		sep = " ";
	}
}

/*
 * Can modport use the identifier's line?  A finding is made of an
 * exported function, a type, a name of the table of changes, and the
 * line tells whether a struct tag or a member is a macro now.  A macro,
 * enum constant or variable alone is too often a header's private name
 * (SR, D, mode) to be reported, so its line would only weigh.
 */
static bool usable(const struct entry *e, const char *name)
{
	const struct entry *t = find(ATLAS_TYPEDEF, name);

	return find(ATLAS_EXPORT, name) || find(ATLAS_TAG, name) ||
	       find(GONE_MEMBER, name) || (t && !t->arity) || kept(e) ||
	       member_macro(name);	/* flowi4_tos */
}

/*
 * Is member entry e's struct one the table of changes names that is not
 * in every release (a struct that replaced another, ethtool_keee)?  Its
 * members are all written, so that a port to it can ask which it has.
 */
static bool new_kept_tag(const struct entry *e, unsigned int nrel)
{
	uint32_t all = nrel >= 32 ? ~0u : (1u << nrel) - 1;
	const char *tag = e->key + 2, *tab = strchr(tag, '\t');
	char *name = xstrndup(tag, (size_t)(tab - tag));
	const struct entry *t = find(ATLAS_TAG, name);
	bool yes = t && t->mask != all && keep_has(name) && e->mask != all;

	free(name);
	return yes;
}

/*
 * A number that a header gave its drivers (#define EFI_RTC_MINOR 136 of
 * 2.4's <linux/miscdevice.h>), key "D\tNAME\tHEADER": written, with the
 * releases that have NAME in any form, where NAME went away, HEADER is
 * in the oldest release (an interface that old drivers included, not a
 * register map of a later platform: uv_mmrs.h alone would write 2,262)
 * and the newest still has it (so an #include of it builds and the name
 * is where the build stops) and lacks NAME in any form, and no i line
 * says it already.  A macro alone is too often a header's private
 * name to report (usable()); modport asks these only of a file that
 * includes that header and shows its age otherwise.
 */
static void num_macro(FILE *f, const struct entry *e, unsigned int nrel)
{
	const char *name = e->key + 2, *tab = strchr(name, '\t');
	char *n = xstrndup(name, (size_t)(tab - name));
	const struct entry *id = find(ATLAS_IDENT, n);
	const struct entry *h = find(ATLAS_HEADER, tab + 1);
	uint32_t newest = 1u << (nrel - 1);

	if (id && gone(id->mask, nrel) && !(id->mask & newest) &&
	    h && (h->mask & newest) && (h->mask & 1) &&
	    !(interesting(n, nrel) && usable(id, n))) {
		fprintf(f, "%c\t%s\t%s\t", ATLAS_NUM_MACRO, n, tab + 1);
		put_ranges(f, id->mask);
		fputc('\n', f);
	}
	free(n);
}

/* Does the per-release arity v[0..nrel) change (put_values() writes it)? */
static bool values_differ(const uint32_t *v, unsigned int nrel)
{
	uint32_t first = 0;
	unsigned int k;

	for (k = 0; k < nrel; k++) {
		if (v[k] && first && v[k] != first)
			return true;
		if (!first)
			first = v[k];
	}
	return false;
}

/*
 * The releases where a name whose arity changes is a macro (object-like
 * or with parameters, in any header, under any condition): where it is
 * not, "#ifdef NAME" is false on x86 (compat_binfmt_elf.c's
 * compat_start_thread, a macro on arm64 only).
 */
static void add_macro_marks(unsigned int nrel)
{
	char **names = xcalloc(table_used, sizeof(*names));
	size_t i, n = 0;

	for (i = 0; i < table_size; i++)
		if (table[i].key && table[i].key[0] == ATLAS_ARITY &&
		    table[i].arity && values_differ(table[i].arity, nrel))
			names[n++] = table[i].key + 3;
	for (i = 0; i < n; i++) {
		const struct entry *m = find(ATLAS_MACRO, names[i]);
		const struct entry *fm = find(ATLAS_FMACRO, names[i]);
		uint32_t mask = (m ? m->mask : 0) | (fm ? fm->mask : 0);

		if (mask)
			note_mask(ATLAS_ARITY_MACRO, names[i], mask);
	}
	free(names);
}

/*
 * Does a parameter of the function take another struct in one release
 * than in another (the same number of parameters)?  Only such a
 * function's signatures are written: a variable of the old struct passed
 * there is the wrong type.
 */
static bool structs_change(const struct entry *e, unsigned int nrel)
{
	unsigned int a, b;

	for (a = 0; a < nrel; a++)
		for (b = a + 1; e->ret[a] && e->ret[a] != AMBIGUOUS && b < nrel;
		     b++) {
			const char *x = rets[e->ret[a] - 1], *y, *tx, *ty;
			size_t lx = strlen(x), ly, nx, ny;
			unsigned int n, k;

			if (!e->ret[b] || e->ret[b] == AMBIGUOUS ||
			    e->ret[b] == e->ret[a])
				continue;
			y = rets[e->ret[b] - 1];
			ly = strlen(y);
			n = atlas_sig_arity(x, lx);
			if (n != atlas_sig_arity(y, ly))
				continue;
			for (k = 0; k < n; k++) {
				nx = atlas_sig_struct(x, lx, k, &tx);
				ny = atlas_sig_struct(y, ly, k, &ty);
				if (nx && ny && (nx != ny || memcmp(tx, ty, nx)))
					return true;
			}
		}
	return false;
}

static void write_entry(FILE *f, const struct entry *e, unsigned int nrel)
{
	const char *tab = strchr(e->key + 2, '\t');
	uint32_t all = nrel >= 32 ? ~0u : (1u << nrel) - 1, mask = e->mask;

	if (e->arity) {
		put_values(f, e->key, e->arity, nrel, " ");
		return;
	}
	if (e->key[0] == ATLAS_NUM_MACRO) {
		num_macro(f, e, nrel);
		return;
	}
	if (e->key[0] == ATLAS_DROPPED) {
		fprintf(f, "%s\t", e->key);
		put_ranges(f, mask);
		fputc('\n', f);
		return;
	}
	if (e->key[0] == ATLAS_ARITY_MACRO) {
		fprintf(f, "%c\t%s\t", e->key[0], tab + 1);
		put_ranges(f, mask);
		fputc('\n', f);
		return;
	}
	if (e->key[0] == ATLAS_FUNC_SIG && !structs_change(e, nrel))
		return;
	if (e->ret) {
		put_values(f, e->key, e->ret, nrel, ";");
		return;
	}
	if (is_ident_kind(e->key[0]) || e->key[0] == GONE_MEMBER ||
	    e->key[0] == GONE_FROM_TAG || e->key[0] == MAYBE_MEMBER) {
		return;		/* folded into its i line; a mark */
	} else if (e->key[0] == ATLAS_OPAQUE) {
		if (!find(GONE_FROM_TAG, tab + 1))
			return;	/* only where a lost member is judged */
	} else if (e->key[0] == ATLAS_MEMBER || e->key[0] == ATLAS_ANY_MEMBER) {
		/*
		 * A member is looked up in its struct, and only one that
		 * went away from it can be missing; the union over all
		 * structs (M) is written where it went away too: a member
		 * whose struct is unknown at its use (a->b.m) is missing
		 * only where no struct has it.
		 */
		if (e->key[0] == ATLAS_ANY_MEMBER) {
			const struct entry *w = find(MAYBE_MEMBER, tab + 1);

			if (!w || !gone(w->mask, nrel))
				return;
			mask = w->mask;
		} else if (!gone(e->mask, nrel) && !new_kept_tag(e, nrel)) {
			return;
		}
	} else if (e->key[0] == ATLAS_IDENT || e->key[0] == ATLAS_TAG) {
		if (!interesting(tab + 1, nrel) ||
		    (e->key[0] == ATLAS_IDENT && !usable(e, tab + 1)))
			return;
	} else if (e->key[0] == ATLAS_HEADER && !strncmp(tab + 1, "asm/", 4)) {
		;	/* every x86 one: another's tells another arch's file */
	} else if (e->mask == all || (!gone(e->mask, nrel) && !kept(e))) {
		return;
	}
	if (e->key[0] == ATLAS_MEMBER)
		fprintf(f, ".\t%.*s\t%s\t", (int)(tab - e->key - 2),
			e->key + 2, tab + 1);
	else
		fprintf(f, "%c\t%s\t", e->key[0], tab + 1);
	put_ranges(f, mask);
	if (e->key[0] == ATLAS_IDENT)
		put_kinds(f, tab + 1, e->mask);
	fputc('\n', f);
}

/* Did x86 have name at some release: a header (kind a), a name (o)? */
static bool x86_had(char kind, const char *name)
{
	static const char names[] = {
		ATLAS_MACRO, ATLAS_FMACRO, ATLAS_FUNC, ATLAS_INLINE,
		ATLAS_TYPEDEF, ATLAS_ENUM, ATLAS_VAR, ATLAS_MEMBER_MACRO,
	};
	size_t k;

	/* what the compiler knows, on any architecture: no function */
	static const char *const c_words[] = {
		"sizeof", "typeof", "__typeof__", "__typeof", "alignof",
		"_Alignof", "__alignof__", "__attribute__", "__attribute",
		"asm", "__asm__", "__asm", "__extension__", "_Static_assert",
		"if", "while", "for", "switch", "return", "defined", "int",
		"void", "char", "short", "long", "unsigned", "signed",
		"const", "volatile", "struct", "union", "enum", "static",
		"inline", "__inline__", "__inline", "extern", "register",
		"float", "double", "offsetof",
	};

	if (kind == ATLAS_X86_32)
		return false;	/* its names are x86's */
	for (k = 0; kind == ATLAS_ARCH_FUNC &&
	     k < sizeof(c_words) / sizeof(c_words[0]); k++)
		if (!strcmp(name, c_words[k]) || !strncmp(name, "__builtin_", 10))
			return true;
	if (kind == ATLAS_ARCH_HEADER)
		return find(ATLAS_HEADER, name) != NULL;
	for (k = 0; k < sizeof(names); k++)
		if (find(names[k], name))
			return true;
	return false;
}

/*
 * The a (o) line of the header (function) of sorted[i], an
 * ATLAS_ARCH_HEADER (ATLAS_ARCH_FUNC) entry, and of the entries after it
 * for the same one, one an architecture: the releases any has it, the
 * architectures; none when x86 had it at some release.  The index after
 * them.
 */
static size_t write_arch_line(FILE *f, struct entry **sorted, size_t i,
			      size_t n)
{
	const char kind = sorted[i]->key[0];
	const char *tag = sorted[i]->key + 2, *tab = strchr(tag, '\t');
	size_t tlen = (size_t)(tab - tag), j, k;
	uint32_t mask = 0;
	char *hdr = xstrndup(tag, tlen);
	bool x86 = x86_had(kind, hdr);

	for (j = i; j < n && sorted[j]->key[0] == kind &&
	     !strncmp(sorted[j]->key + 2, tag, tlen) &&
	     sorted[j]->key[2 + tlen] == '\t'; j++)
		mask |= sorted[j]->mask;
	if (!x86) {
		fprintf(f, "%c\t%s\t", kind, hdr);
		put_ranges(f, mask);
		for (k = i; k < j; k++)
			fprintf(f, "%c%s", k == i ? '\t' : ' ',
				sorted[k]->key + 3 + tlen);
		fputc('\n', f);
	}
	free(hdr);
	return j;
}

static void write_header(FILE *f, char rel[][ATLAS_RELEASE_LEN],
			 unsigned int nrel)
{
	unsigned int k;

	fputs("# modport atlas: the releases that have each interface of the kernel (atlas/mkatlas; modport/atlasfmt.h)\nreleases", f);
	for (k = 0; k < nrel; k++)
		fprintf(f, " %s", rel[k]);
	fputc('\n', f);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a;
	const struct entry *y = *(struct entry *const *)b;

	return strcmp(x->key, y->key);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: %s [-o OUT] [-c TREES.CONF] [-k KEEP]... TREES\n"
		"       %s --only32 TREE <FILES\n", prog, prog);
}

/*
 * --only32 TREE: of the .c files of the kernel tree TREE named on stdin
 * (one a line, from its top), print those x86 builds only for 32 bits
 * (kbuild_x86_32_only(): scripts/atlas-trees' exports.x86_32).
 */
static int only32(const char *tree)
{
	char line[4096], path[8192];

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0])
			continue;
		snprintf(path, sizeof(path), "%s/%s", tree, line);
		if (kbuild_x86_32_only(path))
			puts(line);
	}
	return ferror(stdout) ? 2 : 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "conf", required_argument, NULL, 'c' },
		{ "keep", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ "only32", required_argument, NULL, '3' },
		{ NULL, 0, NULL, 0 }
	};
	const char *out = NULL, *conf = "atlas/trees.conf";
	char rel[ATLAS_MAX_RELEASES][ATLAS_RELEASE_LEN];
	struct entry **sorted;
	size_t nrel, i, n = 0;
	FILE *f;
	int c;

	while ((c = getopt_long(argc, argv, "o:c:k:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'c':
			conf = optarg;
			break;
		case 'k':
			read_keep(optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		case '3':
			return only32(optarg);
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		usage(stderr);
		return 2;
	}
	nrel = read_releases(conf, argv[optind], rel);
	if (!nrel) {
		fprintf(stderr, "%s: no tree of %s in %s\n", prog, conf,
			argv[optind]);
		return 2;
	}
	for (cur = 0; cur < nrel; cur++) {
		fprintf(stderr, "%s: %s\n", prog, rel[cur]);
		if (harvest_release(argv[optind], rel[cur]))
			return 2;
	}
	if (have_32 != (1u << nrel) - 1)
		fprintf(stderr, "%s: a tree lacks exports.x86_32 (scripts/atlas-trees adds it): no w line\n",
			prog);
	add_unions((unsigned int)nrel);
	add_macro_marks((unsigned int)nrel);
	sorted = xcalloc(table_used, sizeof(*sorted));
	for (i = 0; i < table_size; i++)
		if (table[i].key)
			sorted[n++] = &table[i];
	qsort(sorted, n, sizeof(*sorted), cmp_entry);
	f = out ? fopen(out, "w") : stdout;
	if (!f) {
		fprintf(stderr, "%s: %s: cannot write: %s\n", prog, out,
			strerror(errno));
		return 2;
	}
	write_header(f, rel, (unsigned int)nrel);
	for (i = 0; i < n;) {
		if (sorted[i]->key[0] == ATLAS_X86_32 &&
		    have_32 != (1u << nrel) - 1) {
			i++;	/* a tree without exports.x86_32: none */
			continue;
		}
		if (sorted[i]->key[0] == ATLAS_ARCH_HEADER ||
		    sorted[i]->key[0] == ATLAS_ARCH_FUNC ||
		    sorted[i]->key[0] == ATLAS_X86_32) {
			i = write_arch_line(f, sorted, i, n);
			continue;
		}
		if (sorted[i]->key[0] == EXPORT_32) {
			i++;	/* a mark */
			continue;
		}
		write_entry(f, sorted[i++], (unsigned int)nrel);
	}
	if (ferror(f) || (out && fclose(f))) {
		fprintf(stderr, "%s: %s: cannot write: %s\n", prog,
			out ? out : "stdout", strerror(errno));
		return 2;
	}
	return 0;
}
