/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the guest is told to do, and what it is given for it: the modules
 * (those given, and the kernel's own they need), the commands, the host
 * files, and the plan /init follows, one segment per report (the whole
 * run, or one module of --each); all of it packed into the initramfs.
 * Every check here happens before anything boots: errors exit 2.
 */
#ifndef MODRUN_PLAN_H
#define MODRUN_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "kmod.h"
#include "ktap.h"
#include "modinfo.h"
#include "report.h"

/* A module to load: one given, or one of the kernel's own it needs. */
struct module_file {
	char *path;
	void *data;
	size_t size;
	struct modinfo info;
	bool intree;
	int *deps;		/* in-tree modules to load first, in order */
	int nr_deps;
	char *params;		/* "key=val ...", or NULL (params.c) */
};

struct module_set {
	struct module_file *m;	/* the given ones first, then in-tree ones */
	int n, nr_given;
};

/* A host file put into the guest (--file HOST[:GUEST]). */
struct guest_file {
	char *host;
	char *guest;		/* relative to the guest's / */
	void *data;
	size_t size;
	mode_t mode;
};

/* A report of its own: the whole run ("-"), or one module of --each. */
struct segment {
	const char *name;
	struct plan_step *plan;
	int nr_plan;
	char *text;		/* the plan, as /init reads it */
	struct guest_report guest;
	struct console_log console;
	bool started;
	enum vm_end end;
	int boot;		/* which boot ran it (1, 2, ...) */
};

/* Read a whole regular file; 0 or -errno. */
int plan_read_file(const char *path, void **data, size_t *size);

/*
 * Read and check the given modules (ELF, .modinfo, vermagic against
 * release, unique names), and add the in-tree ones they need from
 * modules_dir (the kernel's modules.dep).
 */
void plan_open_modules(struct module_set *set, char **paths, int n,
		       const char *release, const char *modules_dir);
void plan_free_modules(struct module_set *set);

/* Parse and read --file HOST[:GUEST] specs. */
void plan_open_files(struct guest_file **files, const char **specs, int n);
void plan_free_files(struct guest_file *files, int n);

/* One segment for the whole run, or (each) one per given module. */
struct segment *plan_segments(const struct module_set *set,
			      const char **exec, int nr_exec, bool each,
			      int *nr_seg);
void plan_free_segments(struct segment *seg, int n);

struct initramfs_spec {
	const struct module_set *set;
	const struct segment *seg;	/* the segments of this boot */
	int nr_seg;
	const char **exec;
	int nr_exec;
	const void *busybox;		/* NULL without commands */
	size_t busybox_size;
	const char *applets;		/* "bin/ls\nusr/bin/env\n...": links to
					   busybox; NULL: /init installs them */
	const struct guest_file *files;
	int nr_files;
	const struct kmod_share *kmod;	/* what mounting the module tree
					   takes (NULL or empty: nothing) */
};

/*
 * The initramfs, in an anonymous memory file; exits 2 on failure.  The
 * module tree's mounting modules (spec->kmod) come as a second archive
 * after the first: *boot_only is where it begins (0: none), the part a
 * restored run does not need, its saved state holding it (snapshot.c).
 */
int plan_initramfs(const struct initramfs_spec *spec, long long *boot_only);

#endif
