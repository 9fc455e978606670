// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "channel.h"
#include "qemu.h"

#define LINE_MAX_LEN 8192
#define POWEROFF_GRACE 2.0

static const struct arch_params arch_table[] = {
	{
		.arch = "x86_64",
		.qemu = "qemu-system-x86_64",
		.console = "ttyS0",
		.report = "ttyS1",
		.extra_args = { "-M", "pc", NULL },
	},
};

const struct arch_params *arch_params_find(const char *arch)
{
	size_t i;

	for (i = 0; i < sizeof(arch_table) / sizeof(arch_table[0]); i++)
		if (!strcmp(arch_table[i].arch, arch))
			return &arch_table[i];
	return NULL;
}

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct line_buf {
	int fd;
	size_t len;
	char data[LINE_MAX_LEN];
};

/* QEMU's command line: an array that grows, the strings it made. */
struct qemu_argv {
	char **v;
	size_t n, size;
	bool failed;
};

static void add_owned(struct qemu_argv *a, char *s)
{
	char **v;

	if (!s) {
		a->failed = true;
		return;
	}
	if (a->n + 2 > a->size) {
		a->size = a->size ? 2 * a->size : 64;
		v = realloc(a->v, a->size * sizeof(*v));
		if (!v) {
			free(s);
			a->failed = true;
			return;
		}
		a->v = v;
	}
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

static void add(struct qemu_argv *a, const char *s)
{
	add_owned(a, strdup(s));
}

static void __attribute__((format(printf, 2, 3)))
addf(struct qemu_argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	add_owned(a, s);
}

static void free_argv(struct qemu_argv *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* What a restored run, or the run that makes its state, adds. */
static void add_restore_args(const struct qemu_config *cfg,
			     struct qemu_argv *a)
{
	const char *share = cfg->saving ? "on" : "off";

	if (cfg->ram_path) {
		add(a, "-object");
		addf(a, "memory-backend-file,id=modrun-ram,share=%s,mem-path=%s,size=%dM",
		     share, cfg->ram_path, cfg->memory_mb);
		add(a, "-machine");
		add(a, "memory-backend=modrun-ram");
	}
	if (cfg->channel_fd > 0) {
		add(a, "-object");
		addf(a, "memory-backend-file,id=modrun-channel,share=%s,mem-path=/dev/fd/%d,size=%u",
		     share, cfg->channel_fd, CHANNEL_SIZE);
		add(a, "-device");
		add(a, "ivshmem-plain,memdev=modrun-channel,master=on");
	}
	if (cfg->qmp_fd > 0) {
		add(a, "-chardev");
		addf(a, "socket,id=modrun-qmp,fd=%d", cfg->qmp_fd);
		add(a, "-mon");
		add(a, "chardev=modrun-qmp,mode=control");
	}
	if (cfg->incoming) {
		add(a, "-incoming");
		add(a, "defer");
	}
}

/* The kernel's module folder, read-only over 9p (a ',' doubled for QEMU). */
static void add_kmod_args(const struct qemu_config *cfg, struct qemu_argv *a)
{
	char *path, *p;
	const char *s;

	if (!cfg->kmod_dir)
		return;
	path = malloc(2 * strlen(cfg->kmod_dir) + 1);
	if (!path) {
		a->failed = true;
		return;
	}
	for (s = cfg->kmod_dir, p = path; *s; s++) {
		if (*s == ',')
			*p++ = ',';
		*p++ = *s;
	}
	*p = '\0';
	add(a, "-fsdev");
	addf(a, "local,id=modrun-kmod,path=%s,security_model=none,readonly=on",
	     path);
	add(a, "-device");
	add(a, "virtio-9p-pci,fsdev=modrun-kmod,mount_tag=modrun-kmod");
	free(path);
}

/* Returns 0 or -ENOMEM. */
static int build_argv(const struct qemu_config *cfg, int con_fd, int rep_fd,
		      struct qemu_argv *a)
{
	const struct arch_params *p = cfg->arch;
	int i;

	memset(a, 0, sizeof(*a));
	add(a, cfg->qemu ? cfg->qemu : p->qemu);
	for (i = 0; p->extra_args[i]; i++)
		add(a, p->extra_args[i]);
	add(a, "-nodefaults");
	add(a, "-no-user-config");
	add(a, "-display");
	add(a, "none");
	add(a, "-no-reboot");
	add(a, "-accel");
	add(a, cfg->kvm ? "kvm" : "tcg");
	add(a, "-m");
	addf(a, "%d", cfg->memory_mb);
	add(a, "-kernel");
	add(a, cfg->kernel);
	add(a, "-initrd");
	addf(a, "/dev/fd/%d", cfg->initrd_fd);
	add(a, "-append");
	addf(a, "console=%s panic=-1 oops=panic quiet %s", p->console,
	     cfg->cmdline_extra ? cfg->cmdline_extra : "");
	add(a, "-serial");
	addf(a, "file:/dev/fd/%d", con_fd);
	add(a, "-serial");
	addf(a, "file:/dev/fd/%d", rep_fd);
	for (i = 0; i < cfg->nr_netdevs; i++) {
		add(a, "-netdev");
		add(a, cfg->netdevs[i]);
	}
	for (i = 0; i < cfg->nr_devices; i++) {
		add(a, "-device");
		add(a, cfg->devices[i]);
	}
	add_kmod_args(cfg, a);
	add_restore_args(cfg, a);
	if (a->failed) {
		free_argv(a);
		return -ENOMEM;
	}
	return 0;
}

static void child_exec(const struct qemu_config *cfg, int pipes[][2],
		       char **argv)
{
	int devnull = open("/dev/null", O_RDWR);

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (devnull >= 0)
		dup2(devnull, STDIN_FILENO);
	dup2(pipes[QEMU_STDERR][1], STDOUT_FILENO);
	dup2(pipes[QEMU_STDERR][1], STDERR_FILENO);
	fcntl(pipes[QEMU_CONSOLE][1], F_SETFD, 0);
	fcntl(pipes[QEMU_REPORT][1], F_SETFD, 0);
	fcntl(cfg->initrd_fd, F_SETFD, 0);
	if (cfg->qmp_fd > 0)
		fcntl(cfg->qmp_fd, F_SETFD, 0);
	if (cfg->channel_fd > 0)
		fcntl(cfg->channel_fd, F_SETFD, 0);
	execvp(argv[0], argv);
	fprintf(stderr, "modrun: cannot run %s: %s\n", argv[0],
		strerror(errno));
	_exit(127);
}

/* Read what is there; hand over complete lines.  Returns false at EOF. */
static bool drain(struct line_buf *b, enum qemu_stream s, qemu_line_fn fn,
		  void *ctx, int *flags)
{
	ssize_t n = read(b->fd, b->data + b->len, sizeof(b->data) - 1 - b->len);
	char *start, *nl;

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return true;
	if (n <= 0) {
		if (b->len) {
			b->data[b->len] = '\0';
			*flags |= fn(ctx, s, b->data);
			b->len = 0;
		}
		return false;
	}
	b->len += (size_t)n;
	b->data[b->len] = '\0';
	start = b->data;
	while ((nl = memchr(start, '\n', b->len - (size_t)(start - b->data)))) {
		*nl = '\0';
		*flags |= fn(ctx, s, start);
		start = nl + 1;
	}
	b->len -= (size_t)(start - b->data);
	memmove(b->data, start, b->len);
	if (b->len == sizeof(b->data) - 1) {	/* an overlong line: cut it */
		*flags |= fn(ctx, s, b->data);
		b->len = 0;
	}
	return true;
}

static void install_handlers(struct sigaction *old)
{
	struct sigaction sa;
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: poll() returns */
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &sa, &old[i]);
}

static void restore_handlers(const struct sigaction *old)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	int i;

	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &old[i], NULL);
}

static int make_pipes(int pipes[][2])
{
	int i, j;

	for (i = 0; i < QEMU_NR_STREAMS; i++) {
		if (pipe2(pipes[i], O_CLOEXEC)) {
			for (j = 0; j < i; j++) {
				close(pipes[j][0]);
				close(pipes[j][1]);
			}
			return -errno;
		}
	}
	return 0;
}

/* Wait for the streams, the deadlines and the report; then end QEMU. */
static void supervise(const struct qemu_config *cfg, pid_t pid,
		      struct line_buf *bufs, qemu_line_fn fn, void *ctx,
		      struct qemu_result *res, double start)
{
	struct pollfd pfd[QEMU_NR_STREAMS];
	double deadline = start + cfg->timeout, t;
	static const int order[QEMU_NR_STREAMS] = { QEMU_REPORT, QEMU_CONSOLE,
						    QEMU_STDERR };
	int open_streams = QEMU_NR_STREAMS, i, k, ms, flags = 0;
	bool complete = false;

	while (open_streams && !got_signal) {
		t = now();
		if (t >= deadline) {
			res->timed_out = !complete;
			break;
		}
		if (cfg->first_report_timeout > 0 && res->first_report < 0 &&
		    t - start >= cfg->first_report_timeout) {
			res->stalled = true;
			break;
		}
		ms = (int)((deadline - t) * 1000) + 1;
		if (ms > 100)
			ms = 100;
		for (i = 0; i < QEMU_NR_STREAMS; i++) {
			pfd[i].fd = bufs[i].fd;
			pfd[i].events = POLLIN;
		}
		if (poll(pfd, QEMU_NR_STREAMS, ms) <= 0)
			continue;
		/*
		 * The report first: what the guest said before a crash comes
		 * before the crash's console lines.
		 */
		for (k = 0; k < QEMU_NR_STREAMS; k++) {
			i = order[k];
			if (bufs[i].fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP)))
				continue;
			if (i == QEMU_REPORT && res->first_report < 0)
				res->first_report = now() - start;
			flags = 0;
			if (!drain(&bufs[i], i, fn, ctx, &flags)) {
				bufs[i].fd = -1;
				open_streams--;
			}
			complete |= flags & QEMU_LINE_COMPLETE;
			if ((flags & QEMU_LINE_PROGRESS) && !complete)
				deadline = now() + cfg->timeout;
		}
		if (complete && !res->report_complete) {
			res->report_complete = true;
			if (deadline > now() + POWEROFF_GRACE)
				deadline = now() + POWEROFF_GRACE;
		}
	}
	res->interrupted = got_signal != 0;
	if (!open_streams)	/* QEMU closed them all: it has ended */
		waitpid(pid, &res->wait_status, 0);
	else if (waitpid(pid, &res->wait_status, WNOHANG) != pid) {
		kill(pid, SIGKILL);
		waitpid(pid, &res->wait_status, 0);
	}
}

/* spawned() failed: end QEMU, and keep the first line it said. */
static void end_spawned(pid_t pid, int err_fd, struct qemu_result *res)
{
	char buf[sizeof(res->spawn_error)];
	ssize_t n;

	kill(pid, SIGKILL);
	waitpid(pid, &res->wait_status, 0);
	n = read(err_fd, buf, sizeof(buf) - 1);	/* QEMU has closed it */
	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	snprintf(res->spawn_error, sizeof(res->spawn_error), "%s", buf);
}

/* "/dev/fd/12" and "fd=12" become "/dev/fd/N" and "fd=N". */
static void mask_fds(char *s)
{
	char *p = s, *q = s;

	while (*p) {
		if ((q - s >= 8 && !strncmp(q - 8, "/dev/fd/", 8)) ||
		    (q - s >= 3 && !strncmp(q - 3, "fd=", 3))) {
			if (*p >= '0' && *p <= '9') {
				while (*p >= '0' && *p <= '9')
					p++;
				*q++ = 'N';
				continue;
			}
		}
		*q++ = *p++;
	}
	*q = '\0';
}

char *qemu_machine_text(const struct qemu_config *cfg)
{
	struct qemu_argv a;
	char *text = NULL;
	size_t size = 0, i;
	FILE *f;

	if (build_argv(cfg, 1, 2, &a))
		return NULL;
	f = open_memstream(&text, &size);
	if (f) {
		for (i = 0; i < a.n; i++)
			fprintf(f, "%s\n", a.v[i]);
		fclose(f);
	}
	free_argv(&a);
	if (text)
		mask_fds(text);
	return text;
}

int qemu_run(const struct qemu_config *cfg, qemu_line_fn fn, void *ctx,
	     struct qemu_result *res)
{
	static struct line_buf bufs[QEMU_NR_STREAMS];
	int pipes[QEMU_NR_STREAMS][2];
	struct sigaction old[3];
	struct qemu_argv argv;
	double start = now();
	pid_t pid;
	int i, ret;

	memset(res, 0, sizeof(*res));
	res->first_report = -1;
	ret = make_pipes(pipes);
	if (ret)
		return ret;
	ret = build_argv(cfg, pipes[QEMU_CONSOLE][1], pipes[QEMU_REPORT][1],
			 &argv);
	if (ret) {
		for (i = 0; i < QEMU_NR_STREAMS; i++) {
			close(pipes[i][0]);
			close(pipes[i][1]);
		}
		return ret;
	}
	got_signal = 0;
	install_handlers(old);
	pid = fork();
	if (pid == 0)
		child_exec(cfg, pipes, argv.v);
	free_argv(&argv);
	ret = pid < 0 ? -errno : 0;
	for (i = 0; i < QEMU_NR_STREAMS; i++) {
		close(pipes[i][1]);
		bufs[i].fd = pipes[i][0];
		bufs[i].len = 0;
	}
	if (pid > 0 && cfg->spawned) {
		ret = cfg->spawned(cfg, cfg->spawned_arg);
		if (ret)
			end_spawned(pid, bufs[QEMU_STDERR].fd, res);
	}
	if (pid > 0 && !ret)
		supervise(cfg, pid, bufs, fn, ctx, res, start);
	for (i = 0; i < QEMU_NR_STREAMS; i++)
		close(pipes[i][0]);
	res->wall = now() - start;
	restore_handlers(old);
	return ret;
}
