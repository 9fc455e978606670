// SPDX-License-Identifier: GPL-2.0
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpio.h"
#include "deps.h"
#include "initblob.h"
#include "plan.h"
#include "testname.h"

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		err(2, "out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		err(2, "out of memory");
	return d;
}

static char *__attribute__((format(printf, 1, 2))) xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		err(2, "out of memory");
	return s;
}

int plan_read_file(const char *path, void **data, size_t *size)
{
	struct stat st;
	void *p;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	p = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!p || read(fd, p, (size_t)st.st_size) != st.st_size) {
		free(p);
		close(fd);
		return -EIO;
	}
	close(fd);
	*data = p;
	*size = (size_t)st.st_size;
	return 0;
}

static void check_module(struct module_file *m, const char *release)
{
	char built_for[256];
	const char *why = NULL;

	if (modinfo_parse(m->data, m->size, m->path, &m->info, &why))
		errx(2, "%s: %s", m->path, why);
	modinfo_vermagic_release(m->info.vermagic, built_for,
				 sizeof(built_for));
	if (release[0] && strcmp(built_for, release))
		errx(2, "%s: built for kernel %s, but the kernel is %s (vermagic mismatch): rebuild it against that kernel's headers",
		     m->path, built_for, release);
}

static void check_unique_names(const struct module_file *mods, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(mods[i].info.name, mods[j].info.name))
				errx(2, "%s: module %s is given twice",
				     mods[i].path, mods[i].info.name);
}

static int given_index(const struct module_set *set, const char *name)
{
	char norm[64];
	int i;

	deps_name_of(name, norm, sizeof(norm));
	for (i = 0; i < set->nr_given; i++)
		if (!strcmp(set->m[i].info.name, norm))
			return i;
	return -1;
}

/* A dependency that is one of the given modules: not looked for in-tree. */
static int is_given(const char *name, void *arg)
{
	return given_index(arg, name) >= 0;
}

/* The index in set of the in-tree module e, read on first use. */
static int intree_module(struct module_set *set, const struct deps_index *idx,
			 const struct deps_entry *e, const char *release)
{
	struct module_file *m;
	const char *why;
	int i, ret;

	for (i = set->nr_given; i < set->n; i++)
		if (!strcmp(set->m[i].info.name, e->name))
			return i;
	set->m = xrealloc(set->m, (size_t)(set->n + 1) * sizeof(*set->m));
	m = &set->m[set->n];
	memset(m, 0, sizeof(*m));
	m->path = xasprintf("%s/%s", idx->dir, e->path);
	m->intree = true;
	ret = deps_read_module(m->path, &m->data, &m->size, &why);
	if (ret)
		errx(2, "%s: cannot read: %s", m->path,
		     why ? why : strerror(-ret));
	check_module(m, release);
	return set->n++;
}

static void add_intree_deps(struct module_set *set, int i,
			    const struct deps_index *idx, const char *release)
{
	const struct deps_entry **order = NULL;
	const char *missing = NULL;
	size_t nr = 0, k;
	int ret, d;

	ret = deps_resolve(idx, set->m[i].info.depends, is_given, set, &order,
			   &nr, &missing);
	if (ret == -ENOENT)
		errx(2, "%s: needs module %s, which the kernel does not have (not in %s/modules.dep)",
		     set->m[i].path, missing, idx->dir);
	if (ret)
		err(2, "out of memory");
	for (k = 0; k < nr; k++) {
		d = intree_module(set, idx, order[k], release);
		set->m[i].deps = xrealloc(set->m[i].deps,
					  (size_t)(set->m[i].nr_deps + 1) *
					  sizeof(int));
		set->m[i].deps[set->m[i].nr_deps++] = d;
	}
	free(order);
}

static void append_unique(int **list, int *n, int v)
{
	int i;

	for (i = 0; i < *n; i++)
		if ((*list)[i] == v)
			return;
	*list = xrealloc(*list, (size_t)(*n + 1) * sizeof(int));
	(*list)[(*n)++] = v;
}

/*
 * What given module i needs first, in order: the given modules its
 * depends= names (each after what it needs), then its in-tree ones.
 * state: 0 not seen, 1 being resolved, 2 done.
 */
static void resolve_given(struct module_set *set, int i, char *state)
{
	struct module_file *m = &set->m[i];
	const char *d = m->info.depends;
	char name[64];
	int *full = NULL, nr = 0, j, k;
	size_t len;

	if (state[i] == 2)
		return;
	if (state[i] == 1)
		errx(2, "%s: module %s needs itself, through the given modules' depends=",
		     m->path, m->info.name);
	state[i] = 1;
	while (*d) {
		len = strcspn(d, ",");
		snprintf(name, sizeof(name), "%.*s", (int)len, d);
		d += len + (d[len] == ',');
		j = given_index(set, name);
		if (j < 0 || j == i)
			continue;
		resolve_given(set, j, state);
		for (k = 0; k < set->m[j].nr_deps; k++)
			append_unique(&full, &nr, set->m[j].deps[k]);
		append_unique(&full, &nr, j);
	}
	for (k = 0; k < m->nr_deps; k++)
		append_unique(&full, &nr, m->deps[k]);
	free(m->deps);
	m->deps = full;
	m->nr_deps = nr;
	state[i] = 2;
}

void plan_open_modules(struct module_set *set, char **paths, int n,
		       const char *release, const char *modules_dir)
{
	struct deps_index idx = { 0 };
	bool need_deps = false;
	char *state;
	int i, ret;

	memset(set, 0, sizeof(*set));
	set->m = xrealloc(NULL, (size_t)n * sizeof(*set->m));
	memset(set->m, 0, (size_t)n * sizeof(*set->m));
	set->n = set->nr_given = n;
	for (i = 0; i < n; i++) {
		set->m[i].path = xstrdup(paths[i]);
		ret = plan_read_file(paths[i], &set->m[i].data, &set->m[i].size);
		if (ret)
			errx(2, "%s: cannot read: %s", paths[i], strerror(-ret));
		check_module(&set->m[i], release);
	}
	check_unique_names(set->m, n);
	for (i = 0; i < n; i++) {
		const char *d = set->m[i].info.depends;
		char name[64];
		size_t len;

		while (*d && !need_deps) {	/* a dependency not given? */
			len = strcspn(d, ",");
			snprintf(name, sizeof(name), "%.*s", (int)len, d);
			need_deps = len && !is_given(name, set);
			d += len + (d[len] == ',');
		}
	}
	if (need_deps) {
		ret = deps_index_load(&idx, modules_dir);
		if (ret)
			errx(2, "%s/modules.dep: cannot read: %s: the kernel's own modules are needed (depends=); provision them with scripts/provision-kernel NAME",
			     modules_dir, strerror(-ret));
		for (i = 0; i < n; i++)
			add_intree_deps(set, i, &idx, release);
		deps_index_free(&idx);
	}
	state = calloc((size_t)n + 1, 1);
	if (!state)
		err(2, "out of memory");
	for (i = 0; i < n; i++)
		resolve_given(set, i, state);
	free(state);
}

void plan_free_modules(struct module_set *set)
{
	int i;

	for (i = 0; i < set->n; i++) {
		free(set->m[i].path);
		free(set->m[i].data);
		free(set->m[i].deps);
		free(set->m[i].params);
	}
	free(set->m);
	memset(set, 0, sizeof(*set));
}

/* GUEST of --file, made relative to /, or NULL when it is not a plain path. */
static char *guest_path(const char *spec, const char *host)
{
	char *copy = xstrdup(host), *path, *p;
	const char *g = spec ? spec : basename(copy);

	while (*g == '/')
		g++;
	path = xstrdup(g);
	free(copy);
	for (p = path; *p; p = strchr(p, '/') ? strchr(p, '/') + 1 : p + strlen(p))
		if (!strncmp(p, "..", 2) && (p[2] == '/' || !p[2]))
			break;
	if (!path[0] || *p || path[strlen(path) - 1] == '/' ||
	    !strcmp(path, "init") || !strncmp(path, "modrun/", 7) ||
	    !strcmp(path, "modrun")) {
		free(path);
		return NULL;
	}
	return path;
}

void plan_open_files(struct guest_file **files, const char **specs, int n)
{
	struct guest_file *f;
	struct stat st;
	char *colon;
	int i, ret;

	*files = xrealloc(NULL, (size_t)n * sizeof(**files));
	for (i = 0; i < n; i++) {
		f = &(*files)[i];
		memset(f, 0, sizeof(*f));
		f->host = xstrdup(specs[i]);
		colon = strrchr(f->host, ':');
		if (colon)
			*colon = '\0';
		f->guest = guest_path(colon ? colon + 1 : NULL, f->host);
		if (!f->guest)
			errx(2, "--file %s: the guest's path must name a file, without '..', not /init or /modrun",
			     specs[i]);
		ret = stat(f->host, &st) ? -errno : 0;
		if (!ret)
			ret = plan_read_file(f->host, &f->data, &f->size);
		if (ret)
			errx(2, "--file %s: cannot read %s: %s", specs[i],
			     f->host, strerror(-ret));
		f->mode = st.st_mode & 07777;
	}
}

void plan_free_files(struct guest_file *files, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(files[i].host);
		free(files[i].guest);
		free(files[i].data);
	}
	free(files);
}

/* A line of the plan /init reads. */
static void add_line(struct segment *s, size_t *len, const char *line)
{
	size_t n = strlen(line);

	s->text = xrealloc(s->text, *len + n + 2);
	memcpy(s->text + *len, line, n);
	s->text[*len + n] = '\n';
	*len += n + 1;
	s->text[*len] = '\0';
}

/* A step that is a test: its line, and what the report will call it. */
static void add_step(struct segment *s, size_t *len, const char *what,
		     const char *name, const char *line)
{
	s->plan = xrealloc(s->plan, (size_t)(s->nr_plan + 1) * sizeof(*s->plan));
	s->plan[s->nr_plan].what = what;
	s->plan[s->nr_plan].name = name;
	s->nr_plan++;
	add_line(s, len, line);
}

static bool in_list(const int *list, int n, int v)
{
	int i;

	for (i = 0; i < n; i++)
		if (list[i] == v)
			return true;
	return false;
}

/*
 * The modules of [first, last), each after its in-tree dependencies, each
 * loaded once; the commands; the unloads, last loaded first.
 */
static void fill_segment(struct segment *s, const struct module_set *set,
			 int first, int last, const char **exec, int nr_exec)
{
	int *order = xrealloc(NULL, (size_t)set->n * sizeof(int)), nr = 0;
	char line[512], tn[TESTNAME_SIZE], *text;
	size_t len = 0;
	int i, k, j;

	for (i = first; i < last; i++) {
		for (k = 0; k <= set->m[i].nr_deps; k++) {
			j = k < set->m[i].nr_deps ? set->m[i].deps[k] : i;
			if (in_list(order, nr, j))
				continue;
			order[nr++] = j;
			snprintf(line, sizeof(line), "load %s /modrun/%d.ko%s",
				 set->m[j].info.name, j,
				 set->m[j].params ? " params" : "");
			add_step(s, &len, "load", set->m[j].info.name, line);
		}
	}
	for (i = 0; i < nr_exec; i++) {
		testname_exec(exec[i], tn, sizeof(tn));
		snprintf(line, sizeof(line), "exec /modrun/exec/%d", i);
		/* the name after "exec ": "CMD", quotes included */
		add_step(s, &len, "exec", xstrdup(tn + 5), line);
	}
	for (i = nr - 1; i >= 0; i--) {
		snprintf(line, sizeof(line), "unload %s",
			 set->m[order[i]].info.name);
		add_step(s, &len, "unload", set->m[order[i]].info.name, line);
	}
	add_line(s, &len, "end");
	text = xasprintf("segment %s %d\n%s", s->name, s->nr_plan, s->text);
	free(s->text);
	s->text = text;
	free(order);
}

struct segment *plan_segments(const struct module_set *set,
			      const char **exec, int nr_exec, bool each,
			      int *nr_seg)
{
	int n = each ? set->nr_given : 1, i;
	struct segment *seg = xrealloc(NULL, (size_t)n * sizeof(*seg));

	memset(seg, 0, (size_t)n * sizeof(*seg));
	for (i = 0; i < n; i++) {
		seg[i].name = each ? set->m[i].info.name : "-";
		ktap_init(&seg[i].guest);
		console_init(&seg[i].console);
		seg[i].end = VM_EXITED;
		if (each)
			fill_segment(&seg[i], set, i, i + 1, exec, nr_exec);
		else
			fill_segment(&seg[i], set, 0, set->nr_given, exec,
				     nr_exec);
	}
	*nr_seg = n;
	return seg;
}

void plan_free_segments(struct segment *seg, int n)
{
	int i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < seg[i].nr_plan; k++)
			if (!strcmp(seg[i].plan[k].what, "exec"))
				free((char *)seg[i].plan[k].name);
		free(seg[i].plan);
		free(seg[i].text);
		ktap_free(&seg[i].guest);
		console_free(&seg[i].console);
	}
	free(seg);
}

/* Every folder above name, once (the kernel's unpacker wants them first). */
static void add_parents(struct cpio *c, const char *name, char ***made,
			int *nr)
{
	char *dir = xstrdup(name), *slash = dir;
	int i;
	bool seen;

	while ((slash = strchr(slash, '/'))) {
		*slash = '\0';
		seen = false;
		for (i = 0; i < *nr && !seen; i++)
			seen = !strcmp((*made)[i], dir);
		if (!seen) {
			cpio_add_dir(c, dir);
			*made = xrealloc(*made, (size_t)(*nr + 1) * sizeof(char *));
			(*made)[(*nr)++] = xstrdup(dir);
		}
		*slash = '/';
		slash++;
	}
	free(dir);
}

/* busybox's commands as links to it (the kernel makes them as it unpacks). */
static void add_applets(struct cpio *c, const char *applets, char ***made,
			int *nr)
{
	const char *p = applets, *nl;
	char name[256];
	size_t len;

	while (p && *p) {
		nl = strchr(p, '\n');
		len = nl ? (size_t)(nl - p) : strlen(p);
		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		p += len + (nl != NULL);
		if (!name[0] || name[0] == '/' || strstr(name, "..") ||
		    !strcmp(name, "bin/sh") || !strcmp(name, "bin/busybox"))
			continue;
		add_parents(c, name, made, nr);
		cpio_add_symlink(c, name, "/bin/busybox");
	}
}

/* The modules that mount the kernel's module tree: an archive of its own. */
static void add_kmod_archive(struct cpio *c, const struct kmod_share *ks)
{
	int i;

	cpio_init(c, c->fd);
	cpio_add_dir(c, "modrun");
	cpio_add_dir(c, "modrun/kmod");
	for (i = 0; i < ks->n; i++)
		cpio_add_file(c, ks->files[i].guest, 0644, ks->files[i].data,
			      ks->files[i].size);
	cpio_add_file(c, "modrun/kmod/list", 0644, ks->list,
		      strlen(ks->list));
}

int plan_initramfs(const struct initramfs_spec *sp, long long *boot_only)
{
	static const char *const dirs[] = { "dev", "proc", "sys", "tmp",
					    "modrun", "modrun/exec", "bin" };
	struct cpio c;
	char name[64], *plan = NULL, **made = NULL;
	size_t len = 0, n;
	int fd = memfd_create("modrun-initramfs", MFD_CLOEXEC), i, nr_made = 0;

	if (fd < 0)
		err(2, "memfd_create");
	cpio_init(&c, fd);
	for (i = 0; i < (int)(sizeof(dirs) / sizeof(dirs[0])); i++) {
		cpio_add_dir(&c, dirs[i]);
		made = xrealloc(made, (size_t)(nr_made + 1) * sizeof(char *));
		made[nr_made++] = xstrdup(dirs[i]);
	}
	cpio_add_file(&c, "init", 0755, init_blob,
		      (size_t)(init_blob_end - init_blob));
	for (i = 0; i < sp->set->n; i++) {
		snprintf(name, sizeof(name), "modrun/%d.ko", i);
		cpio_add_file(&c, name, 0644, sp->set->m[i].data,
			      sp->set->m[i].size);
		if (sp->set->m[i].params) {
			snprintf(name, sizeof(name), "modrun/%d.params", i);
			cpio_add_file(&c, name, 0644, sp->set->m[i].params,
				      strlen(sp->set->m[i].params));
		}
	}
	for (i = 0; i < sp->nr_seg; i++) {
		n = strlen(sp->seg[i].text);
		plan = xrealloc(plan, len + n + 1);
		memcpy(plan + len, sp->seg[i].text, n + 1);
		len += n;
	}
	cpio_add_file(&c, "modrun/plan", 0644, plan ? plan : "", len);
	free(plan);
	for (i = 0; i < sp->nr_exec; i++) {
		snprintf(name, sizeof(name), "modrun/exec/%d", i);
		cpio_add_file(&c, name, 0644, sp->exec[i], strlen(sp->exec[i]));
	}
	if (sp->busybox) {
		cpio_add_file(&c, "bin/busybox", 0755, sp->busybox,
			      sp->busybox_size);
		cpio_add_symlink(&c, "bin/sh", "busybox");
		add_applets(&c, sp->applets, &made, &nr_made);
	}
	for (i = 0; i < sp->nr_files; i++) {
		add_parents(&c, sp->files[i].guest, &made, &nr_made);
		cpio_add_file(&c, sp->files[i].guest, sp->files[i].mode,
			      sp->files[i].data, sp->files[i].size);
	}
	for (i = 0; i < nr_made; i++)
		free(made[i]);
	free(made);
	errno = -cpio_finish(&c);
	*boot_only = 0;
	if (!errno && sp->kmod && sp->kmod->n) {
		*boot_only = lseek(fd, 0, SEEK_CUR);
		add_kmod_archive(&c, sp->kmod);
		errno = *boot_only < 0 ? EIO : -cpio_finish(&c);
	}
	if (errno)
		err(2, "cannot write the initramfs");
	return fd;
}
