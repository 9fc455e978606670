// SPDX-License-Identifier: GPL-2.0
/*
 * modrun: prove kernel modules in a throwaway VM.
 *
 *	modrun [options] MODULE.ko...
 *	modrun parse [FILE|-]
 *
 * Boots a kernel in QEMU with an initramfs whose /init (our own static
 * program) loads and unloads the modules, and prints the verdict as KTAP.
 * Nothing is ever loaded into the host's kernel.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpio.h"
#include "initblob.h"
#include "kvm.h"
#include "ktap.h"
#include "modinfo.h"
#include "qemu.h"
#include "report.h"
#include "taint.h"

#define MODRUN_VERSION "1.0"
#define MAX_MODULES 64
#define MAX_EXPECT 64
#define DEFAULT_FORBID "PDWL"

struct module_file {
	const char *path;
	void *data;
	size_t size;
	struct modinfo info;
};

struct options {
	const char *kernel_dir;
	double timeout;
	const char *expect[MAX_EXPECT];
	int nr_expect;
	long long forbid_mask;
	const char *accel;
	int memory_mb;
	const char *append;
	const char *log_path;
};

struct run_ctx {
	struct guest_report guest;
	struct console_log console;
	FILE *log;
};

static void __attribute__((noreturn)) usage(const char *why)
{
	if (why)
		fprintf(stderr, "modrun: %s\n", why);
	fprintf(stderr,
		"usage: modrun [-k DIR] [-t SECONDS] [-e TEXT]... [--forbid-taint LETTERS]\n"
		"              [--accel tcg|kvm|auto] [-m MB] [--append ARGS] [--log FILE] MODULE.ko...\n"
		"       modrun parse [FILE|-]\n"
		"Try 'modrun --help' for more information.\n");
	exit(2);
}

static void help(void)
{
	printf("usage: modrun [options] MODULE.ko...\n"
	       "       modrun parse [FILE|-]\n\n"
	       "Boot a kernel in QEMU, load and unload the modules inside it, and report\n"
	       "what the kernel said, and the taint, as KTAP.  Never touches the host's kernel.\n\n"
	       "  -k, --kernel DIR          provisioned kernel (vmlinux or vmlinuz, release);\n"
	       "                            default $MODRUN_KERNEL, else cache/kernels/6.1\n"
	       "  -t, --timeout SECONDS     end the VM after this long (default 60)\n"
	       "  -e, --expect TEXT         a kernel log line must contain TEXT (repeatable)\n"
	       "      --forbid-taint LETTERS  taint flags that fail the run (default %s)\n"
	       "      --accel tcg|kvm|auto  QEMU accelerator (default tcg; auto probes KVM)\n"
	       "  -m, --memory MB           guest memory (default 256)\n"
	       "      --append ARGS         extra kernel command line\n"
	       "      --log FILE            save the guest's report and console to FILE\n"
	       "  -h, --help                this help\n"
	       "  -V, --version             print the version\n\n"
	       "Exit status: 0 all tests passed, 1 a test failed, 2 usage or setup error.\n",
	       DEFAULT_FORBID);
	exit(0);
}

static double parse_seconds(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || v <= 0 || v > 86400)
		usage("--timeout wants a number of seconds between 0 and 86400");
	return v;
}

static int parse_memory(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end || v < 64 || v > 65536)
		usage("--memory wants a size in MiB between 64 and 65536");
	return (int)v;
}

static void parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "timeout", required_argument, NULL, 't' },
		{ "expect", required_argument, NULL, 'e' },
		{ "forbid-taint", required_argument, NULL, 'F' },
		{ "accel", required_argument, NULL, 'A' },
		{ "memory", required_argument, NULL, 'm' },
		{ "append", required_argument, NULL, 'a' },
		{ "log", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "+k:t:e:m:hV", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'k':
			o->kernel_dir = optarg;
			break;
		case 't':
			o->timeout = parse_seconds(optarg);
			break;
		case 'e':
			if (o->nr_expect == MAX_EXPECT)
				usage("too many --expect");
			o->expect[o->nr_expect++] = optarg;
			break;
		case 'F':
			o->forbid_mask = taint_mask(optarg);
			if (o->forbid_mask < 0)
				usage("--forbid-taint: unknown taint letter");
			break;
		case 'A':
			if (strcmp(optarg, "tcg") && strcmp(optarg, "kvm") &&
			    strcmp(optarg, "auto"))
				usage("--accel wants tcg, kvm or auto");
			o->accel = optarg;
			break;
		case 'm':
			o->memory_mb = parse_memory(optarg);
			break;
		case 'a':
			o->append = optarg;
			break;
		case 'l':
			o->log_path = optarg;
			break;
		case 'h':
			help();
			break;
		case 'V':
			printf("modrun %s\n", MODRUN_VERSION);
			exit(0);
		default:
			usage(NULL);
		}
	}
}

static int read_file(const char *path, void **data, size_t *size)
{
	struct stat st;
	void *p;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	p = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!p || read(fd, p, (size_t)st.st_size) != st.st_size) {
		free(p);
		close(fd);
		return -EIO;
	}
	close(fd);
	*data = p;
	*size = (size_t)st.st_size;
	return 0;
}

/* The kernel: DIR/vmlinux (fast under TCG) or DIR/vmlinuz; DIR/release. */
static const char *find_kernel(const char *dir, char *image, size_t size,
			       char *release, size_t rsize)
{
	char path[4096];
	FILE *f;

	snprintf(image, size, "%s/vmlinux", dir);
	if (access(image, R_OK)) {
		snprintf(image, size, "%s/vmlinuz", dir);
		if (access(image, R_OK))
			return NULL;
	}
	release[0] = '\0';
	snprintf(path, sizeof(path), "%s/release", dir);
	f = fopen(path, "re");
	if (f) {
		if (fgets(release, (int)rsize, f))
			release[strcspn(release, "\n")] = '\0';
		fclose(f);
	}
	return image;
}

static void load_module_file(struct module_file *m, const char *release)
{
	char built_for[256];
	const char *why = NULL;
	int ret = read_file(m->path, &m->data, &m->size);

	if (ret)
		errx(2, "%s: cannot read: %s", m->path, strerror(-ret));
	if (modinfo_parse(m->data, m->size, m->path, &m->info, &why))
		errx(2, "%s: %s", m->path, why);
	modinfo_vermagic_release(m->info.vermagic, built_for,
				 sizeof(built_for));
	if (release[0] && strcmp(built_for, release))
		errx(2, "%s: built for kernel %s, but the kernel is %s (vermagic mismatch): rebuild it against that kernel's headers",
		     m->path, built_for, release);
}

static void check_unique_names(const struct module_file *mods, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(mods[i].info.name, mods[j].info.name))
				errx(2, "%s: module %s is given twice",
				     mods[i].path, mods[i].info.name);
}

/* The initramfs, in an anonymous memory file: nothing to clean up. */
static int build_initramfs(const struct module_file *mods, int n)
{
	struct cpio c;
	char name[64], list[MAX_MODULES * 96] = "", *p = list;
	int fd = memfd_create("modrun-initramfs", MFD_CLOEXEC), i;

	if (fd < 0)
		err(2, "memfd_create");
	cpio_init(&c, fd);
	cpio_add_dir(&c, "dev");
	cpio_add_dir(&c, "proc");
	cpio_add_dir(&c, "sys");
	cpio_add_dir(&c, "modrun");
	cpio_add_file(&c, "init", 0755, init_blob,
		      (size_t)(init_blob_end - init_blob));
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "modrun/%d.ko", i);
		cpio_add_file(&c, name, 0644, mods[i].data, mods[i].size);
		p += sprintf(p, "%s /%s\n", mods[i].info.name, name);
	}
	cpio_add_file(&c, "modrun/modules", 0644, list, strlen(list));
	errno = -cpio_finish(&c);
	if (errno)
		err(2, "cannot write the initramfs");
	return fd;
}

static bool on_line(void *opaque, enum qemu_stream s, const char *line)
{
	struct run_ctx *ctx = opaque;

	switch (s) {
	case QEMU_REPORT:
		if (ctx->log)
			fprintf(ctx->log, "%s\n", line);
		ktap_parse_line(&ctx->guest, line);
		return ctx->guest.done;
	case QEMU_CONSOLE:
		if (ctx->log)
			fprintf(ctx->log, "console: %s\n", line);
		console_add_line(&ctx->console, line);
		return false;
	default:
		if (*line)
			fprintf(stderr, "modrun: qemu: %s\n", line);
		return false;
	}
}

static enum vm_end vm_end_of(const struct qemu_result *res)
{
	if (res->interrupted)
		return VM_INTERRUPTED;
	if (res->timed_out)
		return VM_TIMED_OUT;
	return res->report_complete ? VM_POWERED_OFF : VM_EXITED;
}

/* Boot once; with KVM, give up early when the guest says nothing. */
static void boot(struct qemu_config *qc, struct run_ctx *ctx,
		 struct qemu_result *res)
{
	int ret;

	ktap_init(&ctx->guest);
	console_init(&ctx->console);
	ret = qemu_run(qc, on_line, ctx, res);
	if (ret)
		errx(2, "cannot start %s: %s", qc->arch->qemu, strerror(-ret));
	if (WIFEXITED(res->wait_status) && WEXITSTATUS(res->wait_status) == 127)
		errx(2, "cannot run %s: is QEMU installed? (Debian: apt-get install qemu-system-x86)",
		     qc->qemu ? qc->qemu : qc->arch->qemu);
}

static void choose_accel(struct options *o, struct qemu_config *qc)
{
	qc->kvm = !strcmp(o->accel, "kvm");
	if (!strcmp(o->accel, "auto")) {
		qc->kvm = kvm_probe(1.0);
		if (!qc->kvm)
			fprintf(stderr, "modrun: KVM does not work here (probe failed): using TCG\n");
	}
	if (qc->kvm)
		qc->first_report_timeout = 5;
}

/* Boot; a KVM boot that stays silent is done again under TCG. */
static void boot_with_fallback(struct qemu_config *qc, struct run_ctx *ctx,
			       struct qemu_result *res)
{
	boot(qc, ctx, res);
	if (!res->stalled)
		return;
	fprintf(stderr, "modrun: the guest said nothing in %g s under KVM: booting again with TCG\n",
		qc->first_report_timeout);
	ktap_free(&ctx->guest);
	console_free(&ctx->console);
	if (ctx->log) {		/* the log holds the TCG run only */
		fflush(ctx->log);
		if (ftruncate(fileno(ctx->log), 0) == 0)
			rewind(ctx->log);
	}
	qc->kvm = false;
	qc->first_report_timeout = 0;
	boot(qc, ctx, res);
}

/* Read and check every module before anything boots (exit 2 on error). */
static void open_modules(struct module_file *mods, const char **names,
			 char **paths, int n, const char *release)
{
	int i;

	if (n > MAX_MODULES)
		errx(2, "too many modules (at most %d)", MAX_MODULES);
	for (i = 0; i < n; i++) {
		mods[i].path = paths[i];
		load_module_file(&mods[i], release);
		names[i] = mods[i].info.name;
	}
	check_unique_names(mods, n);
}

static int run_modules(struct options *o, char **paths, int n)
{
	static struct module_file mods[MAX_MODULES];
	const char *names[MAX_MODULES];
	char image[4096], release[256];
	struct qemu_config qc = { 0 };
	struct qemu_result res;
	struct run_ctx ctx = { 0 };
	struct run_info run;
	struct report_options ro;
	int i, status;

	if (!find_kernel(o->kernel_dir, image, sizeof(image), release,
			 sizeof(release)))
		errx(2, "%s: no kernel there (vmlinux or vmlinuz): provision one with scripts/provision-kernel NAME, or give --kernel DIR",
		     o->kernel_dir);
	open_modules(mods, names, paths, n, release);
	if (o->log_path && !(ctx.log = fopen(o->log_path, "we")))
		err(2, "%s: cannot write", o->log_path);
	qc = (struct qemu_config){ .arch = arch_params_find("x86_64"),
				   .qemu = getenv("MODRUN_QEMU"), .kernel = image,
				   .initrd_fd = build_initramfs(mods, n),
				   .cmdline_extra = o->append,
				   .memory_mb = o->memory_mb, .timeout = o->timeout };
	choose_accel(o, &qc);
	boot_with_fallback(&qc, &ctx, &res);
	close(qc.initrd_fd);
	if (ctx.log)
		fclose(ctx.log);

	run = (struct run_info){ .end = vm_end_of(&res), .timeout = o->timeout,
				 .wall = res.wall, .accel = qc.kvm ? "kvm" : "tcg",
				 .kernel_dir = o->kernel_dir };
	ro = (struct report_options){ .module_names = names, .nr_modules = n,
				      .expect = o->expect, .nr_expect = o->nr_expect,
				      .forbid_mask = o->forbid_mask };
	status = report_print(stdout, &ctx.guest, &ctx.console, &run, &ro);
	ktap_free(&ctx.guest);
	console_free(&ctx.console);
	for (i = 0; i < n; i++)
		free(mods[i].data);
	return res.interrupted ? 130 : status;
}

/* modrun parse: the verdict of a saved --log, without booting. */
static int parse_saved(struct options *o, const char *path)
{
	struct run_ctx ctx = { 0 };
	struct run_info run = { .end = VM_EXITED, .timeout = o->timeout,
				.wall = -1 };
	struct report_options ro = { .expect = o->expect,
				     .nr_expect = o->nr_expect,
				     .forbid_mask = o->forbid_mask };
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	char line[8192];
	int status;

	if (!f)
		err(2, "%s: cannot read", path);
	ktap_init(&ctx.guest);
	console_init(&ctx.console);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "console: ", 9))
			on_line(&ctx, QEMU_CONSOLE, line + 9);
		else
			on_line(&ctx, QEMU_REPORT, line);
	}
	if (ferror(f))
		err(2, "%s: cannot read", path);
	if (f != stdin)
		fclose(f);
	if (ctx.guest.done)
		run.end = VM_POWERED_OFF;
	status = report_print(stdout, &ctx.guest, &ctx.console, &run, &ro);
	ktap_free(&ctx.guest);
	console_free(&ctx.console);
	return status;
}

int main(int argc, char **argv)
{
	struct options o = {
		.timeout = 60,
		.accel = "tcg",
		.memory_mb = 256,
	};

	o.forbid_mask = taint_mask(DEFAULT_FORBID);
	o.kernel_dir = getenv("MODRUN_KERNEL");
	if (!o.kernel_dir)
		o.kernel_dir = "cache/kernels/6.1";
	if (argc > 1 && !strcmp(argv[1], "parse")) {
		argv++;
		argc--;
		parse_options(argc, argv, &o);
		if (argc - optind > 1)
			usage("parse takes one file");
		return parse_saved(&o, optind < argc ? argv[optind] : "-");
	}
	parse_options(argc, argv, &o);
	if (optind == argc)
		usage("no module given");
	return run_modules(&o, argv + optind, argc - optind);
}
