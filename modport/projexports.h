/* SPDX-License-Identifier: GPL-2.0 */
/*
 * projexports: the symbols that the project's own .c files export with
 * EXPORT_SYMBOL() (and its _GPL, _NS and _NS_GPL forms): another module of
 * the project (LDD3's lddbus/lddbus.c: register_ldd_driver) that a module
 * of a sibling folder calls.  The project is the folders named on the
 * command line (hdrindex.h); where only files were named, the folders
 * beside the file's own (its parent's folders, one level down) when the
 * parent has a build of its own (a Makefile, Kbuild or dkms.conf: a
 * project's top, not ~/src or /tmp).  Indexed on first use: a file of a
 * kernel tree never asks.
 */
#ifndef MODPORT_PROJEXPORTS_H
#define MODPORT_PROJEXPORTS_H

#include <stddef.h>

/*
 * The .c files of the project around the file at from that export
 * name[0..len), into paths (at most max, in path order): how many there
 * are.  The strings are the index's.
 */
size_t projexports_find(const char *from, const char *name, size_t len,
			const char **paths, size_t max);

void projexports_free(void);

#endif
