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
#include <sys/wait.h>
#include <unistd.h>

#include "build.h"
#include "early.h"
#include "elfdeps.h"
#include "kernels.h"
#include "kimage.h"
#include "kmod.h"
#include "kvm.h"
#include "params.h"
#include "nic.h"
#include "plan.h"
#include "qemu.h"
#include "report.h"
#include "savedlog.h"
#include "session.h"
#include "snapshot.h"
#include "taint.h"

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
	struct nic_set nics;
	bool each;
	bool no_snapshot;
	bool no_kmod;
};

static void __attribute__((noreturn)) usage(const char *why)
{
	if (why)
		fprintf(stderr, "modrun: %s\n", why);
	fprintf(stderr,
		"usage: modrun [-k NAME|DIR] [-t SECONDS] [-e TEXT]... [--forbid-taint LETTERS]\n"
		"              [--accel tcg|kvm|auto] [-m MB] [--append ARGS] [--log FILE]\n"
		"              [-x CMD]... [--file HOST[:GUEST]]... [--device SPEC]... [--each]\n"
		"              [--nic MODEL]... [--no-snapshot] [--no-kmod] MODULE.ko [KEY=VALUE...]...\n"
		"       modrun parse [FILE|-]\n"
		"       modrun build [--kernel NAME] [DIR] [MAKE-ARGS...]\n"
		"       modrun --list-kernels\n"
		"Try 'modrun --help' for more information.\n");
	exit(2);
}

static void help(void)
{
	printf("usage: modrun [options] MODULE.ko [KEY=VALUE...]...\n"
	       "       modrun parse [FILE|-]\n"
	       "       modrun build [--kernel NAME] [DIR] [MAKE-ARGS...]\n"
	       "       modrun --list-kernels\n\n"
	       "Boot a kernel in QEMU, load and unload the modules inside it, and report\n"
	       "what the kernel said, and the taint, as KTAP.  Never touches the host's kernel.\n\n"
	       "  -k, --kernel NAME|DIR     a kernel of kernels.conf (6.1, 6.12, 7.3, ...),\n"
	       "                            provisioned into the cache on first use, or a\n"
	       "                            folder with vmlinux or vmlinuz and release;\n"
	       "                            default $MODRUN_KERNEL, else 6.1\n"
	       "      --list-kernels        the known kernels, and which are provisioned\n"
	       "  -t, --timeout SECONDS     end the VM after this long (default 60; with\n"
	       "                            --each, per module)\n"
	       "  -e, --expect TEXT         a kernel log line must contain TEXT (repeatable)\n"
	       "  -x, --exec CMD            run CMD with the guest's shell (busybox) once the\n"
	       "                            modules are loaded; it must exit 0 (repeatable)\n"
	       "      --file HOST[:GUEST]   put a host file into the guest, mode kept; GUEST\n"
	       "                            defaults to /NAME (repeatable)\n"
	       "      --device SPEC         give QEMU -device SPEC, e.g. edu (repeatable)\n"
	       "      --nic MODEL           QEMU's network card MODEL (e1000, rtl8139, ...)\n"
	       "                            on a user network that nothing leaves (repeatable)\n"
	       "      --each                prove each module on its own, all in one boot\n"
	       "                            (a crash reboots and goes on with the next)\n"
	       "      --no-snapshot         boot, rather than restore the kernel's saved\n"
	       "                            state (made by the first run; MODRUN_NO_SNAPSHOT=1)\n"
	       "      --no-kmod             do not serve the kernel's request_module() from\n"
	       "                            its own modules (no module tree in the guest)\n"
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

/* --list-kernels: the kernels of kernels.conf, and which are provisioned. */
static int list_kernels(void)
{
	struct kernel_place kp;
	int ret = kernels_locate(&kp, "/proc/self/exe");

	if (ret)
		errx(2, "no kernels.conf found (set MODRUN_DATA, or install modrun with make install)");
	printf("# kernels of %s/kernels.conf, cache %s\n", kp.data, kp.cache);
	ret = kernels_list(&kp, stdout);
	if (ret)
		errx(2, "%s/kernels.conf: %s", kp.data, strerror(-ret));
	return 0;
}

/*
 * The kernel folder: --kernel or $MODRUN_KERNEL as a folder, or a name of
 * kernels.conf provisioned on first use (default 6.1).
 */
static void resolve_kernel(struct options *o)
{
	static char dir[PATH_MAX];
	char msg[2048] = "";
	int ret;

	ret = kernels_resolve(o->kernel_dir, "/proc/self/exe", dir, sizeof(dir),
			      msg, sizeof(msg));
	if (ret == -EINTR) {
		fprintf(stderr, "modrun: %s\n", msg);
		exit(130);
	}
	if (ret)
		errx(2, "%s", msg[0] ? msg : strerror(-ret));
	o->kernel_dir = dir;
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
		{ "no-snapshot", no_argument, NULL, 'S' },
		{ "no-kmod", no_argument, NULL, 'K' },
		{ "nic", required_argument, NULL, 'N' },
		{ "list-kernels", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "k:t:e:m:x:hV", longopts,
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
		case 'S':
			o->no_snapshot = true;
			break;
		case 'K':
			o->no_kmod = true;
			break;
		case 'N':
			if (nic_add(&o->nics, optarg))
				usage("--nic wants a QEMU network card model, e.g. e1000");
			push(&o->devices, &o->nr_devices,
			     o->nics.devices[o->nics.n - 1]);
			break;
		case 'L':
			exit(list_kernels());
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

static enum vm_end vm_end_of(const struct qemu_result *res)
{
	if (res->interrupted)
		return VM_INTERRUPTED;
	if (res->timed_out)
		return VM_TIMED_OUT;
	return res->report_complete ? VM_POWERED_OFF : VM_EXITED;
}

/*
 * Boot once; segments before from are done.  A QEMU that refuses its
 * command line (a --device it does not know) is an error: exit 2.
 */
static void boot(struct qemu_config *qc, struct session *ss, int from,
		 struct qemu_result *res)
{
	int ret;

	session_begin_boot(ss, from);
	ret = snapshot_run(qc, session_line, ss, res);
	if (ret)
		errx(2, "cannot start %s: %s", qc->arch->qemu, strerror(-ret));
	if (WIFEXITED(res->wait_status) && WEXITSTATUS(res->wait_status) == 127)
		errx(2, "cannot run %s: is QEMU installed? (Debian: apt-get install qemu-system-x86)",
		     qc->qemu ? qc->qemu : qc->arch->qemu);
	if (!res->timed_out && !res->interrupted && !ss->lines &&
	    WIFEXITED(res->wait_status) && WEXITSTATUS(res->wait_status) &&
	    ss->qemu_error[0])
		errx(2, "QEMU refused to start: %s", ss->qemu_error);
	if (ss->qemu_error[0])
		fprintf(stderr, "modrun: qemu: %s\n", ss->qemu_error);
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
static void boot_with_fallback(struct qemu_config *qc, struct session *ss,
			       int from, struct qemu_result *res)
{
	long log_at = ss->log ? ftell(ss->log) : 0;

	boot(qc, ss, from, res);
	if (!res->stalled)
		return;
	fprintf(stderr, "modrun: the guest said nothing in %g s under KVM: booting again with TCG\n",
		qc->first_report_timeout);
	if (ss->log) {		/* the log holds the TCG run only */
		fflush(ss->log);
		if (ftruncate(fileno(ss->log), log_at) == 0)
			fseek(ss->log, log_at, SEEK_SET);
	}
	ss->boot--;
	qc->kvm = false;
	qc->first_report_timeout = 0;
	boot(qc, ss, from, res);
}

/*
 * busybox for --exec: $MODRUN_BUSYBOX, else modrun's cache's (fetched on
 * first use by scripts/provision-busybox), and the list of its commands
 * beside it ("applets"); without the list, /init makes the links.  Not
 * beside a kernel folder given with -k: that may be anywhere (a temporary
 * folder's ../.. is /, which only root could write).
 */
static void read_busybox(const char *kernel_dir, void **data, size_t *size,
			 char **applets)
{
	const char *env = getenv("MODRUN_BUSYBOX");
	struct kernel_place kp;
	char path[4096], *slash;
	size_t len;
	int ret;

	if (env) {
		snprintf(path, sizeof(path), "%s", env);
	} else if (!kernels_locate(&kp, "/proc/self/exe") &&
		   strlen(kp.cache) + 17 <= sizeof(path)) {
		memcpy(path, kp.cache, strlen(kp.cache));
		strcpy(path + strlen(kp.cache), "/busybox/busybox");
		if (access(path, X_OK))
			kernels_run_script(&kp, "provision-busybox", NULL);
	} else {
		snprintf(path, sizeof(path), "%s/../../busybox/busybox",
			 kernel_dir);
	}
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

struct run;
static void use_snapshot(struct options *o, struct run *r,
			 const char *release);

struct run {
	struct options *o;
	struct module_set set;
	struct guest_file *files;
	int nr_files;		/* the --files and what their programs need */
	const void *busybox;
	size_t busybox_size;
	char *applets;
	struct kmod_share kmod;
	struct qemu_config qc;
	struct session ss;
	struct snapshot snap;
	double wall;
	bool interrupted;
};

/* Restore a booted kernel rather than boot, unless told not to. */
static void use_snapshot(struct options *o, struct run *r, const char *release)
{
	const char *env = getenv("MODRUN_NO_SNAPSHOT");

	if (o->no_snapshot || (env && *env && strcmp(env, "0")))
		return;
	if (!snapshot_init(&r->snap, o->kernel_dir, release, &r->qc))
		r->qc.snapshot = &r->snap;
}

/* Boot until every segment has run (a crash ends a boot: the next goes on). */
static void run_segments(struct run *r)
{
	struct initramfs_spec spec = {
		.set = &r->set, .exec = r->o->exec, .nr_exec = r->o->nr_exec,
		.busybox = r->busybox, .busybox_size = r->busybox_size,
		.applets = r->applets,
		.files = r->files, .nr_files = r->nr_files,
		.kmod = &r->kmod,
	};
	struct session *ss = &r->ss;
	struct qemu_result res;
	int from = 0, i;

	while (from < ss->nr_seg) {
		spec.seg = &ss->seg[from];
		spec.nr_seg = ss->nr_seg - from;
		r->qc.initrd_fd = plan_initramfs(&spec, &r->qc.initrd_boot_only);
		boot_with_fallback(&r->qc, ss, from, &res);
		close(r->qc.initrd_fd);
		r->wall += res.wall;
		session_end_boot(ss, vm_end_of(&res), r->qc.timeout);
		if (res.interrupted) {
			r->interrupted = true;
			break;
		}
		if (!ss->each)
			break;
		for (i = from; i < ss->nr_seg && ss->seg[i].started; i++)
			;
		if (i == from) {	/* the boot reached no module: give up */
			ss->seg[from].console = ss->boot_console;
			console_init(&ss->boot_console);
			ss->seg[from].end = vm_end_of(&res);
			break;
		}
		from = i;
		if (from < ss->nr_seg)
			fprintf(stderr, "modrun: --each: the VM ended in module %s: booting again for the %d left\n",
				ss->seg[from - 1].name, ss->nr_seg - from);
	}
}

static int print_run(struct run *r)
{
	struct segment *g = &r->ss.seg[0];
	struct run_info run = { .end = g->end, .timeout = r->o->timeout,
				.wall = r->wall, .accel = r->qc.kvm ? "kvm" : "tcg",
				.kernel_dir = r->o->kernel_dir,
				.note = r->snap.note };
	struct report_options ro = { .plan = g->plan, .nr_plan = g->nr_plan,
				     .expect = r->o->expect,
				     .nr_expect = r->o->nr_expect,
				     .forbid_mask = r->o->forbid_mask };

	if (r->ss.each)
		return session_print_each(stdout, &r->ss, &run, &ro);
	return report_print(stdout, &g->guest, &g->console, &run, &ro);
}

static int run_modules(struct options *o, const struct operands *ops)
{
	struct run r = { .o = o };
	char image[4096], release[256], modules_dir[4096], why[256];
	struct segment *seg;
	void *busybox = NULL;
	FILE *log = NULL;
	int status, nr_seg, ret;

	if (!find_kernel(o->kernel_dir, image, sizeof(image), release,
			 sizeof(release)))
		errx(2, "%s: no kernel there (vmlinux or vmlinuz): provision one with scripts/provision-kernel NAME, or give --kernel DIR",
		     o->kernel_dir);
	ret = kimage_check_file(image, why, sizeof(why));
	if (ret == -EINVAL)
		errx(2, "%s: %s: provision the kernel again (scripts/provision-kernel --refresh NAME)",
		     image, why);
	else if (ret)
		errx(2, "%s: cannot read: %s", image, strerror(-ret));
	snprintf(modules_dir, sizeof(modules_dir), "%s/modules", o->kernel_dir);
	plan_open_modules(&r.set, ops->paths, ops->n, release, modules_dir);
	ret = o->no_kmod ? 0 : kmod_share_open(&r.kmod, modules_dir);
	if (ret)
		errx(2, "%s: cannot read the modules that mounting it in the guest takes: %s",
		     modules_dir, strerror(-ret));
	params_attach(&r.set, ops, o->append);
	plan_open_files(&r.files, o->files, o->nr_files);
	/* the host's programs first: the udhcpc script is made, not a host file */
	r.nr_files = elfdeps_add_files(&r.files, o->nr_files);
	if (o->nr_exec)
		nic_add_script(&o->nics, &r.files, &r.nr_files);
	if (o->nr_exec) {
		read_busybox(o->kernel_dir, &busybox, &r.busybox_size,
			     &r.applets);
		r.busybox = busybox;
	}
	seg = plan_segments(&r.set, o->exec, o->nr_exec, o->each, &nr_seg);
	if (o->log_path && !(log = fopen(o->log_path, "we")))
		err(2, "%s: cannot write", o->log_path);
	session_init(&r.ss, seg, nr_seg, o->each, log);
	r.qc = (struct qemu_config){ .arch = arch_params_find("x86_64"),
				     .qemu = getenv("MODRUN_QEMU"),
				     .kernel = image,
				     .cmdline_extra = o->append,
				     .memory_mb = o->memory_mb,
				     .devices = o->devices,
				     .nr_devices = o->nr_devices,
				     .netdevs = (const char *const *)o->nics.netdevs,
				     .nr_netdevs = o->nics.n,
				     .kmod_dir = r.kmod.dir,
				     .timeout = o->timeout };
	choose_accel(o, &r.qc);
	use_snapshot(o, &r, release);
	run_segments(&r);
	if (log)
		fclose(log);
	status = print_run(&r);
	session_free(&r.ss);
	plan_free_segments(seg, nr_seg);
	plan_free_modules(&r.set);
	plan_free_files(r.files, r.nr_files);
	kmod_share_free(&r.kmod);
	free(busybox);
	free(r.applets);
	return r.interrupted ? 130 : status;
}

/* modrun parse: the verdict of a saved --log, without booting. */
static int parse_saved(struct options *o, const char *path)
{
	struct session ss;
	struct run_info run = { .end = VM_EXITED, .wall = -1 };
	struct report_options ro = { .expect = o->expect,
				     .nr_expect = o->nr_expect,
				     .forbid_mask = o->forbid_mask };
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	struct savedlog sl = { 0 };
	char line[8192];
	struct segment *g;
	int status;

	if (!f)
		err(2, "%s: cannot read", path);
	session_init_parsed(&ss);
	ss.timeout = o->timeout;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		savedlog_line(&sl, line);
		session_saved_line(&ss, line);
	}
	if (ferror(f))
		err(2, "%s: cannot read", path);
	if (f != stdin)
		fclose(f);
	if (savedlog_refusal(&sl))
		errx(2, "%s: %s", path, savedlog_refusal(&sl));
	run.timeout = ss.timeout;
	if (ss.each) {
		status = session_print_each(stdout, &ss, &run, &ro);
	} else {
		g = &ss.seg[0];
		run.end = g->guest.done ? VM_POWERED_OFF : g->end;
		status = report_print(stdout, &g->guest, &g->console, &run,
				      &ro);
	}
	session_free(&ss);
	return status;
}

static void free_options(struct options *o)
{
	free(o->expect);
	free(o->exec);
	free(o->files);
	free(o->devices);
	nic_free(&o->nics);
}

int main(int argc, char **argv)
{
	struct options o = {
		.timeout = 60,
		.accel = "tcg",
		.memory_mb = 256,
	};
	struct operands ops;
	int status;

	o.forbid_mask = taint_mask(DEFAULT_FORBID);
	o.kernel_dir = getenv("MODRUN_KERNEL");
	if (!o.kernel_dir)
		o.kernel_dir = "6.1";
	if (argc > 1 && !strcmp(argv[1], "build"))
		return build_main(argc - 1, argv + 1);
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
	params_split(argc - optind, argv + optind, &ops);
	early_check_inputs(&ops, o.files, o.nr_files);
	early_check_kernel(o.kernel_dir, &ops);
	resolve_kernel(&o);
	status = run_modules(&o, &ops);
	params_free(&ops);
	free_options(&o);
	return status;
}
