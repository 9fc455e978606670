// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /init: a static program, PID 1 of a throwaway VM.
 *
 * It mounts what it needs, loads the modules listed in /modrun/modules with
 * finit_module(), unloads them in reverse order with delete_module(), and
 * reports every step as KTAP on the report port (/dev/ttyS1, the kernel's
 * console being ttyS0), with the kernel log records of each step, their
 * levels, the module's taint and the kernel's.  Then it powers off.
 *
 * /modrun/modules has one line per module: "NAME PATH".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_MODULES 64

struct module_entry {
	char name[64];
	char path[192];
	bool loaded;
};

static struct module_entry modules[MAX_MODULES];
static int nr_modules;
static int kmsg_fd = -1;
static FILE *out;
static int test_number;

static void power_off(void)
{
	fflush(out);
	sync();
	reboot(RB_POWER_OFF);
	/* PID 1 must never return: that would panic the kernel. */
	for (;;)
		pause();
}

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) && errno != EBUSY)
		fprintf(out, "# modrun-init: mount %s: %s\n", dir, strerror(errno));
}

static const char *errno_name(int e)
{
	const char *name = strerrorname_np(e);

	return name ? name : "E?";
}

/* Print a /dev/kmsg record "PRIO,SEQ,USEC,FLAGS;TEXT" as a # log line. */
static void print_kmsg_record(char *rec)
{
	unsigned int prio;
	unsigned long long seq, usec;
	char *text = strchr(rec, ';');
	char *nl;

	if (!text || sscanf(rec, "%u,%llu,%llu", &prio, &seq, &usec) != 3)
		return;
	text++;
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	fprintf(out, "# log <%u> [%5llu.%06llu] %s\n", prio & 7,
		usec / 1000000, usec % 1000000, text);
}

/* Report the kernel log records that appeared since the last call. */
static void drain_kmsg(void)
{
	char rec[8192];
	ssize_t n;

	if (kmsg_fd < 0)
		return;
	for (;;) {
		n = read(kmsg_fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* records were overwritten: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		print_kmsg_record(rec);
	}
}

static bool read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

static void print_kernel_taint(const char *when)
{
	char buf[64];

	if (read_line("/proc/sys/kernel/tainted", buf, sizeof(buf)))
		fprintf(out, "# kernel-taint %s: %s\n", when, buf);
}

static bool module_in_sysfs(const char *name)
{
	char path[128];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%.63s", name);
	return stat(path, &st) == 0;
}

static void result(bool ok, const char *what, const char *name)
{
	fprintf(out, "%sok %d %s %s\n", ok ? "" : "not ", ++test_number,
		what, name);
	fflush(out);
}

static void load_module(struct module_entry *m)
{
	char path[128], taint[64];
	int fd, ret, e = 0;

	fprintf(out, "# loading %s\n", m->name);
	fflush(out);
	fd = open(m->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
	} else {
		ret = (int)syscall(SYS_finit_module, fd, "", 0);
		e = ret ? errno : 0;
		close(fd);
	}
	drain_kmsg();
	if (e)
		fprintf(out, "# error: finit_module: %s (%s)\n",
			errno_name(e), strerror(e));
	m->loaded = e == 0;
	snprintf(path, sizeof(path), "/sys/module/%.63s/taint", m->name);
	if (read_line(path, taint, sizeof(taint)))
		fprintf(out, "# module-taint %s: %s\n", m->name, taint);
	fprintf(out, "# sysfs %s: %s\n", m->name,
		module_in_sysfs(m->name) ? "present" : "absent");
	result(m->loaded, "load", m->name);
}

static void unload_module(struct module_entry *m)
{
	int e = 0;

	if (!m->loaded) {
		fprintf(out, "ok %d unload %s # SKIP not loaded\n",
			++test_number, m->name);
		return;
	}
	fprintf(out, "# unloading %s\n", m->name);
	fflush(out);
	if (syscall(SYS_delete_module, m->name, O_NONBLOCK))
		e = errno;
	drain_kmsg();
	if (e)
		fprintf(out, "# error: delete_module: %s (%s)\n",
			errno_name(e), strerror(e));
	fprintf(out, "# sysfs %s: %s\n", m->name,
		module_in_sysfs(m->name) ? "present" : "absent");
	result(e == 0, "unload", m->name);
}

static void read_module_list(void)
{
	FILE *f = fopen("/modrun/modules", "re");
	struct module_entry *m;

	if (!f) {
		fprintf(out, "# modrun-init: no /modrun/modules\n");
		return;
	}
	while (nr_modules < MAX_MODULES) {
		m = &modules[nr_modules];
		if (fscanf(f, "%63s %191s", m->name, m->path) != 2)
			break;
		nr_modules++;
	}
	fclose(f);
}

static FILE *open_report(void)
{
	int fd = open("/dev/ttyS1", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	FILE *f;

	if (fd < 0)
		fd = open("/dev/console", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f)
		f = stdout;
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}

int main(void)
{
	struct timespec now;
	char release[128] = "?";
	int i;

	clock_gettime(CLOCK_BOOTTIME, &now);
	mount_fs("devtmpfs", "/dev");
	out = open_report();
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	read_line("/proc/sys/kernel/osrelease", release, sizeof(release));
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);

	fprintf(out, "KTAP version 1\n");
	fprintf(out, "# modrun-init: kernel %s\n", release);
	fprintf(out, "# init-clock: %ld.%03ld\n", (long)now.tv_sec,
		now.tv_nsec / 1000000);
	read_module_list();
	fprintf(out, "1..%d\n", 2 * nr_modules);
	print_kernel_taint("before");
	for (i = 0; i < nr_modules; i++)
		load_module(&modules[i]);
	for (i = nr_modules - 1; i >= 0; i--)
		unload_module(&modules[i]);
	print_kernel_taint("after");
	fprintf(out, "# modrun-init: done\n");
	power_off();
	return 0;
}
