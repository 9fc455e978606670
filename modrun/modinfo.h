/* SPDX-License-Identifier: GPL-2.0 */
/* What modrun needs to know of a .ko before it boots anything. */
#ifndef MODRUN_MODINFO_H
#define MODRUN_MODINFO_H

#include <stddef.h>

struct modinfo {
	char name[64];		/* name= of .modinfo, else the file's stem */
	char vermagic[256];	/* vermagic= of .modinfo */
	char license[128];
	char depends[1024];	/* depends= of .modinfo: comma-separated names */
};

/*
 * Check that buf (size bytes) is an x86-64 relocatable ELF with a .modinfo
 * section and fill mi.  Returns 0 or -EINVAL with *why set to the reason.
 */
int modinfo_parse(const void *buf, size_t size, const char *path,
		  struct modinfo *mi, const char **why);
/* The NUL-separated "key=value" strings of .modinfo, or NULL. */
const char *modinfo_strings(const void *buf, size_t size, size_t *len);
/* The release a vermagic names: its first word, into buf. */
void modinfo_vermagic_release(const char *vermagic, char *buf, size_t size);

#endif
