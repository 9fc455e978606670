/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a dynamically linked --file needs to run in the guest, read from
 * the ELF itself as dracut's inst_binary does (no ldd: nothing of the
 * program runs on the host): its interpreter (PT_INTERP) and the shared
 * libraries of its DT_NEEDED entries, theirs too, found as the dynamic
 * loader finds them (DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH, then the
 * system's folders).  A program for another architecture, or a library the
 * host lacks, is one line before anything boots.
 */
#ifndef MODRUN_ELFDEPS_H
#define MODRUN_ELFDEPS_H

#include <stddef.h>

struct elfdep {
	char *host;		/* the file to copy */
	char *guest;		/* where it goes, from / */
};

struct elfdeps {
	struct elfdep *d;
	int n;
};

/*
 * The interpreter and libraries that the program at path needs (none for
 * a static program, a script or data).  Returns 0, or -EINVAL with a
 * one-line reason in why.
 */
int elfdeps_collect(const char *path, struct elfdeps *deps, char *why,
		    size_t size);
void elfdeps_free(struct elfdeps *deps);

struct guest_file;
/*
 * Add to the n --files what their programs need (each once); returns the
 * new count.  Exits 2 on a program that cannot run in the guest.
 */
int elfdeps_add_files(struct guest_file **files, int n);

#endif
