/* SPDX-License-Identifier: GPL-2.0 */
/*
 * droparg: is a token in an argument that a macro never compiles?  A
 * debug macro defined to nothing (iosapic.c's "#define DBG_IRT(x...)"
 * after "#undef DEBUG_IOSAPIC_IRT"), one that keeps an argument and drops
 * the others (sis190.c's "#define sis190_rx_quota(count, quota) count"),
 * or a kernel macro that only stringifies one (the atlas's Z lines):
 * what such an argument names is never built, so no rule's finding is
 * made in the file's macros' (add_finding() asks), and no gone finding
 * in the kernel's either (gone asks before it counts a use).
 *
 * The file's macro is the one its live definition makes: the definitions
 * in a branch that cannot be taken are skipped - the engine's dead
 * groups (#if 0, #ifdef X after #undef X), and the first branch of
 * "#ifdef X" where X is never defined (no #define X in the file or its
 * local headers, no -DX in the build files of its folder and those
 * above, not a kernel's name, not a CONFIG_ symbol, not a compiler's
 * __name) - whose #else is then live.  Every other definition must drop
 * the argument too, one of them surely live, and the file must not
 * #undef the name nor declare a function of it: a configuration the
 * tree can set (#ifdef CONFIG_DEBUG) that compiles the argument keeps
 * the finding.
 */
#ifndef MODPORT_DROPARG_H
#define MODPORT_DROPARG_H

#include <stdbool.h>
#include <stddef.h>

struct porter;

/*
 * Is token i of the file in an argument that a macro of the file never
 * compiles - or, with kernel, one of the kernel's (gone asks that too:
 * the atlas's Z lines of a release are its headers' x86 definitions,
 * and one of them may stand for another configuration's - 2.6.0's
 * outw() - where a rule that knows the interface knows better)?
 */
bool dropped_arg(struct porter *pt, size_t i, bool kernel);

#endif
