// SPDX-License-Identifier: GPL-2.0
/*
 * mmap-read DEVICE LENGTH: map the first page of DEVICE shared, read-only,
 * and print its first LENGTH bytes, so that the device's fault handler
 * (LDD3's scullp and scullv: .nopage, ported to .fault) hands the page
 * over.  Built static by bench/ldd3.sh and shipped with modrun --file.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long len = argc == 3 ? atol(argv[2]) : 0;
	long page = sysconf(_SC_PAGESIZE);
	char *p;
	int fd;

	if (len <= 0 || len > page) {
		fprintf(stderr, "usage: mmap-read DEVICE LENGTH (1..%ld)\n", page);
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		printf("FAIL: open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	p = mmap(NULL, page, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		printf("FAIL: mmap %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	fwrite(p, 1, len, stdout);
	munmap(p, page);
	close(fd);
	return 0;
}
