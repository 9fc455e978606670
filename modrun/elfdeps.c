// SPDX-License-Identifier: GPL-2.0
/* elfdeps: the interpreter and libraries of a --file (see elfdeps.h). */
#include <elf.h>
#include <err.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfdeps.h"
#include "plan.h"

/* The folders glibc's loader searches last, on Debian x86-64. */
static const char *const system_dirs[] = {
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
	"/usr/lib64", "/lib", "/usr/lib",
};

struct elf_file {
	const unsigned char *buf;
	size_t size;
	const Elf64_Ehdr *eh;
};

static const char *machine_name(unsigned int m)
{
	switch (m) {
	case EM_386:		return "i386";
	case EM_ARM:		return "arm";
	case EM_AARCH64:	return "arm64";
	case EM_RISCV:		return "riscv";
	case EM_PPC64:		return "ppc64";
	case EM_S390:		return "s390";
	default:		return "another architecture";
	}
}

/* 1 an x86-64 program or library, 0 not ELF, -EINVAL another one. */
static int check_elf(const struct elf_file *f, char *why, size_t size)
{
	const unsigned char *b = f->buf;

	if (f->size < EI_NIDENT || memcmp(b, ELFMAG, SELFMAG))
		return 0;
	if (b[EI_CLASS] != ELFCLASS64 || f->size < sizeof(Elf64_Ehdr)) {
		snprintf(why, size, "a 32-bit ELF (%s), but the guest is x86-64",
			 f->size >= 20 ? machine_name(b[18] | b[19] << 8) : "?");
		return -EINVAL;
	}
	if (f->eh->e_machine != EM_X86_64) {
		snprintf(why, size, "an ELF for %s, but the guest is x86-64",
			 machine_name(f->eh->e_machine));
		return -EINVAL;
	}
	return 1;
}

/* Program header i, or NULL when outside the file. */
static const Elf64_Phdr *phdr(const struct elf_file *f, unsigned int i)
{
	size_t off = f->eh->e_phoff + (size_t)i * sizeof(Elf64_Phdr);

	if (f->eh->e_phentsize != sizeof(Elf64_Phdr) || off < f->eh->e_phoff ||
	    off + sizeof(Elf64_Phdr) > f->size)
		return NULL;
	return (const Elf64_Phdr *)(f->buf + off);
}

/* The file offset of virtual address addr, or (size_t)-1. */
static size_t offset_of(const struct elf_file *f, Elf64_Addr addr)
{
	const Elf64_Phdr *ph;
	unsigned int i;

	for (i = 0; i < f->eh->e_phnum && (ph = phdr(f, i)); i++)
		if (ph->p_type == PT_LOAD && addr >= ph->p_vaddr &&
		    addr - ph->p_vaddr < ph->p_filesz)
			return (size_t)(ph->p_offset + addr - ph->p_vaddr);
	return (size_t)-1;
}

/* A NUL-terminated string at offset off, or NULL. */
static const char *string_at(const struct elf_file *f, size_t off)
{
	if (off >= f->size || !memchr(f->buf + off, '\0', f->size - off))
		return NULL;
	return (const char *)f->buf + off;
}

static const Elf64_Phdr *find_phdr(const struct elf_file *f, Elf64_Word type)
{
	const Elf64_Phdr *ph;
	unsigned int i;

	for (i = 0; i < f->eh->e_phnum && (ph = phdr(f, i)); i++)
		if (ph->p_type == type)
			return ph;
	return NULL;
}

/* The dynamic section's entries, and how many. */
static const Elf64_Dyn *dynamic(const struct elf_file *f, size_t *n)
{
	const Elf64_Phdr *ph = find_phdr(f, PT_DYNAMIC);

	if (!ph || ph->p_offset > f->size ||
	    ph->p_filesz > f->size - ph->p_offset)
		return NULL;
	*n = ph->p_filesz / sizeof(Elf64_Dyn);
	return (const Elf64_Dyn *)(f->buf + ph->p_offset);
}

static bool already(const struct elfdeps *deps, const char *guest)
{
	int i;

	for (i = 0; i < deps->n; i++)
		if (!strcmp(deps->d[i].guest, guest))
			return true;
	return false;
}

static int add_dep(struct elfdeps *deps, const char *host, const char *guest)
{
	struct elfdep *d = realloc(deps->d, (size_t)(deps->n + 1) * sizeof(*d));

	if (!d)
		return -ENOMEM;
	deps->d = d;
	d[deps->n].host = strdup(host);
	d[deps->n].guest = strdup(guest[0] == '/' ? guest + 1 : guest);
	if (!d[deps->n].host || !d[deps->n].guest)
		return -ENOMEM;
	deps->n++;
	return 0;
}

static int collect_file(const char *path, const char *guest,
			struct elfdeps *deps, int depth, char *why,
			size_t size);

/* name in dir: collected when it is there and an x86-64 library. */
static bool try_dir(const char *dir, const char *name, struct elfdeps *deps,
		    int depth, char *why, size_t size)
{
	char path[4096];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path) ||
	    access(path, R_OK))
		return false;
	return collect_file(path, path, deps, depth + 1, why, size) == 0;
}

/*
 * Look for library name in the folders of each list (colon-separated),
 * then in the system's, as the loader does.
 */
static int find_library(const char *name, const char *const *lists, int nr,
			struct elfdeps *deps, int depth, char *why, size_t size)
{
	char dirs[4096], *dir, *save;
	size_t i;
	int k;

	for (k = 0; k < nr; k++) {
		if (!lists[k])
			continue;
		snprintf(dirs, sizeof(dirs), "%s", lists[k]);
		for (dir = strtok_r(dirs, ":", &save); dir;
		     dir = strtok_r(NULL, ":", &save))
			if (try_dir(dir, name, deps, depth, why, size))
				return 0;
	}
	for (i = 0; i < sizeof(system_dirs) / sizeof(system_dirs[0]); i++)
		if (try_dir(system_dirs[i], name, deps, depth, why, size))
			return 0;
	snprintf(why, size, "needs the library %s, which the host does not have (not in DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH or %s, ...)",
		 name, system_dirs[0]);
	return -EINVAL;
}

/* The DT_NEEDED libraries of f, each found and collected. */
static int collect_needed(const struct elf_file *f, const char *path,
			  struct elfdeps *deps, int depth, char *why,
			  size_t size)
{
	const Elf64_Dyn *dyn;
	const char *lists[3] = { NULL, getenv("LD_LIBRARY_PATH"), NULL };
	size_t n = 0, i, strtab = (size_t)-1;
	char origin[4096], *slash;
	int ret;

	dyn = dynamic(f, &n);
	for (i = 0; dyn && i < n; i++)
		if (dyn[i].d_tag == DT_STRTAB)
			strtab = offset_of(f, dyn[i].d_un.d_ptr);
	if (!dyn || strtab == (size_t)-1)
		return 0;
	snprintf(origin, sizeof(origin), "%s", path);
	slash = strrchr(origin, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(origin, sizeof(origin), ".");
	for (i = 0; i < n; i++) {
		const char *s = string_at(f, strtab + dyn[i].d_un.d_val);

		if (s && !strncmp(s, "$ORIGIN", 7) && (s[7] == '/' || !s[7]))
			s = origin;	/* the common case: $ORIGIN alone */
		if (dyn[i].d_tag == DT_RPATH)
			lists[0] = s;
		else if (dyn[i].d_tag == DT_RUNPATH)
			lists[2] = s;
	}
	for (i = 0; i < n && dyn[i].d_tag != DT_NULL; i++) {
		const char *lib;

		if (dyn[i].d_tag != DT_NEEDED)
			continue;
		lib = string_at(f, strtab + dyn[i].d_un.d_val);
		if (!lib || strchr(lib, '/'))
			continue;
		ret = find_library(lib, lists, 3, deps, depth, why, size);
		if (ret)
			return ret;
	}
	return 0;
}

static int collect_file(const char *path, const char *guest,
			struct elfdeps *deps, int depth, char *why,
			size_t size)
{
	struct elf_file f;
	const Elf64_Phdr *interp;
	const char *ipath;
	void *data;
	int ret;

	if (depth > 0 && already(deps, guest[0] == '/' ? guest + 1 : guest))
		return 0;
	if (depth > 16 || plan_read_file(path, &data, &f.size))
		return -EINVAL;
	f.buf = data;
	f.eh = data;
	ret = check_elf(&f, why, size);
	if (ret <= 0)
		goto out_free;
	if (depth > 0) {
		ret = add_dep(deps, path, guest);
		if (ret)
			goto out_free;
	}
	interp = depth ? NULL : find_phdr(&f, PT_INTERP);
	ipath = interp ? string_at(&f, interp->p_offset) : NULL;
	if (ipath && !already(deps, ipath + (ipath[0] == '/'))) {
		if (access(ipath, R_OK)) {
			snprintf(why, size, "its interpreter %s is not on the host",
				 ipath);
			ret = -EINVAL;
			goto out_free;
		}
		ret = add_dep(deps, ipath, ipath);
		if (ret)
			goto out_free;
	}
	ret = collect_needed(&f, path, deps, depth, why, size);
out_free:
	free(data);
	return ret < 0 ? ret : 0;
}

int elfdeps_collect(const char *path, struct elfdeps *deps, char *why,
		    size_t size)
{
	deps->d = NULL;
	deps->n = 0;
	why[0] = '\0';
	return collect_file(path, path, deps, 0, why, size);
}

void elfdeps_free(struct elfdeps *deps)
{
	int i;

	for (i = 0; i < deps->n; i++) {
		free(deps->d[i].host);
		free(deps->d[i].guest);
	}
	free(deps->d);
	deps->d = NULL;
	deps->n = 0;
}

static bool has_guest(const struct guest_file *files, int n, const char *g)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(files[i].guest, g))
			return true;
	return false;
}

/* One more guest file: dep, read whole, mode 0755. */
static void add_guest_file(struct guest_file **files, int *n,
			   const struct elfdep *dep)
{
	struct guest_file *f = realloc(*files, (size_t)(*n + 1) * sizeof(*f));
	int ret;

	if (!f)
		err(2, "out of memory");
	*files = f;
	f = &f[*n];
	memset(f, 0, sizeof(*f));
	f->host = strdup(dep->host);
	f->guest = strdup(dep->guest);
	if (!f->host || !f->guest)
		err(2, "out of memory");
	ret = plan_read_file(f->host, &f->data, &f->size);
	if (ret)
		errx(2, "%s: cannot read: %s", f->host, strerror(-ret));
	f->mode = 0755;
	(*n)++;
}

int elfdeps_add_files(struct guest_file **files, int n)
{
	struct elfdeps deps;
	char why[512];
	int i, k, total = n;

	for (i = 0; i < n; i++) {
		if (elfdeps_collect((*files)[i].host, &deps, why, sizeof(why)))
			errx(2, "--file %s: %s", (*files)[i].host, why);
		for (k = 0; k < deps.n; k++)
			if (!has_guest(*files, total, deps.d[k].guest))
				add_guest_file(files, &total, &deps.d[k]);
		elfdeps_free(&deps);
	}
	return total;
}
