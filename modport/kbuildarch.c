// SPDX-License-Identifier: GPL-2.0
/* kbuildarch.c: files of a kernel tree that only another arch builds (kbuildarch.h). */
#include <dirent.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hashspan.h"
#include "kbuildarch.h"
#include "pathjoin.h"
#include "source.h"
#include "token.h"

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/*
 * The kernel tree that holds dir (absolute): the nearest folder above it
 * with arch/ and include/ - and, for the Kconfig questions, a Kconfig and
 * an arch/x86/Kconfig.  Into root; false when there is none.
 */
static bool tree_of_uncached(const char *dir, char *root, bool kconfig)
{
	char probe[PATH_MAX + 32];
	char *slash;

	if (strlen(dir) >= PATH_MAX)
		return false;
	strcpy(root, dir);
	for (;;) {
		snprintf(probe, sizeof(probe), "%s/arch", root);
		if (is_dir(probe)) {
			snprintf(probe, sizeof(probe), "%s/include", root);
			if (is_dir(probe) && !kconfig)
				return true;
			snprintf(probe, sizeof(probe), "%s/arch/x86/Kconfig", root);
			if (kconfig && is_file(probe))
				return true;
			return false;	/* a tree, without Kconfig: 2.4's */
		}
		slash = strrchr(root, '/');
		if (!slash || slash == root)
			return false;
		*slash = 0;
	}
}

/*
 * tree_of(), remembered for the last folder asked of each kind: a tree's
 * files come folder by folder, and fix writes no arch/ or include/.
 */
struct tree_memo {
	char dir[PATH_MAX], root[PATH_MAX];
	bool found, made;
};

static bool tree_of(const char *dir, char *root, bool kconfig)
{
	static struct tree_memo last[2];
	struct tree_memo *m = &last[kconfig];

	if (!m->made || strcmp(m->dir, dir)) {
		if (strlen(dir) >= PATH_MAX)
			return false;
		m->found = tree_of_uncached(dir, m->root, kconfig);
		strcpy(m->dir, dir);
		m->made = true;
	}
	if (m->found)
		strcpy(root, m->root);
	return m->found;
}

/* The absolute folder of the file at path, into dir: realpath()'s. */
static bool dir_of_file(const char *path, char *dir)
{
	char *slash;

	if (!path || !realpath(path, dir))
		return false;
	slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return false;
	*slash = 0;
	return true;
}

/* kbuild_known_regular()'s file, or "" */
static char known_regular[PATH_MAX];

void kbuild_known_regular(const char *path)
{
	if (!path || strlen(path) >= sizeof(known_regular))
		known_regular[0] = 0;
	else
		strcpy(known_regular, path);
}

/*
 * The real paths of folders found so far (real_folder()): open
 * addressing by the hash of the folder's path, doubled when half full.
 */
static struct {
	struct real_memo {
		char *folder, *real;	/* folder NULL: a free slot */
	} *v;
	size_t size, used;
} reals;

static struct real_memo *real_slot(const char *folder)
{
	size_t k = (size_t)(hash_span(folder, strlen(folder)) >> 32) &
		   (reals.size - 1);

	while (reals.v[k].folder && strcmp(reals.v[k].folder, folder))
		k = (k + 1) & (reals.size - 1);
	return &reals.v[k];
}

/* Remember that folder's real path is real (no memory: not remembered). */
static void real_remember(const char *folder, const char *real)
{
	struct real_memo *m;

	if (2 * (reals.used + 1) > reals.size) {
		struct real_memo *old = reals.v;
		size_t n = reals.size, k;

		reals.size = n ? 2 * n : 256;
		reals.v = calloc(reals.size, sizeof(*reals.v));
		if (!reals.v) {
			reals.v = old;
			reals.size = n;
			return;
		}
		for (k = 0; k < n; k++)
			if (old[k].folder)
				*real_slot(old[k].folder) = old[k];
		free(old);
	}
	m = real_slot(folder);
	m->folder = strdup(folder);
	m->real = strdup(real);
	if (!m->folder || !m->real) {
		free(m->folder);
		free(m->real);
		m->folder = m->real = NULL;
		return;
	}
	reals.used++;
}

/* real, "/" and name, in place (PATH_MAX bytes); false: too long. */
static bool append_name(char *real, const char *name)
{
	size_t n = strlen(real), k = strlen(name);
	size_t slash = n && real[n - 1] != '/';

	if (n + slash + k >= PATH_MAX)
		return false;
	real[n] = '/';
	memcpy(real + n + slash, name, k + 1);
	return true;
}

/*
 * The real path of the folder at folder, into real (PATH_MAX bytes), as
 * realpath() says it; false where it cannot.  From its parent's, where
 * lstat() says the folder is one, not a link: realpath() reads every
 * folder above, and a tree's folders share them.  Remembered.
 */
static bool real_folder(const char *folder, char *real)
{
	const char *slash = strrchr(folder, '/');
	const char *name = slash ? slash + 1 : "";
	size_t n = slash ? (size_t)(slash - folder) : 0;
	struct real_memo *m = reals.size ? real_slot(folder) : NULL;
	char parent[PATH_MAX];
	struct stat st;
	bool found = false;

	if (m && m->folder) {
		strcpy(real, m->real);
		return true;
	}
	if (n && n < sizeof(parent) && *name && strcmp(name, ".") &&
	    strcmp(name, "..")) {
		memcpy(parent, folder, n);
		parent[n] = 0;
		found = real_folder(parent, real) && !lstat(folder, &st) &&
			S_ISDIR(st.st_mode) && append_name(real, name);
	}
	if (!found && !realpath(folder, real))
		return false;
	real_remember(folder, real);
	return true;
}

/*
 * dir_of_file() with realpath() asked of the folder part, remembered for
 * the last folder: a tree's files come folder by folder, and realpath()
 * reads every folder above.  A file that is itself a symbolic link is
 * resolved whole (its folder is its target's); one known not to be
 * (kbuild_known_regular()) is not asked.
 */
static bool dir_of_uncached(const char *path, char *dir)
{
	static char last[PATH_MAX], last_real[PATH_MAX];
	static bool found, made;
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	struct stat st;

	if (n == 0 || n >= PATH_MAX ||
	    (strcmp(path, known_regular) &&
	     (lstat(path, &st) || S_ISLNK(st.st_mode))))
		return dir_of_file(path, dir);
	if (!made || strlen(last) != n || memcmp(last, path, n)) {
		memcpy(last, path, n);
		last[n] = 0;
		found = real_folder(last, last_real) &&
			strcmp(last_real, "/");
		made = true;
	}
	if (found)
		strcpy(dir, last_real);
	return found;
}

/*
 * dir_of(), remembered for the last path asked: the rules of one file
 * ask for it again and again, and realpath() reads every folder above.
 */
static bool dir_of(const char *path, char *dir)
{
	static char last[PATH_MAX], last_dir[PATH_MAX];
	static bool found, made;

	if (!path)
		return false;
	if (!made || strcmp(last, path)) {
		if (strlen(path) >= PATH_MAX)
			return dir_of_uncached(path, dir);
		found = dir_of_uncached(path, last_dir);
		strcpy(last, path);
		made = true;
	}
	if (found)
		strcpy(dir, last_dir);
	return found;
}

/* ---- Kconfig: the symbols x86 never sets ---- */

struct kdef {
	bool other_arch;	/* in arch/OTHER/ */
	bool settable;		/* a prompt, a default other than n, an option */
	char *deps;		/* its "depends on" and if conditions, '&&'-joined */
};

/* The questions: does x86 never set the symbol, or does no build? */
enum kmode { ON_X86, ON_ANY, KMODES };

struct ksym {
	char *name;
	struct kdef *def;
	size_t nr_def;
	char **selectors;	/* the symbols that select (or imply) it */
	size_t nr_sel;
	int state[KMODES][2];	/* 0 not asked, 1 asking, 2 off, 3 maybe on;
				 * [mode][1]: as a 64-bit build sees it (only32) */
};

/* kbuild_x86_32_only(): a 64-bit x86 build's view, X86_32 never set */
static bool only32;

static struct {
	bool made;
	char root[PATH_MAX];
	struct ksym **sym;	/* open addressing by name */
	size_t size, used;
} kc;

static struct ksym *ksym(const char *s, size_t len, bool add)
{
	size_t j, k;
	struct ksym *n;

	if (add && 2 * (kc.used + 1) > kc.size) {
		struct ksym **old = kc.sym;
		size_t old_size = kc.size;

		kc.size = kc.size ? 2 * kc.size : 4096;
		kc.sym = calloc(kc.size, sizeof(*kc.sym));
		if (!kc.sym) {
			kc.sym = old;
			kc.size = old_size;
			return NULL;
		}
		for (k = 0; k < old_size; k++) {
			if (!old[k])
				continue;
			j = hash_span(old[k]->name, strlen(old[k]->name)) &
			    (kc.size - 1);
			while (kc.sym[j])
				j = (j + 1) & (kc.size - 1);
			kc.sym[j] = old[k];
		}
		free(old);
	}
	if (!kc.size)
		return NULL;
	for (j = hash_span(s, len) & (kc.size - 1); kc.sym[j];
	     j = (j + 1) & (kc.size - 1))
		if (!strncmp(kc.sym[j]->name, s, len) && !kc.sym[j]->name[len])
			return kc.sym[j];
	if (!add || !(n = calloc(1, sizeof(*n))) || !(n->name = strndup(s, len))) {
		if (add && n)
			free(n);
		return NULL;
	}
	kc.sym[j] = n;
	kc.used++;
	return n;
}

/* The word at *p (skipping blanks), advanced past; its length. */
static size_t take_word(const char **p)
{
	const char *s = *p;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (ident_byte(s[n]))
		n++;
	*p = s;
	return n;
}

/* Does line l (blanks skipped) start with keyword kw and a blank? */
static const char *keyword(const char *l, const char *kw)
{
	size_t n = strlen(kw);

	return !strncmp(l, kw, n) && (l[n] == ' ' || l[n] == '\t') ?
	       l + n : NULL;
}

/* s and t joined as "(s) && (t)" (s may be NULL); NULL on no memory. */
static char *and_of(const char *s, const char *t, size_t tlen)
{
	size_t n = (s ? strlen(s) + 8 : 0) + tlen + 3;
	char *r = malloc(n);

	if (!r)
		return NULL;
	if (s)
		snprintf(r, n, "%s && (%.*s)", s, (int)tlen, t);
	else
		snprintf(r, n, "(%.*s)", (int)tlen, t);
	return r;
}

#define KC_IF_MAX 32

/*
 * Does the line l of a config entry let a build set the symbol: a prompt
 * ("bool "text"", "prompt "text""), a default other than n ("default y",
 * "def_bool X"), an option?  A "bool" alone does not: BROKEN's.
 */
static bool kconfig_sets(const char *l)
{
	static const char *const typed[] = {
		"bool", "tristate", "string", "int", "hex", "boolean", "prompt",
	};
	static const char *const deflt[] = {
		"default", "def_bool", "def_tristate",
	};
	const char *p;
	size_t k;

	for (k = 0; k < sizeof(typed) / sizeof(*typed); k++)
		if ((p = keyword(l, typed[k])))
			return p[strspn(p, " \t")] == '"' ||
			       p[strspn(p, " \t")] == '\'';
	for (k = 0; k < sizeof(deflt) / sizeof(*deflt); k++)
		if ((p = keyword(l, deflt[k]))) {
			p += strspn(p, " \t");
			return !(p[0] == 'n' && !ident_byte(p[1]));
		}
	return keyword(l, "option") || !strcmp(l, "modules");
}

/* Read one Kconfig file (rel: its path under the tree). */
static void kconfig_read(const char *path, const char *rel)
{
	size_t len, ifs = 0;
	char *buf = source_slurp(path, &len), *line, *next, *ifc[KC_IF_MAX];
	struct ksym *cur = NULL;
	struct kdef *def = NULL;
	bool other = !strncmp(rel, "arch/", 5) && strncmp(rel + 5, "x86/", 4);
	int help = -1;	/* the help text's indent: its lines are skipped */

	if (!buf)
		return;
	for (line = buf; line && *line; line = next) {
		const char *l = line, *p;
		int indent = 0;
		size_t n;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		for (; *l == ' ' || *l == '\t'; l++)
			indent += *l == '\t' ? 8 : 1;
		if (!*l || *l == '#')
			continue;
		if (help >= 0 && indent > help)
			continue;	/* help text */
		help = -1;
		if ((p = keyword(l, "config")) || (p = keyword(l, "menuconfig"))) {
			n = take_word(&p);
			cur = ksym(p, n, true);
			def = NULL;
			if (cur) {
				struct kdef *d = realloc(cur->def, (cur->nr_def + 1) *
							 sizeof(*d));

				if (d) {
					cur->def = d;
					def = &d[cur->nr_def++];
					def->other_arch = other;
					def->settable = false;
					def->deps = NULL;
					for (n = 0; n < ifs && n < KC_IF_MAX; n++) {
						char *a = and_of(def->deps, ifc[n],
								 strlen(ifc[n]));

						free(def->deps);
						def->deps = a;
					}
				}
			}
			continue;
		}
		if ((p = keyword(l, "depends")) && (p = keyword(p + strspn(p, " \t"), "on"))) {
			if (def) {
				char *a = and_of(def->deps, p, strlen(p));

				free(def->deps);
				def->deps = a;
			}
			continue;
		}
		if (def && kconfig_sets(l))
			def->settable = true;
		if (((p = keyword(l, "select")) || (p = keyword(l, "imply"))) &&
		    cur) {
			struct ksym *s;
			char **sel;

			n = take_word(&p);
			s = n ? ksym(p, n, true) : NULL;
			if (s && (sel = realloc(s->selectors, (s->nr_sel + 1) *
						sizeof(*sel))) &&
			    (sel[s->nr_sel] = strdup(cur->name))) {
				s->selectors = sel;
				s->nr_sel++;
			} else if (s && sel) {
				s->selectors = sel;
			}
			continue;
		}
		if (!strcmp(l, "help") || !strncmp(l, "help ", 5) ||
		    !strncmp(l, "---help---", 10)) {
			help = indent;
			continue;
		}
		if ((p = keyword(l, "if"))) {
			if (ifs < KC_IF_MAX)
				ifc[ifs] = strdup(p);
			ifs++;
			cur = NULL;
			def = NULL;
			continue;
		}
		if (!strncmp(l, "endif", 5) && !ident_byte(l[5])) {
			if (ifs && --ifs < KC_IF_MAX)
				free(ifc[ifs]);
			cur = NULL;
			def = NULL;
			continue;
		}
		if (keyword(l, "menu") || keyword(l, "choice") || !strcmp(l, "choice") ||
		    keyword(l, "comment") || keyword(l, "source") ||
		    keyword(l, "rsource") || keyword(l, "osource") ||
		    !strncmp(l, "endmenu", 7) || !strncmp(l, "endchoice", 9)) {
			cur = NULL;
			def = NULL;
		}
	}
	while (ifs)
		if (--ifs < KC_IF_MAX)
			free(ifc[ifs]);
	free(buf);
}

/* Every Kconfig* file under dir (rel: its path in the tree). */
/*
 * The Kconfig files kconfig_walk() reads, and kconfig_walks_to() says a
 * caller's walk found: none under a folder of this name, none more than
 * this many folders deep.
 */
#define KCONFIG_SKIPPED "Documentation"
#define KCONFIG_MAX_DEPTH 16

static void kconfig_walk(const char *dir, const char *rel, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[PATH_MAX], sub[PATH_MAX];
		struct stat st;
		unsigned char type;

		if (de->d_name[0] == '.' || !strcmp(de->d_name, KCONFIG_SKIPPED) ||
		    !path_join_to(path, sizeof(path), dir, de->d_name) ||
		    !path_join_to(sub, sizeof(sub), rel, de->d_name))
			continue;
		/* the entry's own type, as lstat() says: asked only if unknown */
		type = de->d_type;
		if (type == DT_UNKNOWN) {
			if (lstat(path, &st))
				continue;
			type = S_ISDIR(st.st_mode) ? DT_DIR :
			       S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		}
		if (type == DT_DIR && depth < KCONFIG_MAX_DEPTH)
			kconfig_walk(path, sub, depth + 1);
		else if (type == DT_REG &&
			 !strncmp(de->d_name, KBUILD_KCONFIG_PREFIX,
				  sizeof(KBUILD_KCONFIG_PREFIX) - 1))
			kconfig_read(path, sub);
	}
	closedir(d);
}

static bool sym_off(const char *s, size_t len, enum kmode mode);

/* The value of a Kconfig expression: 0 n (on x86, or on any), 1 maybe set. */
struct kexpr {
	const char *p;
	enum kmode mode;
};

static int kx_or(struct kexpr *x);

static void kx_blank(struct kexpr *x)
{
	while (*x->p == ' ' || *x->p == '\t')
		x->p++;
}

static int kx_atom(struct kexpr *x)
{
	const char *s;
	size_t n;
	int v;

	kx_blank(x);
	if (*x->p == '!') {
		x->p++;
		kx_blank(x);
		s = x->p;
		n = take_word(&s);
		if (only32 && ((n == 6 && !memcmp(s, "X86_64", 6)) ||
			       (n == 5 && !memcmp(s, "64BIT", 5)))) {
			x->p = s + n;
			return 0;	/* !X86_64 on a 64-bit build */
		}
		kx_atom(x);
		return 1;	/* !n is y; !y, unknown here, maybe */
	}
	if (*x->p == '(') {
		x->p++;
		v = kx_or(x);
		kx_blank(x);
		if (*x->p == ')')
			x->p++;
		return v;
	}
	if (*x->p == '"') {
		for (x->p++; *x->p && *x->p != '"'; x->p++)
			;
		if (*x->p)
			x->p++;
		return 1;
	}
	s = x->p;
	n = take_word(&x->p);
	s = x->p;
	x->p += n;
	v = n == 1 && *s == 'n' ? 0 :
	    n && !(n == 1 && (*s == 'y' || *s == 'm')) && sym_off(s, n, x->mode) ? 0 : 1;
	kx_blank(x);
	if (*x->p == '=' || (x->p[0] == '!' && x->p[1] == '=') ||
	    *x->p == '<' || *x->p == '>') {
		bool eq = *x->p == '=';

		x->p += x->p[1] == '=' ? 2 : 1;
		kx_blank(x);
		s = x->p;
		n = take_word(&x->p);
		s = x->p;
		x->p += n;
		/* X=y, X=m of a symbol x86 never sets: n */
		return eq && n == 1 && (*s == 'y' || *s == 'm') ? v : 1;
	}
	return v;
}

static int kx_and(struct kexpr *x)
{
	int v = kx_atom(x);

	for (;;) {
		kx_blank(x);
		if (x->p[0] != '&' || x->p[1] != '&')
			return v;
		x->p += 2;
		v = kx_atom(x) && v;
	}
}

static int kx_or(struct kexpr *x)
{
	int v = kx_and(x);

	for (;;) {
		kx_blank(x);
		if (x->p[0] != '|' || x->p[1] != '|')
			return v;
		x->p += 2;
		v = kx_and(x) || v;
	}
}

/*
 * Does x86 (ON_X86), or does no build (ON_ANY), never set the symbol
 * s[0..len)?  Every definition is one no build can set (no prompt, no
 * default: BROKEN's "bool"), or - on x86 - another architecture's, or
 * depends on such a symbol; and nothing that may be set selects or
 * implies it.  A symbol without a definition, or asked again while it is
 * asked (a cycle), may be set.
 */
static bool sym_off(const char *s, size_t len, enum kmode mode)
{
	struct ksym *k;
	size_t i;
	bool off = true;

	if (only32 && len == 6 && !memcmp(s, "X86_32", 6))
		return true;
	k = ksym(s, len, false);
	if (!k || !k->nr_def || k->state[mode][only32] == 1)
		return false;
	if (k->state[mode][only32])
		return k->state[mode][only32] == 2;
	k->state[mode][only32] = 1;
	for (i = 0; off && i < k->nr_def; i++) {
		struct kexpr x = { k->def[i].deps, mode };

		off = !k->def[i].settable ||
		      (mode == ON_X86 && k->def[i].other_arch) ||
		      (k->def[i].deps && !kx_or(&x));
	}
	for (i = 0; off && i < k->nr_sel; i++)
		off = sym_off(k->selectors[i], strlen(k->selectors[i]), mode);
	k->state[mode][only32] = off ? 2 : 3;
	return off;
}

/* Read the Kconfig files of the tree at root, once. */
static void kconfig_made(const char *root)
{
	if (kc.made && !strcmp(kc.root, root))
		return;
	if (kc.made)
		return;		/* one tree a run: another is never asked */
	kc.made = true;
	strcpy(kc.root, root);
	kconfig_walk(root, "", 0);
}

/* The Kconfig files read, forgotten: none read. */
static void kconfig_forget(void)
{
	size_t k, d;

	for (k = 0; k < kc.size; k++) {
		struct ksym *s = kc.sym[k];

		if (!s)
			continue;
		for (d = 0; d < s->nr_def; d++)
			free(s->def[d].deps);
		for (d = 0; d < s->nr_sel; d++)
			free(s->selectors[d]);
		free(s->def);
		free(s->selectors);
		free(s->name);
		free(s);
	}
	free(kc.sym);
	memset(&kc, 0, sizeof(kc));
}

/* The tree whose Kconfig files a question about the file at path reads. */
static bool kconfig_root(const char *path, char *root)
{
	char dir[PATH_MAX];

	return dir_of(path, dir) && tree_of(dir, root, true);
}

void kbuild_read_kconfig(const char *path)
{
	char root[PATH_MAX];

	if (kconfig_root(path, root))
		kconfig_made(root);
}

/*
 * kbuild_kconfig_start()'s reading: a thread that touches kc, kconfig_*()
 * and nothing else of this file (tree_of() and dir_of() keep memos) - and,
 * fed by the caller's walk, the queue of the Kconfig files it found, under
 * the lock.
 */
static struct {
	pthread_t thread;
	bool running;
	char root[PATH_MAX];
	bool fed;		/* the folder is the tree: its walk feeds us */
	size_t skip;		/* the bytes before a found file's path in it */
	pthread_mutex_t lock;
	pthread_cond_t more;
	char **found;		/* found, [head, nr) not yet read */
	size_t head, nr, alloc;
	bool walked;		/* no more will come */
	bool lost;		/* one found was lost (no memory) */
} early = { .lock = PTHREAD_MUTEX_INITIALIZER,
	    .more = PTHREAD_COND_INITIALIZER };

/* The next file the walk found, or NULL once the walk is over. */
static char *next_found(void)
{
	char *path = NULL;

	pthread_mutex_lock(&early.lock);
	while (early.head == early.nr && !early.walked)
		pthread_cond_wait(&early.more, &early.lock);
	if (early.head < early.nr)
		path = early.found[early.head++];
	pthread_mutex_unlock(&early.lock);
	return path;
}

/*
 * The Kconfig files the caller's walk hands over, read as they come: the
 * same files kconfig_walk() reads, with no second walk of the tree.
 */
static void read_fed(void)
{
	char *path;

	kc.made = true;
	strcpy(kc.root, early.root);
	while ((path = next_found())) {
		kconfig_read(path, path + early.skip);
		free(path);
	}
	if (early.lost) {	/* no memory for one: the walk of our own */
		kconfig_forget();
		kconfig_made(early.root);
	}
}

static void *read_early(void *arg)
{
	(void)arg;
	if (early.fed)
		read_fed();
	else
		kconfig_made(early.root);
	return NULL;
}

void kbuild_kconfig_start(const char *path)
{
	char dir[PATH_MAX];
	size_t n = strlen(path);

	if (kc.made || early.running || !is_dir(path) || !realpath(path, dir) ||
	    !tree_of_uncached(dir, early.root, true))
		return;
	early.fed = !strcmp(dir, early.root) && n && path[n - 1] != '/';
	early.skip = n + 1;
	early.running = !pthread_create(&early.thread, NULL, read_early, NULL);
}

bool kbuild_kconfig_fed(void)
{
	return early.running && early.fed;
}

/*
 * Is rel (a file's path in the tree) one kconfig_walk() reads: no
 * KCONFIG_SKIPPED folder on the way, and no deeper than
 * KCONFIG_MAX_DEPTH folders?
 */
static bool kconfig_walks_to(const char *rel)
{
	static const char skipped[] = "/" KCONFIG_SKIPPED "/";
	size_t depth = 0;
	const char *p;

	for (p = rel; *p; p++)
		depth += *p == '/';
	return depth <= KCONFIG_MAX_DEPTH &&
	       strncmp(rel, skipped + 1, sizeof(skipped) - 2) &&
	       !strstr(rel, skipped);
}

void kbuild_kconfig_found(const char *path)
{
	char *copy;

	if (!kbuild_kconfig_fed() || strlen(path) <= early.skip ||
	    !kconfig_walks_to(path + early.skip))
		return;
	copy = strdup(path);
	pthread_mutex_lock(&early.lock);
	if (copy && early.nr == early.alloc) {
		size_t n = early.alloc ? 2 * early.alloc : 256;
		char **v = realloc(early.found, n * sizeof(*v));

		if (v) {
			early.found = v;
			early.alloc = n;
		}
	}
	if (copy && early.nr < early.alloc) {
		early.found[early.nr++] = copy;
		pthread_cond_signal(&early.more);
	} else {
		free(copy);
		early.lost = true;
	}
	pthread_mutex_unlock(&early.lock);
}

void kbuild_kconfig_walked(void)
{
	pthread_mutex_lock(&early.lock);
	early.walked = true;
	pthread_cond_signal(&early.more);
	pthread_mutex_unlock(&early.lock);
}

void kbuild_kconfig_join(const char *path)
{
	char root[PATH_MAX];

	if (!early.running)
		return;
	kbuild_kconfig_walked();	/* whatever the caller walked */
	pthread_join(early.thread, NULL);
	early.running = false;
	free(early.found);	/* each one read and freed by the thread */
	early.found = NULL;
	early.nr = early.alloc = 0;
	/* kbuild_read_kconfig(path) would read another tree, or none */
	if (!kconfig_root(path, root) || strcmp(root, kc.root))
		kconfig_forget();
}

/* ---- Makefiles: the conditions kbuild reaches a file or folder under ---- */

/* The end of the logical line at s (backslash continuations joined). */
static const char *mk_line_end(const char *s, const char *end)
{
	const char *nl;

	for (;;) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			return end;
		if (nl > s && nl[-1] == '\\') {
			s = nl + 1;
			continue;
		}
		return nl;
	}
}

/* Is word[0..len) a whole make word of [s, e)? */
static bool mk_has_word(const char *s, const char *e, const char *word,
			size_t len)
{
	const char *p;

	for (p = s; p + len <= e; p++)
		if (!memcmp(p, word, len) &&
		    (p == s || strchr(" \t=\\", p[-1])) &&
		    (p + len == e || strchr(" \t\\\r\n", p[len])))
			return true;
	return false;
}

enum reach { REACH_NONE, REACH_OFF, REACH_MAYBE };

/*
 * How the build file text [buf, end) reaches word (NAME.o, or DIR/): at
 * none of its lines, only under symbols that mode never sets, or maybe.
 */
static enum reach mk_reach(const char *buf, const char *end, const char *word,
			   size_t wlen, int depth, enum kmode mode)
{
	const char *s, *e, *t, *op, *c;
	enum reach r = REACH_NONE;

	for (s = buf; s < end && r != REACH_MAYBE; s = e + 1) {
		size_t n;
		bool off = false;

		e = mk_line_end(s, end);
		for (t = s; t < e && (*t == ' ' || *t == '\t'); t++)
			;
		op = t;
		while (op < e && !strchr(" \t:+?=", *op))
			op++;
		c = op;
		while (c < e && (*c == ' ' || *c == '\t'))
			c++;
		if (c >= e || (*c != '=' && (c + 1 >= e || c[1] != '=')) ||
		    !mk_has_word(c, e, word, wlen))
			continue;
		/* t..op: obj-$(CONFIG_X), obj-y, NAME-objs, NAME-$(CONFIG_X) */
		c = memchr(t, '$', (size_t)(op - t));
		if (c && op - c > 10 && !memcmp(c, "$(CONFIG_", 9) &&
		    op[-1] == ')' && !memchr(c + 1, '$', (size_t)(op - c - 1))) {
			n = (size_t)(op - 1 - (c + 9));
			off = sym_off(c + 9, n, mode);
		} else if (c) {
			return REACH_MAYBE;	/* $(if ...), two symbols */
		}
		if (!off && depth < 4 && op - t > 2 &&
		    (c || (op - t > 5 && !memcmp(op - 5, "-objs", 5)) ||
		     !memcmp(op - 2, "-y", 2)) &&
		    strncmp(t, "obj-", 4) && strncmp(t, "lib-", 4) &&
		    strncmp(t, "subdir-", 7) && strncmp(t, "core-", 5) &&
		    strncmp(t, "drivers-", 8)) {
			/* NAME-y += word: as NAME.o is reached */
			const char *dash = c ? c - 1 : memchr(t, '-', (size_t)(op - t));
			char obj[256];

			if (dash && *dash == '-' && dash > t &&
			    (size_t)(dash - t) + 3 < sizeof(obj)) {
				snprintf(obj, sizeof(obj), "%.*s.o", (int)(dash - t), t);
				off = mk_reach(buf, end, obj, strlen(obj),
					       depth + 1, mode) == REACH_OFF;
			}
		}
		r = off ? REACH_OFF : REACH_MAYBE;
	}
	return r;
}

/* How dir's Kbuild (else Makefile) reaches word. */
static enum reach dir_reach(const char *dir, const char *word, enum kmode mode)
{
	static const char *const files[] = { "Kbuild", "Makefile" };
	char path[PATH_MAX + 16];
	size_t k, len;
	char *buf;
	enum reach r = REACH_NONE;

	for (k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[k]);
		buf = source_slurp(path, &len);
		if (!buf)
			continue;
		r = mk_reach(buf, buf + len, word, strlen(word), 0, mode);
		free(buf);
		if (r != REACH_NONE)
			break;
	}
	return r;
}

/*
 * Does x86's own build name the folder rel (its path in the tree) - the
 * top Makefile, arch/x86/Makefile or arch/x86/Kbuild (virt/kvm is built
 * from arch/x86/kvm/Makefile's $(KVM) too: any mention keeps it)?
 */
static bool x86_names(const char *root, const char *rel)
{
	static const char *const files[] = {
		"Makefile", "arch/x86/Makefile", "arch/x86/Kbuild",
	};
	char path[PATH_MAX + 32];
	size_t k, len;
	char *buf;
	bool named = false;

	for (k = 0; !named && k < 3; k++) {
		snprintf(path, sizeof(path), "%s/%s", root, files[k]);
		buf = source_slurp(path, &len);
		named = buf && strstr(buf, rel);
		free(buf);
	}
	return named;
}

bool kbuild_x86_32_only(const char *path)
{
	bool off;

	only32 = true;
	off = kbuild_other_arch(path);
	only32 = false;
	return off && !kbuild_other_arch(path);	/* x86's, for 32 bits */
}

/* Does kbuild reach the .c at path only through symbols mode never sets? */
static bool kbuild_off(const char *path, enum kmode mode)
{
	char dir[PATH_MAX], root[PATH_MAX], word[NAME_MAX + 4];
	const char *base = path ? strrchr(path, '/') : NULL;
	size_t rl, bl;
	char *slash;

	base = base ? base + 1 : path;
	bl = base ? strlen(base) : 0;
	if (bl < 3 || bl > NAME_MAX || strcmp(base + bl - 2, ".c") ||
	    !dir_of(path, dir) || !tree_of(dir, root, true))
		return false;
	kconfig_made(root);
	if (strcmp(kc.root, root))
		return false;
	rl = strlen(root);
	snprintf(word, sizeof(word), "%.*s.o", (int)(bl - 2), base);
	while (strlen(dir) > rl) {
		char rel[PATH_MAX + NAME_MAX];

		/* what is reached, as x86's Makefiles would name it */
		snprintf(rel, sizeof(rel), "%s/%.*s", dir + rl + 1,
			 (int)strcspn(word, "./"), word);
		if (dir_reach(dir, word, mode) == REACH_OFF && !x86_names(root, rel))
			return true;
		slash = strrchr(dir, '/');
		snprintf(word, sizeof(word), "%s/", slash + 1);
		*slash = 0;
	}
	return false;
}

bool kbuild_other_arch(const char *path)
{
	return kbuild_off(path, ON_X86);
}

bool kbuild_never_built(const char *path)
{
	return kbuild_off(path, ON_ANY);
}

/*
 * Is there an arch/x86/Kconfig in dir or a folder above it?  A folder
 * below the last one found to have it has it above: not asked again (a
 * tree's thousands of folders, three or four probes each).
 */
static bool under_x86_kconfig(char *dir)
{
	static char found[PATH_MAX];
	char probe[PATH_MAX + 32], *slash;
	size_t n = strlen(found);

	if (n && !strncmp(dir, found, n) && (!dir[n] || dir[n] == '/'))
		return true;
	for (;;) {	/* past tools/'s own arch/ and include/ */
		snprintf(probe, sizeof(probe), "%s/arch/x86/Kconfig", dir);
		if (is_file(probe)) {
			if (strlen(dir) < sizeof(found))
				strcpy(found, dir);
			return true;
		}
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			return false;
		*slash = 0;
	}
}

bool kbuild_in_tree(const char *path)
{
	static char last[PATH_MAX];
	static bool last_in, made;
	char dir[PATH_MAX];
	const char *a = path ? strstr(path, "arch/") : NULL;

	if (a && (a == path || a[-1] == '/'))
		return true;
	if (!dir_of(path, dir))
		return false;
	if (!made || strcmp(last, dir)) {	/* once a folder */
		strcpy(last, dir);
		last_in = under_x86_kconfig(dir);
		made = true;
	}
	return last_in;
}

bool kbuild_any_tree(const char *path)
{
	char dir[PATH_MAX], root[PATH_MAX];

	return kbuild_in_tree(path) ||
	       (dir_of(path, dir) && tree_of(dir, root, false));
}

/* ---- <asm/...> headers of the tree ---- */

/* Is there a file root/a/b/c/name[0..len)? */
static bool tree_has(const char *root, const char *a, const char *b,
		     const char *c, const char *name, size_t len)
{
	char path[2 * PATH_MAX];

	if (strlen(root) + strlen(a) + strlen(b) + strlen(c) + len + 8 >
	    sizeof(path))
		return false;
	strcpy(path, root);
	strcat(path, a);
	strcat(path, b);
	strcat(path, c);
	strncat(path, name, len);
	return is_file(path);
}

bool kbuild_asm_elsewhere(const char *path, const char *name, size_t len)
{
	static const char *const x86[] = { "x86", "i386", "x86_64" };
	char dir[PATH_MAX], root[PATH_MAX], sub[PATH_MAX + 16];
	struct dirent *de;
	DIR *d;
	size_t k;
	bool other = false;

	if (len > NAME_MAX || !dir_of(path, dir) || !tree_of(dir, root, true))
		return false;
	for (k = 0; k < 3; k++)
		if (tree_has(root, "/arch/", x86[k], "/include/asm/", name, len) ||
		    tree_has(root, "/arch/", x86[k], "/include/uapi/asm/", name, len) ||
		    tree_has(root, "/include/asm-", x86[k], "/", name, len))
			return false;
	if (tree_has(root, "/include/", "asm-generic", "/", name, len) ||
	    tree_has(root, "/include/uapi/", "asm-generic", "/", name, len))
		return false;	/* x86 may take the generic one (generic-y) */
	snprintf(sub, sizeof(sub), "%s/arch", root);
	if (!(d = opendir(sub)))
		return false;
	while (!other && (de = readdir(d)))
		other = de->d_name[0] != '.' &&
			(tree_has(root, "/arch/", de->d_name, "/include/asm/",
				  name, len) ||
			 tree_has(root, "/include/asm-", de->d_name, "/", name,
				  len));
	closedir(d);
	return other;
}
