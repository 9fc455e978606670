/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checks that need no kernel, run before anything is provisioned: each
 * module exists and is a module (a .c is pointed at modrun build), each
 * --file exists, the kernel's name is known (with the list), and each
 * module's vermagic names the release the kernel has, or will have once
 * provisioned (scripts/provision-kernel --release: the package index, not
 * a download).  A mismatch names the kernel that has the module's release.
 * Every failure is one line and exit status 2.
 */
#ifndef MODRUN_EARLY_H
#define MODRUN_EARLY_H

#include "params.h"

/* The modules of ops and the --file hosts: present and readable. */
void early_check_inputs(const struct operands *ops, const char **files,
			int nr_files);

/*
 * The kernel (a name of kernels.conf or a folder) against the modules'
 * vermagic, before provisioning.
 */
void early_check_kernel(const char *kernel, const struct operands *ops);

/*
 * The kernel of kernels.conf, provisioned, whose release is release, into
 * buf; 0, or -ENOENT.
 */
int early_kernel_of(const char *release, char *buf, size_t size);

#endif
