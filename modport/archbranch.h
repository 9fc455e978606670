/* SPDX-License-Identifier: GPL-2.0 */
/*
 * archbranch: is a position of a file in the branch of an #if group that
 * tests for another architecture than x86 (#ifdef __sparc__, #if
 * defined(CONFIG_PPC), #elif defined(__mips__))?  Such code is that
 * architecture's: x86 does not compile it, and its names are not x86's.
 */
#ifndef MODPORT_ARCHBRANCH_H
#define MODPORT_ARCHBRANCH_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

/*
 * The architectures of dirs[0..len), arch/ folders' names space-separated
 * ("sh ia64 alpha ppc powerpc"), as people name them, once each, in
 * their names' order, into out: "Alpha's, IA-64's and SuperH's".  How
 * many.
 */
size_t arch_list_names(const char *dirs, size_t len, char *out, size_t size);

/* Does the identifier s[0..len) name an architecture other than x86? */
bool arch_name(const char *s, size_t len);

/*
 * Is token i inside the taken branch of a group whose condition asks for
 * another architecture (not negated: the #else of '#ifdef __sparc__' and
 * '#ifndef __sparc__' are x86's)?
 */
bool in_arch_branch(const char *buf, const struct token_list *tl, size_t i);

/*
 * Does x86 take the branch of token i, because of the architectures its
 * group asks for: the #else of a group whose every branch before asks for
 * another architecture (#if defined(CONFIG_CPU_SH4) ... #else), or a
 * branch that asks for one's absence (#if !defined(CONFIG_MIPS) || ...)?
 */
bool x86_takes_branch(const char *buf, const struct token_list *tl, size_t i);

#endif
