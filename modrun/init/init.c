// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's /init: a static program, PID 1 of a throwaway VM.
 *
 * It mounts what it needs and follows the plan in /modrun/plan, one step a
 * line, as the host wrote it:
 *
 *	segment NAME STEPS	a KTAP report of STEPS tests begins; NAME "-"
 *				is the whole run, else one module of --each
 *				(announced by "# modrun-each: NAME")
 *	load NAME PATH [params]	finit_module(), with the parameters in
 *				PATH's .params twin when "params" follows
 *	exec FILE		/bin/sh -c "the contents of FILE" (busybox)
 *	unload NAME		delete_module()
 *	end			the segment's kernel taint, "done"
 *
 * It is also the kernel's usermode modprobe (modprobe.h): run as
 * /modrun/modprobe, it serves request_module() from the kernel's own
 * modules.
 *
 * Every step is reported as KTAP on the report port (/dev/ttyS1, the
 * kernel's console being ttyS0), with the kernel log records of the step,
 * their levels, the module's taint and the kernel's; a command's output and
 * exit status.  Then it powers off.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../testname.h"
#include "channel.h"
#include "modprobe.h"

/* The modules the current segment loaded (grown as needed). */
static char **loaded;
static size_t nr_loaded, loaded_size;
static int kmsg_fd = -1;
static struct timespec init_start;	/* the kernel's clock when /init began */
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

/*
 * What was written has left the serial port: a module that crashes the
 * kernel next cannot take it along.
 */
static void sent(void)
{
	fflush(out);
	tcdrain(fileno(out));
}

static bool remember_loaded(const char *name)
{
	char **grown;

	if (nr_loaded == loaded_size) {
		loaded_size = loaded_size ? 2 * loaded_size : 16;
		grown = realloc(loaded, loaded_size * sizeof(*loaded));
		if (!grown)
			return false;
		loaded = grown;
	}
	loaded[nr_loaded] = strdup(name);
	return loaded[nr_loaded++] != NULL;
}

static bool forget_loaded(const char *name)
{
	size_t i;

	for (i = 0; i < nr_loaded; i++) {
		if (loaded[i] && !strcmp(loaded[i], name)) {
			free(loaded[i]);
			loaded[i] = NULL;
			return true;
		}
	}
	return false;
}

/* /modrun/N.ko's parameters, from /modrun/N.params ("" when none). */
static char *read_params(const char *file, bool wanted)
{
	char path[300], *params = NULL;
	size_t size = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%.*s.params",
		 (int)(strlen(file) > 3 ? strlen(file) - 3 : 0), file);
	f = wanted ? fopen(path, "re") : NULL;
	if (!f || getdelim(&params, &size, '\0', f) < 0) {
		free(params);
		params = strdup("");
	}
	if (f)
		fclose(f);
	return params;
}

static void load_module(const char *name, const char *file, bool with_params)
{
	char path[128], taint[64], *params = read_params(file, with_params);
	int fd, ret, e = 0;
	bool ok;

	fprintf(out, "# loading %s\n", name);
	if (params && params[0])
		fprintf(out, "# parameters: %s\n", params);
	sent();
	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
	} else {
		ret = (int)syscall(SYS_finit_module, fd, params ? params : "",
				   0);
		e = ret ? errno : 0;
		close(fd);
	}
	free(params);
	drain_kmsg();
	if (e)
		fprintf(out, "# error: finit_module: %s (%s)\n",
			errno_name(e), strerror(e));
	ok = e == 0;
	if (ok && !remember_loaded(name))
		fprintf(out, "# modrun-init: out of memory: %s will not be unloaded\n",
			name);
	snprintf(path, sizeof(path), "/sys/module/%.63s/taint", name);
	if (read_line(path, taint, sizeof(taint)))
		fprintf(out, "# module-taint %s: %s\n", name, taint);
	fprintf(out, "# sysfs %s: %s\n", name,
		module_in_sysfs(name) ? "present" : "absent");
	result(ok, "load", name);
}

static void unload_module(const char *name)
{
	int e = 0;

	if (!forget_loaded(name)) {
		fprintf(out, "ok %d unload %s # SKIP not loaded\n",
			++test_number, name);
		fflush(out);
		return;
	}
	fprintf(out, "# unloading %s\n", name);
	sent();
	if (syscall(SYS_delete_module, name, O_NONBLOCK))
		e = errno;
	drain_kmsg();
	if (e)
		fprintf(out, "# error: delete_module: %s (%s)\n",
			errno_name(e), strerror(e));
	fprintf(out, "# sysfs %s: %s\n", name,
		module_in_sysfs(name) ? "present" : "absent");
	result(e == 0, "unload", name);
}

/* A command's output, as "# out: " lines, a line at a time as it comes. */
static void print_output(char *buf, size_t *len, bool flush)
{
	char *start = buf, *nl;

	while ((nl = memchr(start, '\n', *len - (size_t)(start - buf)))) {
		*nl = '\0';
		fprintf(out, "# out: %s\n", start);
		start = nl + 1;
	}
	*len -= (size_t)(start - buf);
	memmove(buf, start, *len);
	if (*len && (flush || *len >= 4000)) {
		buf[*len] = '\0';
		fprintf(out, "# out: %s\n", buf);
		*len = 0;
	}
	fflush(out);
}

static void __attribute__((noreturn)) exec_child(const char *cmd, int fd)
{
	int null = open("/dev/null", O_RDONLY);
	char *with = NULL;

	setsid();
	if (null >= 0)
		dup2(null, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (chdir("/"))
		_exit(126);
	setenv("PATH", "/bin:/sbin:/usr/bin:/usr/sbin", 1);
	setenv("HOME", "/", 1);
	/*
	 * busybox's sh runs its own applets before PATH's: modprobe is the
	 * guest's (modprobe.h), which knows the kernel's module tree, by a
	 * function of the shell, which comes before an applet.
	 */
	if (!access(MODPROBE_USER_PATH, X_OK) &&
	    asprintf(&with, "modprobe() { " MODPROBE_USER_PATH " \"$@\"; }; %s",
		     cmd) > 0)
		cmd = with;
	execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
	fprintf(stderr, "modrun-init: /bin/sh: %s\n", strerror(errno));
	_exit(127);
}

/* Read the command's output until it exits; then end what it left. */
static int exec_wait(pid_t pid, int fd)
{
	char buf[4096];
	size_t len = 0;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int status = 0;
	bool exited = false, eof = false;
	ssize_t n;

	while (!eof) {
		if (!exited && waitpid(pid, &status, WNOHANG) == pid)
			exited = true;
		if (poll(&p, 1, exited ? 0 : 50) <= 0) {
			if (exited)
				break;
			continue;
		}
		n = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			eof = true;
			break;
		}
		len += (size_t)n;
		print_output(buf, &len, false);
	}
	print_output(buf, &len, true);
	if (!exited)
		waitpid(pid, &status, 0);
	kill(-pid, SIGKILL);	/* what it left running in the background */
	return status;
}

static void exec_command(const char *file)
{
	char name[TESTNAME_SIZE], *cmd = NULL;
	size_t size = 0;
	int fds[2], status = -1;
	FILE *f = fopen(file, "re");
	pid_t pid = -1;
	ssize_t n;

	n = f ? getdelim(&cmd, &size, '\0', f) : -1;
	if (f)
		fclose(f);
	testname_exec(n > 0 ? cmd : "?", name, sizeof(name));
	fprintf(out, "# exec: %s\n", n > 0 ? name + 5 : "?");
	sent();
	if (n > 0 && access("/bin/sh", X_OK) == 0 && !pipe2(fds, O_CLOEXEC)) {
		pid = fork();
		if (pid == 0)
			exec_child(cmd, fds[1]);
		close(fds[1]);
		if (pid > 0)
			status = exec_wait(pid, fds[0]);
		close(fds[0]);
	}
	drain_kmsg();
	if (n <= 0)
		fprintf(out, "# error: cannot read %s\n", file);
	else if (pid < 0)
		fprintf(out, "# error: cannot run /bin/sh: %s\n", strerror(errno));
	else if (WIFEXITED(status))
		fprintf(out, "# status: exit %d\n", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		fprintf(out, "# status: killed by signal %d (%s)\n",
			WTERMSIG(status), strsignal(WTERMSIG(status)));
	fprintf(out, "%sok %d %s\n", pid > 0 && WIFEXITED(status) &&
		WEXITSTATUS(status) == 0 ? "" : "not ", ++test_number, name);
	fflush(out);
	free(cmd);
}

static void begin_segment(const char *name, int steps, const char *release)
{
	if (strcmp(name, "-"))
		fprintf(out, "# modrun-each: %s\n", name);
	fprintf(out, "KTAP version 1\n");
	fprintf(out, "# modrun-init: kernel %s\n", release);
	fprintf(out, "# init-clock: %ld.%03ld\n", (long)init_start.tv_sec,
		init_start.tv_nsec / 1000000);
	fprintf(out, "1..%d\n", steps);
	test_number = 0;
	print_kernel_taint("before");
	fflush(out);
}

static void end_segment(void)
{
	size_t i;

	for (i = 0; i < nr_loaded; i++)
		free(loaded[i]);
	nr_loaded = 0;
	print_kernel_taint("after");
	fprintf(out, "# modrun-init: done\n");
	fflush(out);
}

/* Follow /modrun/plan, a line at a time. */
static void follow_plan(const char *release)
{
	FILE *f = fopen("/modrun/plan", "re");
	char *line = NULL, word[16], a[256], b[256], c[16];
	size_t size = 0;
	bool each = false;
	int steps;

	if (!f) {
		fprintf(out, "# modrun-init: no /modrun/plan\n");
		return;
	}
	while (getline(&line, &size, f) > 0) {
		a[0] = b[0] = c[0] = '\0';
		if (sscanf(line, "%15s %255s %255s %15s", word, a, b, c) < 1)
			continue;
		if (!strcmp(word, "segment")) {
			steps = atoi(b);
			each |= strcmp(a, "-") != 0;
			begin_segment(a, steps, release);
		} else if (!strcmp(word, "load")) {
			load_module(a, b, !strcmp(c, "params"));
		} else if (!strcmp(word, "exec")) {
			exec_command(a);
		} else if (!strcmp(word, "unload")) {
			unload_module(a);
		} else if (!strcmp(word, "end")) {
			end_segment();
		} else {
			fprintf(out, "# modrun-init: unknown plan step: %s\n", word);
		}
	}
	free(line);
	fclose(f);
	if (each)
		fprintf(out, "# modrun-each: end\n");
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

/* With busybox (given for --exec), every applet as a command of its own. */
static void install_busybox(void)
{
	pid_t pid;

	if (access("/bin/busybox", X_OK) || !access("/bin/cat", X_OK))
		return;		/* no busybox, or the host made the links */
	mkdir("/usr", 0755);
	mkdir("/usr/bin", 0755);
	mkdir("/usr/sbin", 0755);
	mkdir("/sbin", 0755);
	pid = fork();
	if (pid == 0) {
		execl("/bin/busybox", "busybox", "--install", "-s", (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

int main(int argc, char **argv)
{
	char release[128] = "?";
	const char *base = argc > 0 ? strrchr(argv[0], '/') : NULL;

	if (getpid() != 1 && base && !strcmp(base + 1, "modprobe"))
		return modprobe_main(argc, argv);
	clock_gettime(CLOCK_BOOTTIME, &init_start);
	mount_fs("devtmpfs", "/dev");
	out = open_report();
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	read_line("/proc/sys/kernel/osrelease", release, sizeof(release));
	mkdir("/tmp", 01777);
	/* no plan: a state is being made; the plan comes once restored */
	if (access("/modrun/plan", F_OK) && channel_receive(out))
		power_off();
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
	install_busybox();
	modprobe_install();
	follow_plan(release);
	power_off();
	return 0;
}
