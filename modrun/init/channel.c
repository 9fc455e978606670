// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/random.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../channel.h"
#include "channel.h"

#define PCI_DEVICES "/sys/bus/pci/devices"

static unsigned long read_hex(const char *dir, const char *file)
{
	char path[1024], buf[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strtoul(buf, NULL, 16);
}

/* The channel's PCI device folder in sysfs; false when there is none. */
static bool find_device(char *dir, size_t size)
{
	DIR *d = opendir(PCI_DEVICES);
	struct dirent *e;
	bool found = false;

	while (d && !found && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, size, "%s/%s", PCI_DEVICES, e->d_name);
		found = read_hex(dir, "vendor") == CHANNEL_VENDOR &&
			read_hex(dir, "device") == CHANNEL_DEVICE;
	}
	if (d)
		closedir(d);
	return found;
}

/* Enable the device and map its memory (BAR 2). */
static void *map_device(const char *dir, size_t *size)
{
	char path[1024];
	struct stat st;
	void *p;
	int fd;

	snprintf(path, sizeof(path), "%s/enable", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		/* already enabled or not, the mapping says the rest */
		(void)!write(fd, "1", 1);
		close(fd);
	}
	snprintf(path, sizeof(path), "%s/resource2", dir);
	fd = open(path, O_RDWR | O_SYNC | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || st.st_size < (off_t)CHANNEL_DATA) {
		close(fd);
		return NULL;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	*size = (size_t)st.st_size;
	return p == MAP_FAILED ? NULL : p;
}

/* Until the host has filled the channel: the VM is saved while here. */
static void wait_for_magic(const char *magic)
{
	struct timespec ms = { 0, 1000000 };

	while (memcmp(magic, CHANNEL_MAGIC, sizeof(CHANNEL_MAGIC)))
		nanosleep(&ms, NULL);
}

/* A restored guest must not share its clock or its RNG with the others. */
static void set_clock_and_rng(const struct channel_header *h, FILE *out)
{
	struct {
		struct rand_pool_info info;
		unsigned char buf[CHANNEL_ENTROPY];
	} e;
	struct timespec ts = { (time_t)h->sec, (long)h->nsec };
	int fd;

	if (clock_settime(CLOCK_REALTIME, &ts))
		fprintf(out, "# modrun-init: clock_settime: %s\n",
			strerror(errno));
	e.info.entropy_count = CHANNEL_ENTROPY * 8;
	e.info.buf_size = CHANNEL_ENTROPY;
	memcpy(e.buf, h->entropy, CHANNEL_ENTROPY);
	fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (fd < 0 || ioctl(fd, RNDADDENTROPY, &e) || ioctl(fd, RNDRESEEDCRNG))
		fprintf(out, "# modrun-init: reseeding the RNG: %s\n",
			strerror(errno));
	if (fd >= 0)
		close(fd);
}

static unsigned long field(const char *h, int i)
{
	char buf[9];

	memcpy(buf, h + 6 + 8 * i, 8);
	buf[8] = '\0';
	return strtoul(buf, NULL, 16);
}

static size_t pad4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

static int write_file(const char *name, unsigned long mode, const char *data,
		      size_t size)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
		      (mode_t)(mode & 07777));
	ssize_t n;

	if (fd < 0)
		return -1;
	while (size) {
		n = write(fd, data, size);
		if (n <= 0) {
			close(fd);
			return -1;
		}
		data += n;
		size -= (size_t)n;
	}
	fchmod(fd, (mode_t)(mode & 07777));
	return close(fd);
}

/* One entry of a "newc" archive into /; /init itself is running: kept. */
static int unpack_entry(const char *name, unsigned long mode,
			const char *data, size_t size)
{
	char target[4096];

	if (!strcmp(name, "init") || !strcmp(name, "."))
		return 0;
	if (S_ISDIR(mode))
		return mkdir(name, (mode_t)(mode & 07777)) && errno != EEXIST ?
		       -1 : 0;
	if (S_ISLNK(mode)) {
		if (size >= sizeof(target))
			return -1;
		memcpy(target, data, size);
		target[size] = '\0';
		unlink(name);
		return symlink(target, name);
	}
	if (S_ISREG(mode))
		return write_file(name, mode, data, size);
	return 0;
}

static int unpack(const char *p, size_t size, FILE *out)
{
	size_t at = 0, namesize, filesize, data;
	const char *name;

	if (chdir("/"))
		return -1;
	while (at + 110 <= size && !memcmp(p + at, "070701", 6)) {
		namesize = field(p + at, 11);
		filesize = field(p + at, 6);
		name = p + at + 110;
		data = pad4(at + 110 + namesize);
		if (!namesize || data + filesize > size ||
		    name[namesize - 1] != '\0')
			break;
		if (!strcmp(name, "TRAILER!!!"))
			return 0;
		if (unpack_entry(name, field(p + at, 1), p + data, filesize))
			fprintf(out, "# modrun-init: unpacking %s: %s\n", name,
				strerror(errno));
		at = pad4(data + filesize);
	}
	fprintf(out, "# modrun-init: the channel's archive is cut at %zu\n",
		at);
	return -1;
}

int channel_receive(FILE *out)
{
	const struct channel_header *h;
	char dir[512];
	size_t size;
	void *p;

	if (!find_device(dir, sizeof(dir))) {
		fprintf(out, "# modrun-init: no /modrun/plan, and no channel device\n");
		return -1;
	}
	p = map_device(dir, &size);
	if (!p) {
		fprintf(out, "# modrun-init: %s: cannot map: %s\n", dir,
			strerror(errno));
		return -1;
	}
	h = p;
	fprintf(out, "# modrun-init: waiting for the plan\n");
	fflush(out);
	tcdrain(fileno(out));
	wait_for_magic(h->magic);
	set_clock_and_rng(h, out);
	if (h->size > size - CHANNEL_DATA) {
		fprintf(out, "# modrun-init: the channel says %llu bytes: too many\n",
			(unsigned long long)h->size);
		return -1;
	}
	return unpack((const char *)p + CHANNEL_DATA, (size_t)h->size, out);
}
