/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modobj: is a .c a module of its own for kbuild?  Its folder's Kbuild (or
 * else Makefile) names NAME.o in an obj-m assignment, and no NAME-objs or
 * NAME-y makes that object of other files: kbuild compiles NAME.c alone
 * into NAME.ko, so its MODULE_LICENSE() must be in what it compiles.
 */
#ifndef MODPORT_MODOBJ_H
#define MODPORT_MODOBJ_H

#include <stdbool.h>

bool modobj_single(const char *path);

#endif
