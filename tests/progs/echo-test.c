// SPDX-License-Identifier: GPL-2.0
/*
 * A test program for modrun --file, built static and dynamic (tests/dynfile.t,
 * bench/modrun-dynfile.sh): it writes /dev/modrun_echo (tests/modules/chardev.c)
 * and reads it back, or, without the device, prints its own argument.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *msg = "modrun was here\n";
	char buf[64] = "";
	int fd = open("/dev/modrun_echo", O_RDWR);
	ssize_t n;

	if (fd < 0) {
		printf("no device: %s\n", argc > 1 ? argv[1] : "hello");
		return 0;
	}
	if (write(fd, msg, strlen(msg)) != (ssize_t)strlen(msg))
		return 1;
	close(fd);
	fd = open("/dev/modrun_echo", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		return 1;
	buf[n] = '\0';
	printf("read back: %s", buf);
	return strcmp(buf, msg) != 0;
}
