/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-tree dependencies: the kernel's own modules that a module's
 * depends= names, found in the kernel's modules.dep (DIR/modules, made by
 * scripts/provision-kernel), with theirs, in the order they load.
 */
#ifndef MODRUN_DEPS_H
#define MODRUN_DEPS_H

#include <stddef.h>

struct deps_entry {
	char *name;		/* module name: "crc_itu_t" */
	char *path;		/* relative to the modules folder */
	char **deps;		/* modules.dep's list: load them last to first */
	size_t nr_deps;
};

struct deps_index {
	char *dir;		/* the modules folder */
	struct deps_entry *entries;
	size_t nr_entries;
};

/* Read DIR/modules.dep.  Returns 0 or -errno. */
int deps_index_load(struct deps_index *idx, const char *dir);
void deps_index_free(struct deps_index *idx);
const struct deps_entry *deps_find(const struct deps_index *idx,
				   const char *name);
/* The module name of a path: its stem, '-' as '_': "crc-itu-t.ko.xz" -> "crc_itu_t". */
void deps_name_of(const char *path, char *buf, size_t size);

/*
 * Append to *order (a list of entries, grown as needed, *nr long) what the
 * comma-separated depends list needs, each once, every dependency before
 * the module that needs it; names that skip() accepts are left out.
 * Returns 0, -ENOENT with *missing set to the name that modules.dep lacks,
 * or -ENOMEM.
 */
int deps_resolve(const struct deps_index *idx, const char *depends,
		 int (*skip)(const char *name, void *arg), void *arg,
		 const struct deps_entry ***order, size_t *nr,
		 const char **missing);

/*
 * Read a module file, decompressed when it ends in .xz or .zst (by the
 * host's xz or zstd).  Returns 0 or -errno; *why says what failed.
 */
int deps_read_module(const char *path, void **data, size_t *size,
		     const char **why);

#endif
