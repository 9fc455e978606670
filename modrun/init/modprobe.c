// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's modprobe (modprobe.h): what a real system's modprobe does
 * for the kernel's request_module(), from the kernel's own modules.dep,
 * modules.alias, modules.softdep and modules.builtin, loading with
 * finit_module() (compressed modules decompressed by the kernel).
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "modprobe.h"

#ifndef MODULE_INIT_COMPRESSED_FILE
#define MODULE_INIT_COMPRESSED_FILE 4
#endif
#define MAX_DEPTH 8

struct text {
	char *buf;		/* the whole file, NUL-terminated; NULL if absent */
	size_t len;
};

struct tree {
	char dir[300];		/* /lib/modules/RELEASE */
	struct text dep, alias, softdep, builtin;
	const char *request;	/* the name the kernel asked for */
	const char *params;	/* for the module asked for: "k=v k=v" */
};

static int kmsg = -1;
static bool to_stderr;	/* a command's modprobe, not the kernel's */

static void __attribute__((format(printf, 1, 2))) say(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	n = snprintf(line, sizeof(line), "<5>" MODPROBE_LOG_PREFIX);
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	if (to_stderr)
		fprintf(stderr, "modprobe: %s\n", line + 3 + strlen(MODPROBE_LOG_PREFIX));
	/*
	 * The newline ends the record: without it the kernel keeps the
	 * record open for a continuation, and /dev/kmsg's readers see it
	 * only when the next message closes it (a step or more later).
	 */
	n = (int)strlen(line);
	if (n == (int)sizeof(line) - 1)
		n--;
	line[n++] = '\n';
	if (kmsg >= 0 && write(kmsg, line, (size_t)n) < 0)
		return;
}

static const char *errno_name(int e)
{
	const char *name = strerrorname_np(e);

	return name ? name : "E?";
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void read_text(const char *dir, const char *name, struct text *t)
{
	char path[400];
	size_t cap = 1 << 16;
	ssize_t n;
	char *grown;
	int fd;

	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	t->buf = malloc(cap);
	while (t->buf) {
		if (t->len + 1 >= cap) {
			grown = realloc(t->buf, cap *= 2);
			if (!grown) {
				free(t->buf);
				t->buf = NULL;
				break;
			}
			t->buf = grown;
		}
		n = read(fd, t->buf + t->len, cap - 1 - t->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		t->len += (size_t)n;
	}
	if (t->buf)
		t->buf[t->len] = '\0';
	close(fd);
}

/* As kmod compares them: '-' is '_', except inside [...] of a pattern. */
static void normalize(const char *in, char *out, size_t size)
{
	size_t i;
	int bracket = 0;

	for (i = 0; in[i] && i + 1 < size; i++) {
		if (in[i] == '[')
			bracket = 1;
		else if (in[i] == ']')
			bracket = 0;
		out[i] = in[i] == '-' && !bracket ? '_' : in[i];
	}
	out[i] = '\0';
}

/* The module name of a path: "kernel/lib/crc-itu-t.ko.xz" -> "crc_itu_t". */
static void name_of(const char *path, size_t len, char *out, size_t size)
{
	const char *base = path, *p;
	char stem[256];
	size_t n;

	for (p = path; p < path + len; p++)
		if (*p == '/')
			base = p + 1;
	n = (size_t)(path + len - base);
	if (n >= sizeof(stem))
		n = sizeof(stem) - 1;
	memcpy(stem, base, n);
	stem[n] = '\0';
	if (strstr(stem, ".ko"))
		*strstr(stem, ".ko") = '\0';
	normalize(stem, out, size);
}

/* The next line of t from *pos, copied into line; false at the end. */
static bool next_line(const struct text *t, size_t *pos, char **line,
		      size_t *cap)
{
	const char *s, *nl;
	size_t n;

	if (!t->buf || *pos >= t->len)
		return false;
	s = t->buf + *pos;
	nl = strchr(s, '\n');
	n = nl ? (size_t)(nl - s) : strlen(s);
	*pos += n + (nl != NULL);
	if (n + 1 > *cap) {
		char *grown = realloc(*line, n + 1);

		if (!grown)
			return false;
		*line = grown;
		*cap = n + 1;
	}
	memcpy(*line, s, n);
	(*line)[n] = '\0';
	return true;
}

/* modules.dep's line of module NAME ("path: deps..."), malloc'd, or NULL. */
static char *dep_line(const struct tree *t, const char *name)
{
	char *line = NULL, *colon, stem[256];
	size_t pos = 0, cap = 0;

	while (next_line(&t->dep, &pos, &line, &cap)) {
		colon = strchr(line, ':');
		if (!colon)
			continue;
		name_of(line, (size_t)(colon - line), stem, sizeof(stem));
		if (!strcmp(stem, name))
			return line;
	}
	free(line);
	return NULL;
}

static bool is_loaded(const char *name)
{
	char path[300];

	snprintf(path, sizeof(path), "/sys/module/%s/initstate", name);
	return access(path, F_OK) == 0;
}

static bool compressed(const char *path)
{
	size_t n = strlen(path);

	return (n > 3 && (!strcmp(path + n - 3, ".xz") ||
			  !strcmp(path + n - 3, ".gz"))) ||
	       (n > 4 && !strcmp(path + n - 4, ".zst"));
}

/*
 * Load one module file (PATH, relative to dir unless absolute).  for_whom:
 * the module that needs it, or NULL when it is the one asked for; quiet:
 * say only what failed.  0, or -errno.
 */
static int load_file(const struct tree *t, const char *path,
		     const char *for_whom, bool quiet)
{
	char full[700], name[256];
	int fd, e = 0;

	name_of(path, strlen(path), name, sizeof(name));
	if (is_loaded(name)) {
		if (!for_whom && !quiet)
			say("%s: %s is already loaded", t->request, name);
		return 0;
	}
	if (path[0] == '/')
		snprintf(full, sizeof(full), "%s", path);
	else
		snprintf(full, sizeof(full), "%s/%s", t->dir, path);
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
	} else {
		if (syscall(SYS_finit_module, fd,
			    !for_whom && t->params ? t->params : "",
			    compressed(full) ? MODULE_INIT_COMPRESSED_FILE : 0))
			e = errno;
		close(fd);
	}
	if (e == EEXIST)
		e = 0;
	if (e)
		say("%s: %s: finit_module: %s (%s)", t->request, name,
		    errno_name(e), strerror(e));
	else if (!quiet && for_whom)
		say("%s: %s loaded (%s), needed by %s", t->request, name, path,
		    for_whom);
	else if (!quiet)
		say("%s: %s loaded (%s)", t->request, name, path);
	return -e;
}

static int probe(struct tree *t, const char *name, int depth, bool soft);

/* The pre: or post: modules of NAME's softdep line, each probed. */
static void softdeps(struct tree *t, const char *name, const char *which,
		     int depth)
{
	char *line = NULL, *tok, *save, norm[256];
	size_t pos = 0, cap = 0;
	bool in;

	while (next_line(&t->softdep, &pos, &line, &cap)) {
		tok = strtok_r(line, " \t", &save);
		if (!tok || strcmp(tok, "softdep"))
			continue;
		tok = strtok_r(NULL, " \t", &save);
		normalize(tok ? tok : "", norm, sizeof(norm));
		if (strcmp(norm, name))
			continue;
		in = false;
		while ((tok = strtok_r(NULL, " \t", &save))) {
			if (!strcmp(tok, "pre:") || !strcmp(tok, "post:"))
				in = !strcmp(tok, which);
			else if (in)
				probe(t, tok, depth + 1, true);
		}
	}
	free(line);
}

/* Module NAME of modules.dep with what it needs; -ENOENT when not there. */
static int load_module(struct tree *t, const char *name, int depth)
{
	char *line = dep_line(t, name), *colon, *tok, *save, **deps = NULL;
	int nr = 0, i, ret;

	if (!line)
		return -ENOENT;
	softdeps(t, name, "pre:", depth);
	colon = strchr(line, ':');
	*colon = '\0';
	for (tok = strtok_r(colon + 1, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		char **grown = realloc(deps, (size_t)(nr + 1) * sizeof(*deps));

		if (!grown)
			break;
		deps = grown;
		deps[nr++] = tok;
	}
	ret = 0;
	for (i = nr - 1; i >= 0 && !ret; i--)	/* the last one loads first */
		ret = load_file(t, deps[i], name, false);
	if (!ret)
		ret = load_file(t, line, NULL, false);
	free(deps);
	free(line);
	if (!ret)
		softdeps(t, name, "post:", depth);
	return ret;
}

/* Is NAME built into the kernel (modules.builtin)? */
static bool builtin(const struct tree *t, const char *name)
{
	char *line = NULL, stem[256];
	size_t pos = 0, cap = 0;
	bool found = false;

	while (!found && next_line(&t->builtin, &pos, &line, &cap)) {
		name_of(line, strlen(line), stem, sizeof(stem));
		found = !strcmp(stem, name);
	}
	free(line);
	return found;
}

/*
 * "crypto-NAME-all": the crypto API asks for it right after "crypto-NAME",
 * whose failure is said already.
 */
static bool crypto_fallback(const char *name)
{
	size_t n = strlen(name);

	return !strncmp(name, "crypto-", 7) && n > 11 &&
	       !strcmp(name + n - 4, "-all");
}

/*
 * A name or an alias, as modprobe takes it: a module of modules.dep, else
 * every module whose alias matches, else one built in.  0 when something
 * loaded (or was there); soft: a softdep, which may be absent.
 */
static int probe(struct tree *t, const char *name, int depth, bool soft)
{
	char norm[256], *line = NULL, *tok, *save, pat[256], mod[256];
	size_t pos = 0, cap = 0;
	char seen[16][256];
	int found = 0, loaded = 0, nr_seen = 0, i;

	if (depth > MAX_DEPTH)
		return -ELOOP;
	normalize(name, norm, sizeof(norm));
	line = dep_line(t, norm);
	if (line) {
		free(line);
		return load_module(t, norm, depth);
	}
	while (next_line(&t->alias, &pos, &line, &cap)) {
		tok = strtok_r(line, " \t", &save);
		if (!tok || strcmp(tok, "alias"))
			continue;
		tok = strtok_r(NULL, " \t", &save);
		if (!tok)
			continue;
		normalize(tok, pat, sizeof(pat));
		tok = strtok_r(NULL, " \t", &save);
		if (!tok || fnmatch(pat, norm, 0))
			continue;
		normalize(tok, mod, sizeof(mod));
		for (i = 0; i < nr_seen && strcmp(seen[i], mod); i++)
			;
		if (i < nr_seen)
			continue;	/* matched by another of its aliases */
		if (nr_seen < 16)
			snprintf(seen[nr_seen++], sizeof(seen[0]), "%s", mod);
		found++;
		if (!load_module(t, mod, depth))
			loaded++;
	}
	free(line);
	if (found)
		return loaded ? 0 : -ENOEXEC;
	if (builtin(t, norm)) {
		if (!soft)
			say("%s: built into the kernel", t->request);
		return 0;
	}
	if (!soft && !crypto_fallback(name))
		say("%s: no module of the kernel's has this name or alias",
		    t->request);
	return -ENOENT;
}

/* Load what the host packed for the share (9p), and mount it. */
static int mount_tree(struct tree *t)
{
	struct text list;
	char *line = NULL, *file, names[512] = "", path[400];
	size_t pos = 0, cap = 0, len;
	double t0 = now();
	int nr = 0, ret = 0;

	read_text("/modrun/kmod", "list", &list);
	if (!list.buf) {
		say("%s: the kernel's modules are not in the guest (--no-kmod, or a kernel folder without them)",
		    t->request);
		return -ENOENT;
	}
	while (!ret && next_line(&list, &pos, &line, &cap)) {
		file = strchr(line, ' ');
		if (!file)
			continue;
		*file++ = '\0';
		ret = load_file(t, file, MODPROBE_MOUNT_TAG, true);
		len = strlen(names);
		snprintf(names + len, sizeof(names) - len, "%s%s",
			 nr++ ? " " : "", line);
	}
	free(line);
	free(list.buf);
	mkdir("/lib", 0755);
	mkdir("/lib/modules", 0755);
	mkdir(t->dir, 0755);
	snprintf(path, sizeof(path), "%s/modules.dep", t->dir);
	if (!ret && access(path, R_OK) &&
	    mount(MODPROBE_MOUNT_TAG, t->dir, "9p", MS_RDONLY,
		  "trans=virtio,version=9p2000.L,msize=262144"))
		ret = -errno;
	if (ret) {
		say("%s: cannot mount the kernel's modules (9p): %s (%s)",
		    t->request, errno_name(-ret), strerror(-ret));
		return ret;
	}
	say("the kernel's modules, shared read-only: %s (9p; %d modules loaded for it: %s; %.2f s)",
	    t->dir, nr, names, now() - t0);
	return 0;
}

static int tree_open(struct tree *t)
{
	struct utsname u;
	char path[400];
	int ret;

	if (uname(&u))
		return -errno;
	snprintf(t->dir, sizeof(t->dir), "/lib/modules/%s", u.release);
	snprintf(path, sizeof(path), "%s/modules.dep", t->dir);
	if (access(path, R_OK)) {
		ret = mount_tree(t);
		if (ret)
			return ret;
	}
	read_text(t->dir, "modules.dep", &t->dep);
	read_text(t->dir, "modules.alias", &t->alias);
	read_text(t->dir, "modules.softdep", &t->softdep);
	read_text(t->dir, "modules.builtin", &t->builtin);
	if (!t->dep.buf) {
		say("%s: cannot read %s", t->request, path);
		return -EIO;
	}
	return 0;
}

void modprobe_install(void)
{
	int fd;

	/* a command's modprobe is this one too, not busybox's */
	if (!access(MODPROBE_USER_PATH, F_OK) && !unlink(MODPROBE_USER_PATH) &&
	    symlink("/init", MODPROBE_USER_PATH)) {
		/* busybox --install gave none: no --exec */
	}
	if (symlink("/init", MODPROBE_PATH) && errno != EEXIST)
		return;
	fd = open("/proc/sys/kernel/modprobe", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (write(fd, MODPROBE_PATH "\n", sizeof(MODPROBE_PATH)) < 0) {
		/* the kernel keeps /sbin/modprobe, which is absent */
	}
	close(fd);
}

/*
 * modprobe -r: NAME unloaded, then what it needed that nothing else uses
 * (modules.dep's list, as kmod's modprobe does); 0 or 1.
 */
static int remove_module(struct tree *t, const char *name)
{
	char norm[256], *line, *colon, *tok, *save, dep[256];

	normalize(name, norm, sizeof(norm));
	if (!is_loaded(norm)) {
		say("%s: not loaded", name);
		return 1;
	}
	if (syscall(SYS_delete_module, norm, O_NONBLOCK)) {
		say("%s: delete_module: %s (%s)", name, errno_name(errno),
		    strerror(errno));
		return 1;
	}
	line = dep_line(t, norm);
	if (!line)
		return 0;
	colon = strchr(line, ':');
	for (tok = strtok_r(colon + 1, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		name_of(tok, strlen(tok), dep, sizeof(dep));
		if (is_loaded(dep))	/* in use by another: EWOULDBLOCK */
			syscall(SYS_delete_module, dep, O_NONBLOCK);
	}
	free(line);
	return 0;
}

/*
 * The parameters after the module's name, "k=v" words joined by spaces;
 * NULL without them (or out of memory).
 */
static char *join_params(int argc, char **argv, int from)
{
	size_t len = 1;
	char *p;
	int i;

	for (i = from; i < argc; i++)
		len += strlen(argv[i]) + 1;
	if (from >= argc || !(p = calloc(1, len)))
		return NULL;
	for (i = from; i < argc; i++) {
		if (i > from)
			strcat(p, " ");
		strcat(p, argv[i]);
	}
	return p;
}

int modprobe_main(int argc, char **argv)
{
	struct tree t = { .request = "?" };
	bool all = false, rm = false, quiet = false;
	char *params = NULL;
	int i = 1, status = 0, last;

	kmsg = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	for (; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++) {
		all |= !strcmp(argv[i], "-a") || !strcmp(argv[i], "--all");
		rm |= !strcmp(argv[i], "-r") || !strcmp(argv[i], "--remove");
		quiet |= !strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet");
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	/* the kernel's is "-q -- NAME"; a command's says what it did */
	to_stderr = !quiet;
	if (i >= argc) {
		if (to_stderr)
			fprintf(stderr, "usage: modprobe [-q] NAME [KEY=VALUE...] | -a NAME... | -r NAME...\n");
		return 1;
	}
	t.request = argv[i];
	if (tree_open(&t))
		return 1;
	/* modprobe NAME k=v...: the words after one name are its parameters */
	last = all || rm ? argc : i + 1;
	if (!all && !rm)
		t.params = params = join_params(argc, argv, i + 1);
	for (; i < last; i++) {
		t.request = argv[i];
		if (rm ? remove_module(&t, argv[i]) : probe(&t, argv[i], 0, false))
			status = 1;
	}
	free(params);
	return status;
}
