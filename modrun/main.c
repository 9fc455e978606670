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
#include "deps.h"
#include "initblob.h"
#include "kvm.h"
#include "ktap.h"
#include "modinfo.h"
#include "plan.h"
#include "qemu.h"
#include "report.h"
#include "taint.h"
#include "testname.h"

#define MODRUN_VERSION "1.1"
#define DEFAULT_FORBID "PDWL"

struct options {
	const char *kernel_dir;
	double timeout;
	const char **expect;
	int nr_expect;
	long long forbid_mask;
	const char *accel;
	int memory_mb;
	const char *append;
	const char *log_path;
	const char **exec;
	int nr_exec;
	const char **files;
	int nr_files;
	const char **devices;
	int nr_devices;
	bool each;
};

struct run_ctx {
	struct segment *seg;
	int nr_seg;
	int cur;			/* the segment the guest is in, or -1 */
	bool each;
	bool all_done;			/* "# modrun-each: end" */
	bool plan_given;		/* live: segments are the plan's only */
	int boot;			/* the boot under way (1, 2, ...) */
	unsigned int lines;		/* of the report and console, this boot */
	struct console_log boot_console;	/* --each: before any segment */
	char qemu_error[512];		/* QEMU's first line on stderr */
	FILE *log;
};

static void __attribute__((noreturn)) usage(const char *why)
{
	if (why)
		fprintf(stderr, "modrun: %s\n", why);
	fprintf(stderr,
		"usage: modrun [-k DIR] [-t SECONDS] [-e TEXT]... [--forbid-taint LETTERS]\n"
		"              [--accel tcg|kvm|auto] [-m MB] [--append ARGS] [--log FILE]\n"
		"              [-x CMD]... [--file HOST[:GUEST]]... [--device SPEC]... [--each]\n"
		"              MODULE.ko...\n"
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
	       "  -t, --timeout SECONDS     end the VM after this long (default 60; with\n"
	       "                            --each, per module)\n"
	       "  -e, --expect TEXT         a kernel log line must contain TEXT (repeatable)\n"
	       "  -x, --exec CMD            run CMD with the guest's shell (busybox) once the\n"
	       "                            modules are loaded; it must exit 0 (repeatable)\n"
	       "      --file HOST[:GUEST]   put a host file into the guest, mode kept; GUEST\n"
	       "                            defaults to /NAME (repeatable)\n"
	       "      --device SPEC         give QEMU -device SPEC, e.g. edu (repeatable)\n"
	       "      --each                prove each module on its own, all in one boot\n"
	       "                            (a crash reboots and goes on with the next)\n"
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

/* Append to a growing list of strings (repeatable options). */
static void push(const char ***list, int *n, const char *s)
{
	const char **grown = realloc(*list, (size_t)(*n + 1) * sizeof(*grown));

	if (!grown)
		err(2, "out of memory");
	*list = grown;
	(*list)[(*n)++] = s;
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
		{ "exec", required_argument, NULL, 'x' },
		{ "file", required_argument, NULL, 'f' },
		{ "device", required_argument, NULL, 'D' },
		{ "each", no_argument, NULL, 'E' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "+k:t:e:m:x:hV", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'k':
			o->kernel_dir = optarg;
			break;
		case 't':
			o->timeout = parse_seconds(optarg);
			break;
		case 'e':
			push(&o->expect, &o->nr_expect, optarg);
			break;
		case 'x':
			if (!*optarg)
				usage("--exec wants a command");
			push(&o->exec, &o->nr_exec, optarg);
			break;
		case 'f':
			push(&o->files, &o->nr_files, optarg);
			break;
		case 'D':
			if (!*optarg)
				usage("--device wants a QEMU device, e.g. edu");
			push(&o->devices, &o->nr_devices, optarg);
			break;
		case 'E':
			o->each = true;
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

/* The segment a "# modrun-each: NAME" line begins (created in parse mode). */
static int segment_named(struct run_ctx *ctx, const char *name)
{
	struct segment *grown;
	int i;

	for (i = ctx->cur + 1; i < ctx->nr_seg; i++)
		if (!ctx->seg[i].started && !strcmp(ctx->seg[i].name, name))
			return i;
	if (ctx->plan_given)
		return -1;
	grown = realloc(ctx->seg, (size_t)(ctx->nr_seg + 1) * sizeof(*grown));
	if (!grown)
		err(2, "out of memory");
	ctx->seg = grown;
	memset(&grown[ctx->nr_seg], 0, sizeof(*grown));
	grown[ctx->nr_seg].name = strdup(name);
	if (!grown[ctx->nr_seg].name)
		err(2, "out of memory");
	ktap_init(&grown[ctx->nr_seg].guest);
	console_init(&grown[ctx->nr_seg].console);
	grown[ctx->nr_seg].end = VM_EXITED;
	return ctx->nr_seg++;
}

static int on_report_line(struct run_ctx *ctx, const char *line)
{
	struct segment *s;
	char name[256];
	int i;

	if (ctx->each && !strncmp(line, "# modrun-each: ", 15)) {
		snprintf(name, sizeof(name), "%s", line + 15);
		name[strcspn(name, "\r")] = '\0';
		if (!strcmp(name, "end")) {
			ctx->all_done = true;
			return QEMU_LINE_COMPLETE;
		}
		i = segment_named(ctx, name);
		if (i < 0)
			return 0;
		ctx->cur = i;
		ctx->seg[i].started = true;
		ctx->seg[i].boot = ctx->boot;
		return QEMU_LINE_PROGRESS;
	}
	if (ctx->cur < 0)
		return 0;
	s = &ctx->seg[ctx->cur];
	ktap_parse_line(&s->guest, line);
	if (!ctx->each && s->guest.done)
		return QEMU_LINE_COMPLETE;
	if (s->guest.done)
		s->end = VM_POWERED_OFF;
	return 0;
}

static int on_line(void *opaque, enum qemu_stream s, const char *line)
{
	struct run_ctx *ctx = opaque;

	if (s != QEMU_STDERR)
		ctx->lines++;
	switch (s) {
	case QEMU_REPORT:
		if (ctx->log)
			fprintf(ctx->log, "%s\n", line);
		return on_report_line(ctx, line);
	case QEMU_CONSOLE:
		if (ctx->log)
			fprintf(ctx->log, "console: %s\n", line);
		/* --each: what follows a module's end is the next one's */
		console_add_line(ctx->cur >= 0 && !(ctx->each &&
						    ctx->seg[ctx->cur].guest.done) ?
				 &ctx->seg[ctx->cur].console :
				 &ctx->boot_console, line);
		return 0;
	default:
		if (*line && !ctx->qemu_error[0])
			snprintf(ctx->qemu_error, sizeof(ctx->qemu_error),
				 "%s", line);
		else if (*line)
			fprintf(stderr, "modrun: qemu: %s\n", line);
		return 0;
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

static void reset_segments(struct run_ctx *ctx, int from)
{
	int i;

	for (i = from; i < ctx->nr_seg; i++) {
		ktap_free(&ctx->seg[i].guest);
		console_free(&ctx->seg[i].console);
		ctx->seg[i].started = false;
		ctx->seg[i].end = VM_EXITED;
	}
	console_free(&ctx->boot_console);
}

/*
 * Boot once; segments before from are done.  A QEMU that refuses its
 * command line (a --device it does not know) is an error: exit 2.
 */
static void boot(struct qemu_config *qc, struct run_ctx *ctx, int from,
		 struct qemu_result *res)
{
	int ret;

	reset_segments(ctx, from);
	ctx->cur = ctx->each ? -1 : from;
	ctx->qemu_error[0] = '\0';
	ctx->lines = 0;
	if (ctx->log)
		fprintf(ctx->log, "modrun-boot: %d\n", ctx->boot);
	ret = qemu_run(qc, on_line, ctx, res);
	if (ret)
		errx(2, "cannot start %s: %s", qc->arch->qemu, strerror(-ret));
	if (WIFEXITED(res->wait_status) && WEXITSTATUS(res->wait_status) == 127)
		errx(2, "cannot run %s: is QEMU installed? (Debian: apt-get install qemu-system-x86)",
		     qc->qemu ? qc->qemu : qc->arch->qemu);
	if (!res->timed_out && !res->interrupted && !ctx->lines &&
	    WIFEXITED(res->wait_status) && WEXITSTATUS(res->wait_status) &&
	    ctx->qemu_error[0])
		errx(2, "QEMU refused to start: %s", ctx->qemu_error);
	if (ctx->qemu_error[0])
		fprintf(stderr, "modrun: qemu: %s\n", ctx->qemu_error);
	if (ctx->log)
		fprintf(ctx->log, "modrun-boot-end: %s %g\n",
			res->timed_out ? "timeout" : "exit", qc->timeout);
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
			       int from, struct qemu_result *res)
{
	long log_at = ctx->log ? ftell(ctx->log) : 0;

	boot(qc, ctx, from, res);
	if (!res->stalled)
		return;
	fprintf(stderr, "modrun: the guest said nothing in %g s under KVM: booting again with TCG\n",
		qc->first_report_timeout);
	if (ctx->log) {		/* the log holds the TCG run only */
		fflush(ctx->log);
		if (ftruncate(fileno(ctx->log), log_at) == 0)
			fseek(ctx->log, log_at, SEEK_SET);
	}
	qc->kvm = false;
	qc->first_report_timeout = 0;
	boot(qc, ctx, from, res);
}

/* After a boot: how each segment it reached ended. */
static void close_boot(struct run_ctx *ctx, const struct qemu_result *res)
{
	struct segment *s;
	unsigned int i;

	if (ctx->cur < 0)
		return;
	s = &ctx->seg[ctx->cur];
	if (!s->guest.done || !ctx->each) {
		s->end = vm_end_of(res);
		return;
	}
	if (ctx->all_done || (!ctx->boot_console.crash[0] && !res->timed_out))
		return;
	/*
	 * --each: the kernel crashed, or the guest stopped, after the module's
	 * end and before the next one began: what it left behind (a timer, a
	 * work item) did it.  That is its verdict.
	 */
	for (i = ctx->boot_console.nr_lines > CONSOLE_TAIL ?
		 ctx->boot_console.nr_lines - CONSOLE_TAIL : 0;
	     i < ctx->boot_console.nr_lines; i++)
		console_add_line(&s->console,
				 ctx->boot_console.tail[i % CONSOLE_TAIL]);
	s->end = vm_end_of(res);
}

/*
 * busybox for --exec: $MODRUN_BUSYBOX, else the cache's
 * (scripts/provision-busybox), and the list of its commands beside it
 * ("applets"); without the list, /init makes the links.
 */
static void read_busybox(const char *kernel_dir, void **data, size_t *size,
			 char **applets)
{
	const char *env = getenv("MODRUN_BUSYBOX");
	char path[4096], *slash;
	size_t len;
	int ret;

	if (env)
		snprintf(path, sizeof(path), "%s", env);
	else
		snprintf(path, sizeof(path), "%s/../../busybox/busybox",
			 kernel_dir);
	ret = plan_read_file(path, data, size);
	if (ret)
		errx(2, "%s: cannot read busybox, the guest's shell for --exec: %s: run scripts/provision-busybox, or set MODRUN_BUSYBOX",
		     path, strerror(-ret));
	slash = strrchr(path, '/');
	snprintf(slash ? slash + 1 : path,
		 sizeof(path) - (size_t)(slash ? slash + 1 - path : 0),
		 "applets");
	*applets = NULL;
	if (plan_read_file(path, (void **)applets, &len) == 0) {
		char *z = realloc(*applets, len + 1);

		if (!z)
			err(2, "out of memory");
		z[len] = '\0';
		*applets = z;
	}
}

struct run {
	struct options *o;
	struct module_set set;
	struct guest_file *files;
	const void *busybox;
	size_t busybox_size;
	char *applets;
	struct qemu_config qc;
	struct run_ctx ctx;
	int boots;
	double wall;
	bool interrupted;
};

/* Boot until every segment has run (a crash ends a boot: the next goes on). */
static void run_segments(struct run *r)
{
	struct initramfs_spec spec = {
		.set = &r->set, .exec = r->o->exec, .nr_exec = r->o->nr_exec,
		.busybox = r->busybox, .busybox_size = r->busybox_size,
		.applets = r->applets,
		.files = r->files, .nr_files = r->o->nr_files,
	};
	struct qemu_result res;
	int from = 0, i;

	while (from < r->ctx.nr_seg) {
		spec.seg = &r->ctx.seg[from];
		spec.nr_seg = r->ctx.nr_seg - from;
		r->qc.initrd_fd = plan_initramfs(&spec);
		r->ctx.boot = ++r->boots;
		r->ctx.all_done = false;
		boot_with_fallback(&r->qc, &r->ctx, from, &res);
		close(r->qc.initrd_fd);
		r->wall += res.wall;
		close_boot(&r->ctx, &res);
		if (res.interrupted) {
			r->interrupted = true;
			break;
		}
		if (!r->ctx.each)
			break;
		for (i = from; i < r->ctx.nr_seg && r->ctx.seg[i].started; i++)
			;
		if (i == from) {	/* the boot reached no module: give up */
			r->ctx.seg[from].console = r->ctx.boot_console;
			console_init(&r->ctx.boot_console);
			r->ctx.seg[from].end = vm_end_of(&res);
			break;
		}
		from = i;
		if (from < r->ctx.nr_seg)
			fprintf(stderr, "modrun: --each: the VM ended in module %s: booting again for the %d left\n",
				r->ctx.seg[from - 1].name, r->ctx.nr_seg - from);
	}
}

static int print_whole_run(struct run *r)
{
	struct segment *s = &r->ctx.seg[0];
	struct run_info run = { .end = s->end, .timeout = r->o->timeout,
				.wall = r->wall, .accel = r->qc.kvm ? "kvm" : "tcg",
				.kernel_dir = r->o->kernel_dir };
	struct report_options ro = { .plan = s->plan, .nr_plan = s->nr_plan,
				     .expect = r->o->expect,
				     .nr_expect = r->o->nr_expect,
				     .forbid_mask = r->o->forbid_mask };

	return report_print(stdout, &s->guest, &s->console, &run, &ro);
}

/* --each: one KTAP subtest per module, then the modules' verdicts. */
static int print_each(FILE *out, struct run_ctx *ctx, const struct options *o,
		      const char *accel, double wall, int boots, bool parsed)
{
	struct segment *s;
	struct run_info run;
	struct report_options ro;
	char *text, *line, *save;
	size_t size;
	FILE *mem;
	int i, status, failed = 0;

	fprintf(out, "KTAP version 1\n");
	fprintf(out, "# modrun: kernel %s", ctx->nr_seg && ctx->seg[0].guest.release ?
		ctx->seg[0].guest.release : "?");
	if (accel)
		fprintf(out, " from %s, accel %s, timeout %g s per module",
			o->kernel_dir, accel, o->timeout);
	fprintf(out, ", --each: %d modules in %d boot%s\n", ctx->nr_seg, boots,
		boots == 1 ? "" : "s");
	fprintf(out, "1..%d\n", ctx->nr_seg);
	for (i = 0; i < ctx->nr_seg; i++) {
		s = &ctx->seg[i];
		run = (struct run_info){ .end = s->end, .timeout = o->timeout,
					 .wall = -1 };
		ro = (struct report_options){ .plan = parsed ? NULL : s->plan,
					      .nr_plan = s->nr_plan,
					      .expect = o->expect,
					      .nr_expect = o->nr_expect,
					      .forbid_mask = o->forbid_mask };
		mem = open_memstream(&text, &size);
		if (!mem)
			err(2, "out of memory");
		status = report_print(mem, &s->guest, &s->console, &run, &ro);
		fclose(mem);
		for (line = strtok_r(text, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			fprintf(out, "    %s\n", line);
			if (!strcmp(line, "KTAP version 1"))
				fprintf(out, "    # Subtest: %s\n", s->name);
		}
		free(text);
		if (status)
			failed++;
		fprintf(out, "%sok %d %s", status ? "not " : "", i + 1, s->name);
		if (s->end == VM_TIMED_OUT && !s->guest.done)
			fprintf(out, " # TIMEOUT %g seconds", o->timeout);
		else if (s->console.crash[0])
			fprintf(out, " # ERROR the kernel crashed");
		fprintf(out, "\n");
	}
	if (wall >= 0)
		fprintf(out, "# time: %.2f s wall for %d modules in %d boot%s\n",
			wall, ctx->nr_seg, boots, boots == 1 ? "" : "s");
	if (failed)
		fprintf(out, "# FAIL: %d of %d modules failed\n", failed,
			ctx->nr_seg);
	else
		fprintf(out, "# PASS: all %d modules passed\n", ctx->nr_seg);
	fflush(out);
	return failed ? 1 : 0;
}

static int run_modules(struct options *o, char **paths, int n)
{
	struct run r = { .o = o };
	char image[4096], release[256], modules_dir[4096];
	void *busybox = NULL;
	int status;

	if (!find_kernel(o->kernel_dir, image, sizeof(image), release,
			 sizeof(release)))
		errx(2, "%s: no kernel there (vmlinux or vmlinuz): provision one with scripts/provision-kernel NAME, or give --kernel DIR",
		     o->kernel_dir);
	snprintf(modules_dir, sizeof(modules_dir), "%s/modules", o->kernel_dir);
	plan_open_modules(&r.set, paths, n, release, modules_dir);
	plan_open_files(&r.files, o->files, o->nr_files);
	if (o->nr_exec) {
		read_busybox(o->kernel_dir, &busybox, &r.busybox_size,
			     &r.applets);
		r.busybox = busybox;
	}
	r.ctx.seg = plan_segments(&r.set, o->exec, o->nr_exec, o->each,
				  &r.ctx.nr_seg);
	r.ctx.each = o->each;
	r.ctx.plan_given = true;
	console_init(&r.ctx.boot_console);
	if (o->log_path && !(r.ctx.log = fopen(o->log_path, "we")))
		err(2, "%s: cannot write", o->log_path);
	r.qc = (struct qemu_config){ .arch = arch_params_find("x86_64"),
				     .qemu = getenv("MODRUN_QEMU"),
				     .kernel = image,
				     .cmdline_extra = o->append,
				     .memory_mb = o->memory_mb,
				     .devices = o->devices,
				     .nr_devices = o->nr_devices,
				     .timeout = o->timeout };
	choose_accel(o, &r.qc);
	run_segments(&r);
	if (r.ctx.log)
		fclose(r.ctx.log);
	if (o->each)
		status = print_each(stdout, &r.ctx, o, r.qc.kvm ? "kvm" : "tcg",
				    r.wall, r.boots, false);
	else
		status = print_whole_run(&r);
	plan_free_segments(r.ctx.seg, r.ctx.nr_seg);
	console_free(&r.ctx.boot_console);
	plan_free_modules(&r.set);
	plan_free_files(r.files, o->nr_files);
	free(busybox);
	free(r.applets);
	return r.interrupted ? 130 : status;
}

/* modrun parse: the verdict of a saved --log, without booting. */
static int parse_saved(struct options *o, const char *path)
{
	struct run_ctx ctx = { .cur = 0 };
	struct run_info run = { .end = VM_EXITED, .timeout = o->timeout,
				.wall = -1 };
	struct report_options ro = { .expect = o->expect,
				     .nr_expect = o->nr_expect,
				     .forbid_mask = o->forbid_mask };
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	char line[8192];
	int status, i, boots = 0;

	if (!f)
		err(2, "%s: cannot read", path);
	ctx.seg = calloc(1, sizeof(*ctx.seg));
	if (!ctx.seg)
		err(2, "out of memory");
	ctx.nr_seg = 1;
	ctx.seg[0].name = strdup("-");
	ktap_init(&ctx.seg[0].guest);
	console_init(&ctx.seg[0].console);
	console_init(&ctx.boot_console);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "console: ", 9)) {
			on_line(&ctx, QEMU_CONSOLE, line + 9);
		} else if (!strncmp(line, "modrun-boot: ", 13)) {
			boots++;
			if (ctx.each)
				ctx.cur = -1;
		} else if (!strncmp(line, "modrun-boot-end: ", 17)) {
			if (ctx.cur >= 0 && !ctx.seg[ctx.cur].guest.done &&
			    !strncmp(line + 17, "timeout", 7))
				ctx.seg[ctx.cur].end = VM_TIMED_OUT;
			if (sscanf(line + 17, "%*s %lf", &o->timeout) == 1)
				run.timeout = o->timeout;
		} else {
			if (!ctx.each && !strncmp(line, "# modrun-each: ", 15)) {
				/* an --each log: its segments replace the whole run */
				ctx.each = true;
				ctx.nr_seg = 0;
				ctx.cur = -1;
				ktap_free(&ctx.seg[0].guest);
				console_free(&ctx.seg[0].console);
				free((char *)ctx.seg[0].name);
			}
			on_line(&ctx, QEMU_REPORT, line);
		}
	}
	if (ferror(f))
		err(2, "%s: cannot read", path);
	if (f != stdin)
		fclose(f);
	if (ctx.each) {
		status = print_each(stdout, &ctx, o, NULL, -1, boots ? boots : 1,
				    true);
	} else {
		if (ctx.seg[0].guest.done)
			run.end = VM_POWERED_OFF;
		else if (ctx.seg[0].end == VM_TIMED_OUT)
			run.end = VM_TIMED_OUT;
		status = report_print(stdout, &ctx.seg[0].guest,
				      &ctx.seg[0].console, &run, &ro);
	}
	for (i = 0; i < ctx.nr_seg; i++) {
		ktap_free(&ctx.seg[i].guest);
		console_free(&ctx.seg[i].console);
		free((char *)ctx.seg[i].name);
	}
	free(ctx.seg);
	console_free(&ctx.boot_console);
	return status;
}

static void free_options(struct options *o)
{
	free(o->expect);
	free(o->exec);
	free(o->files);
	free(o->devices);
}

int main(int argc, char **argv)
{
	struct options o = {
		.timeout = 60,
		.accel = "tcg",
		.memory_mb = 256,
	};
	int status;

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
		status = parse_saved(&o, optind < argc ? argv[optind] : "-");
		free_options(&o);
		return status;
	}
	parse_options(argc, argv, &o);
	if (optind == argc)
		usage("no module given");
	status = run_modules(&o, argv + optind, argc - optind);
	free_options(&o);
	return status;
}
