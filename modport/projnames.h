/* SPDX-License-Identifier: GPL-2.0 */
/*
 * projnames: the members (and macros) that the project's own headers
 * declare - every header under the folders named on the command line
 * (hdrindex.h), read once, on first use.  A member whose struct is not
 * known where it is used may be a member of one of the project's own
 * structs, declared in a header the file reaches only through others.
 * Only a member missing from every struct of a kernel within the target
 * (atlas_may_be_gone(), ATLAS_USE_ANY_MEMBER) is asked, so a header that
 * spells none is not tokenized nor harvested (amdgpu's register headers:
 * three quarters of a kernel tree's header bytes).
 */
#ifndef MODPORT_PROJNAMES_H
#define MODPORT_PROJNAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "token.h"

/*
 * Does a header of the project declare a member or a macro named
 * s[0..len)?  Asked of names that the atlas has as a member of some
 * kernel's struct (ATLAS_ANY_MEMBER): of any other name the answer is 0.
 * target: the atlas releases of --target (target_atlas_releases()); the
 * headers are read for the first target asked, and read again, every one
 * of them, for a name that is no member missing from every struct of a
 * kernel within it.
 * Returns -ENOMEM where the headers cannot be read into memory, else 1
 * or 0.
 */
int projnames_member(uint32_t target, const char *s, size_t len);

/* The most processes projnames_load() reads the headers in. */
#define PROJNAMES_MAX_PARTS 64

/*
 * Read the project's headers now, before the processes of --jobs part: in
 * jobs processes at once (at most PROJNAMES_MAX_PARTS), each a share of
 * the headers, the names gathered here - or in this one, where jobs is 1
 * or the parts fail; for the releases target, as projnames_member() asks.
 * 0 or -ENOMEM.
 */
int projnames_load(unsigned int jobs, uint32_t target);

/*
 * projnames_load()'s parts started, and left to read while this process
 * does other work: the next projnames_load(), projnames_member() or
 * projnames_free() takes what they read.  0 (where they cannot start,
 * the set is read here when it is first needed).
 */
int projnames_start(unsigned int jobs, uint32_t target);

/*
 * --jobs reads the headers as it checks them (jobs.h: struct
 * jobs_gather), no part of its own: every process gathers the names of
 * its share, puts them in a memory file, and takes the others'.
 * projnames_gather_begin(): this process gathers for the releases target;
 * until projnames_gather_end(), projnames_member() answers 1 and says
 * projnames_asked() (the file is checked again once the set is whole).
 * A header checked: its tokens (projnames_gather_tokens()), harvested
 * where may_ask - where its check's walk met an identifier that
 * projnames_can_ask() (rules.h: engine_watch(), over the filter that
 * projnames_watch() gives, or every header where it gives none); one
 * whose check did not tokenize it (unreadable, binary): read here
 * (projnames_gather_path()).  put() and take(): 0, or -1 where a name or
 * a header could not be kept.  projnames_gather_end(false): the set is
 * forgotten, and read as projnames_member() reads it with no --jobs.
 */
void projnames_gather_begin(uint32_t target);
bool projnames_gathering(void);
void projnames_gather_tokens(const char *buf, const struct token_list *tl,
			     bool may_ask);
bool projnames_can_ask(uint64_t span);
const uint64_t *projnames_watch(size_t *mask);
void projnames_gather_path(const char *path);
/* Was projnames_member() asked since the last call? */
bool projnames_asked(void);
int projnames_gather_put(int fd);
int projnames_gather_take(int fd);
void projnames_gather_end(bool complete);

void projnames_free(void);

#endif
