// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <errno.h>
#include <libgen.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "modinfo.h"

/* Section header @i, or NULL when it lies outside the file. */
static const Elf64_Shdr *section(const unsigned char *buf, size_t size,
				 const Elf64_Ehdr *eh, unsigned int i)
{
	size_t off = eh->e_shoff + (size_t)i * sizeof(Elf64_Shdr);

	if (i >= eh->e_shnum || off < eh->e_shoff ||
	    off + sizeof(Elf64_Shdr) > size)
		return NULL;
	return (const Elf64_Shdr *)(buf + off);
}

static bool in_file(const Elf64_Shdr *sh, size_t size)
{
	return sh->sh_type == SHT_NOBITS ||
	       (sh->sh_offset <= size && sh->sh_size <= size - sh->sh_offset);
}

static const Elf64_Shdr *find_section(const unsigned char *buf, size_t size,
				      const Elf64_Ehdr *eh, const char *want)
{
	const Elf64_Shdr *strtab = section(buf, size, eh, eh->e_shstrndx);
	const Elf64_Shdr *sh;
	const char *names;
	unsigned int i;

	if (!strtab || !in_file(strtab, size))
		return NULL;
	names = (const char *)buf + strtab->sh_offset;
	for (i = 0; i < eh->e_shnum; i++) {
		sh = section(buf, size, eh, i);
		if (!sh || sh->sh_name >= strtab->sh_size)
			return NULL;
		if (strnlen(names + sh->sh_name, strtab->sh_size - sh->sh_name) ==
			    strlen(want) &&
		    !strcmp(names + sh->sh_name, want))
			return in_file(sh, size) ? sh : NULL;
	}
	return NULL;
}

/* Copy the value of "key=" in the NUL-separated .modinfo strings. */
static void modinfo_get(const char *info, size_t len, const char *key,
			char *out, size_t out_size)
{
	size_t klen = strlen(key), i = 0, n;

	while (i < len) {
		n = strnlen(info + i, len - i);
		if (n > klen && !strncmp(info + i, key, klen) &&
		    info[i + klen] == '=') {
			snprintf(out, out_size, "%.*s", (int)(n - klen - 1),
				 info + i + klen + 1);
			return;
		}
		i += n + 1;
	}
}

static int check_header(const unsigned char *buf, size_t size,
			const char **why)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)buf;

	if (size < sizeof(*eh) || memcmp(buf, ELFMAG, SELFMAG)) {
		*why = "not an ELF file";
		return -EINVAL;
	}
	if (buf[EI_CLASS] != ELFCLASS64 || buf[EI_DATA] != ELFDATA2LSB ||
	    eh->e_machine != EM_X86_64) {
		*why = "not an x86-64 ELF file";
		return -EINVAL;
	}
	if (eh->e_type != ET_REL) {
		*why = "not a kernel module (ELF, but not relocatable)";
		return -EINVAL;
	}
	if (eh->e_shentsize != sizeof(Elf64_Shdr)) {
		*why = "malformed ELF section headers";
		return -EINVAL;
	}
	return 0;
}

int modinfo_parse(const void *data, size_t size, const char *path,
		  struct modinfo *mi, const char **why)
{
	const unsigned char *buf = data;
	const Elf64_Shdr *sh;
	char stem[256], *dot;
	int ret;

	memset(mi, 0, sizeof(*mi));
	ret = check_header(buf, size, why);
	if (ret)
		return ret;
	sh = find_section(buf, size, (const Elf64_Ehdr *)buf, ".modinfo");
	if (!sh || sh->sh_type == SHT_NOBITS) {
		*why = "not a kernel module (no .modinfo section)";
		return -EINVAL;
	}
	modinfo_get((const char *)buf + sh->sh_offset, sh->sh_size, "name",
		    mi->name, sizeof(mi->name));
	modinfo_get((const char *)buf + sh->sh_offset, sh->sh_size,
		    "vermagic", mi->vermagic, sizeof(mi->vermagic));
	modinfo_get((const char *)buf + sh->sh_offset, sh->sh_size,
		    "license", mi->license, sizeof(mi->license));
	modinfo_get((const char *)buf + sh->sh_offset, sh->sh_size,
		    "depends", mi->depends, sizeof(mi->depends));
	if (strlen(mi->depends) == sizeof(mi->depends) - 1) {
		*why = "depends= of .modinfo is too long";
		return -EINVAL;
	}
	if (!mi->vermagic[0]) {
		*why = "not a kernel module (no vermagic in .modinfo)";
		return -EINVAL;
	}
	if (!mi->name[0]) {
		/* Older kernels do not record the name: use the file's stem. */
		snprintf(stem, sizeof(stem), "%s", path);
		snprintf(mi->name, sizeof(mi->name), "%s", basename(stem));
		dot = strrchr(mi->name, '.');
		if (dot)
			*dot = '\0';
		for (dot = mi->name; *dot; dot++)
			if (*dot == '-')
				*dot = '_';
	}
	return 0;
}

const char *modinfo_strings(const void *data, size_t size, size_t *len)
{
	const unsigned char *buf = data;
	const Elf64_Shdr *sh;
	const char *why;

	if (check_header(buf, size, &why))
		return NULL;
	sh = find_section(buf, size, (const Elf64_Ehdr *)buf, ".modinfo");
	if (!sh || sh->sh_type == SHT_NOBITS)
		return NULL;
	*len = sh->sh_size;
	return (const char *)buf + sh->sh_offset;
}

void modinfo_vermagic_release(const char *vermagic, char *buf, size_t size)
{
	snprintf(buf, size, "%.*s", (int)strcspn(vermagic, " "), vermagic);
}
