/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drops: the arguments a kernel macro never compiles - every definition
 * of it in a release's headers (both arms of every #if) only stringifies
 * the parameter (#x), drops it, or passes it on only to another macro's
 * argument that is never compiled: SEQCNT_ZERO(name)'s name reaches
 * SEQCOUNT_DEP_MAP_INIT(lockname), which is ".dep_map = { .name =
 * #lockname }" with lockdep and empty without.  A parameter pasted (##)
 * or named by a call of a function is compiled; so is every argument of
 * a name that is a function too, under another condition.
 */
#ifndef MKATLAS_DROPS_H
#define MKATLAS_DROPS_H

#include <stdbool.h>

#include "../modport/token.h"

/* Note the function-like macros that the tokens of buf define. */
void drops_define(const char *buf, const struct token_list *tl);

/*
 * For the release whose headers were noted: mark each parameter (by its
 * index; rest: the variadic one, which takes every argument from there
 * on) that every definition of its macro never compiles; then forget them.
 * A name that is_function() says the release also declares as a function
 * drops nothing (remove_proc_entry(): a macro without CONFIG_PROC_FS only).
 */
void drops_release(void (*mark)(const char *macro, unsigned int param,
				bool rest), bool (*is_function)(const char *name));

#endif
