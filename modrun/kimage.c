// SPDX-License-Identifier: GPL-2.0
/*
 * kimage: a kernel image's headers against its size (see kimage.h).
 *
 * vmlinux: an x86-64 ELF whose program headers' contents and section
 * header table lie inside the file.  vmlinuz: a bzImage ("HdrS" at 0x202)
 * whose setup sectors and protected-mode payload (syssize paragraphs) lie
 * inside the file.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kimage.h"

#define HEADER_BYTES 65536

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static int fail(char *why, size_t wsize, const char *what)
{
	snprintf(why, wsize, "%s", what);
	return -EINVAL;
}

static int check_elf(const unsigned char *buf, size_t size, size_t file_size,
		     char *why, size_t wsize)
{
	Elf64_Ehdr eh;
	size_t i;

	if (size < sizeof(eh))
		return fail(why, wsize, "truncated: shorter than an ELF header");
	memcpy(&eh, buf, sizeof(eh));
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64)
		return fail(why, wsize, "not an x86-64 ELF kernel");
	if (eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize > file_size)
		return fail(why, wsize, "truncated: its section headers lie past the end of the file");
	if (eh.e_phentsize != sizeof(Elf64_Phdr) || !eh.e_phnum ||
	    eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr) > size)
		return fail(why, wsize, "corrupted: no readable program headers");
	for (i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;

		memcpy(&ph, buf + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type == PT_LOAD && ph.p_offset + ph.p_filesz > file_size)
			return fail(why, wsize, "truncated: a loadable segment lies past the end of the file");
	}
	return 0;
}

static int check_bzimage(const unsigned char *buf, size_t size,
			 size_t file_size, char *why, size_t wsize)
{
	unsigned int setup_sects;
	uint64_t need;

	if (size < 0x210 || memcmp(buf + 0x202, "HdrS", 4))
		return fail(why, wsize, "neither an ELF vmlinux nor a bzImage (no HdrS header)");
	setup_sects = buf[0x1f1] ? buf[0x1f1] : 4;
	need = (uint64_t)(setup_sects + 1) * 512 + (uint64_t)le32(buf + 0x1f4) * 16;
	if (need > file_size)
		return fail(why, wsize, "truncated: its boot header promises more bytes than the file has");
	return 0;
}

int kimage_check(const unsigned char *buf, size_t size, size_t file_size,
		 char *why, size_t wsize)
{
	if (size >= 4 && !memcmp(buf, ELFMAG, SELFMAG))
		return check_elf(buf, size, file_size, why, wsize);
	return check_bzimage(buf, size, file_size, why, wsize);
}

int kimage_check_file(const char *path, char *why, size_t wsize)
{
	static unsigned char buf[HEADER_BYTES];
	struct stat st;
	ssize_t n;
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || (n = pread(fd, buf, sizeof(buf), 0)) < 0) {
		ret = -errno;
		close(fd);
		return ret;
	}
	close(fd);
	return kimage_check(buf, (size_t)n, (size_t)st.st_size, why, wsize);
}
