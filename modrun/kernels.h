/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernels: the named kernels of kernels.conf (6.1, 6.12, 7.3, the -rt
 * flavours), where modrun finds its data and its cache, and provisioning a
 * kernel on first use.
 *
 * The data folder holds kernels.conf and scripts/ (provision-kernel,
 * kbuild, …): the checkout itself when modrun runs from build/bin, else
 * PREFIX/share/modrun when installed, or $MODRUN_DATA.  The cache holds the
 * kernels: $MODRUN_CACHE, else the checkout's cache/, else
 * $XDG_CACHE_HOME/modrun, else ~/.cache/modrun.
 */
#ifndef MODRUN_KERNELS_H
#define MODRUN_KERNELS_H

#include <limits.h>
#include <stdio.h>

struct kernel_place {
	char data[PATH_MAX];	/* kernels.conf and scripts/ */
	char cache[PATH_MAX];	/* kernels/NAME/ below it */
};

/*
 * Find the data folder and the cache.  exe is modrun's own path
 * (/proc/self/exe).  Returns 0, or -ENOENT when no data folder holds
 * kernels.conf.
 */
int kernels_locate(struct kernel_place *kp, const char *exe);

/* 1 when NAME is a kernel of kernels.conf, 0 when not, -errno on error. */
int kernels_known(const struct kernel_place *kp, const char *name);

/* The names of kernels.conf, space-separated, into buf. */
int kernels_names(const struct kernel_place *kp, char *buf, size_t size);

/* CACHE/kernels/NAME into buf; -ENAMETOOLONG when it does not fit. */
int kernels_dir(const struct kernel_place *kp, const char *name, char *buf,
		size_t size);

/* 1 when NAME is provisioned and complete (its ready mark), else 0. */
int kernels_ready(const struct kernel_place *kp, const char *name);

/*
 * Run DATA/scripts/SCRIPT [ARG] with MODRUN_CACHE set, its output on
 * stderr (progress; stdout is modrun's report).  Returns 0, -EACCES (or
 * another -errno) when the cache cannot be written, -EIO when the script
 * failed.
 */
int kernels_run_script(const struct kernel_place *kp, const char *script,
		       const char *arg);

/* Provision NAME (scripts/provision-kernel); as kernels_run_script. */
int kernels_provision(const struct kernel_place *kp, const char *name);

/*
 * The --kernel argument: a folder (it has a '/', or exists) is taken as it
 * is; a name of kernels.conf is looked up and provisioned on first use.
 * The folder goes into dir.  Returns 0, or -errno with a one-line reason
 * in msg.
 */
int kernels_resolve(const char *arg, const char *exe, char *dir, size_t size,
		    char *msg, size_t msize);

/*
 * Run DATA/scripts/SCRIPT ARGS... with MODRUN_CACHE set (execv: returns
 * only on error, -errno).
 */
int kernels_exec_script(const struct kernel_place *kp, const char *script,
			char *const args[]);

/* One line per kernel of kernels.conf: name, suite, provisioned or not. */
int kernels_list(const struct kernel_place *kp, FILE *out);

#endif
