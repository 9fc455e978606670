// SPDX-License-Identifier: GPL-2.0
/*
 * scull-ioctl DEVICE: scull's ioctl interface in the guest (the LDD3 book's
 * numbers: magic 'k'), to prove the .ioctl -> .unlocked_ioctl port: query
 * the quantum (4000 by default), tell a new one by value, set one through a
 * pointer, get it back through a pointer, restore it; an unknown command
 * is ENOTTY.  Built static by bench/ldd3.sh and shipped with modrun --file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define MAGIC 'k'
#define IOCSQUANTUM _IOW(MAGIC, 1, int)
#define IOCTQUANTUM _IO(MAGIC, 3)
#define IOCGQUANTUM _IOR(MAGIC, 5, int)
#define IOCQQUANTUM _IO(MAGIC, 7)

static int fail(const char *what)
{
	printf("FAIL: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	int fd, q, v = 2000;

	if (argc != 2) {
		fprintf(stderr, "usage: scull-ioctl DEVICE\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0)
		return fail(argv[1]);
	q = ioctl(fd, IOCQQUANTUM);
	if (q != 4000)
		return fail("query: the quantum is not 4000");
	if (ioctl(fd, IOCTQUANTUM, 1000) || ioctl(fd, IOCQQUANTUM) != 1000)
		return fail("tell 1000, then query");
	if (ioctl(fd, IOCSQUANTUM, &v) || ioctl(fd, IOCGQUANTUM, &q) || q != 2000)
		return fail("set 2000 through a pointer, then get");
	if (ioctl(fd, IOCTQUANTUM, 4000))
		return fail("restore 4000");
	if (ioctl(fd, _IO(MAGIC, 99)) != -1 || errno != ENOTTY)
		return fail("an unknown command is not ENOTTY");
	printf("ioctl: quantum queried 4000, told 1000, set and got 2000 through pointers; unknown command ENOTTY\n");
	return 0;
}
