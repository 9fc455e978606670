/* SPDX-License-Identifier: GPL-2.0 */
/*
 * buildfile: a module's Makefile or Kbuild file is part of its port.
 *
 *   kbuild-cflags       CFLAGS set in a kbuild Makefile: ignored since
 *                       2.6.24 (kbuild compiles with KBUILD_CFLAGS)
 *                       -> ccflags-y
 *   kbuild-extra-flags  EXTRA_CFLAGS, EXTRA_AFLAGS, EXTRA_CPPFLAGS,
 *                       EXTRA_LDFLAGS: gone in 6.15 -> ccflags-y, asflags-y,
 *                       cppflags-y, ldflags-y (there since 2.6.34)
 *   kbuild-subdirs      make SUBDIRS=DIR: rejected since 5.3 -> M=DIR
 *   kbuild-include-path -I./PATH or -I../PATH in those flags: relative to the
 *                       kernel's tree before 6.13 -> -I$(src)/PATH
 *
 * Everything else (KERNELDIR ?=, targets, recipes, comments) is kept
 * byte for byte.
 */
#ifndef MODPORT_BUILDFILE_H
#define MODPORT_BUILDFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "kversion.h"
#include "rules.h"

/* Is path's file name a build file: Makefile, Kbuild, *.mk, Makefile.*? */
bool buildfile_name(const char *path);

/*
 * Port the build file buf[0..len) for the target of rs (NULL: every rule,
 * the default target), with the rules rs selects: findings (the rule IDs
 * above) and edits added to out.  Returns 0 or -ENOMEM.
 */
int buildfile_port(const char *buf, size_t len, const struct rule_set *rs,
		   struct port *out);

#endif
