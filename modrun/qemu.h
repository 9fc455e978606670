/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot a kernel in QEMU with an initramfs, read the kernel's console (ttyS0)
 * and the guest's report (ttyS1) line by line, and end the VM: when it
 * powers off, when the report is complete, or when the time is up.
 */
#ifndef MODRUN_QEMU_H
#define MODRUN_QEMU_H

#include <stdbool.h>

enum qemu_stream {
	QEMU_CONSOLE,
	QEMU_REPORT,
	QEMU_STDERR,
	QEMU_NR_STREAMS,
};

struct snapshot;

/* Per-architecture settings, as data. */
struct arch_params {
	const char *arch;
	const char *qemu;		/* binary */
	const char *console;		/* kernel console device */
	const char *report;		/* the guest's report port */
	const char *extra_args[8];	/* NULL-terminated */
};

const struct arch_params *arch_params_find(const char *arch);

struct qemu_config {
	const struct arch_params *arch;
	const char *qemu;		/* overrides arch->qemu when set */
	const char *kernel;		/* vmlinux or bzImage */
	int initrd_fd;
	long long initrd_boot_only;	/* from here on, what only a boot needs:
					   a restored run's state holds it
					   (plan.h); 0: none */
	const char *cmdline_extra;	/* appended to the kernel command line */
	int memory_mb;
	const char *const *devices;	/* each given to QEMU as -device */
	int nr_devices;
	const char *const *netdevs;	/* each given to QEMU as -netdev */
	int nr_netdevs;
	const char *kmod_dir;		/* shared read-only over 9p, tag
					   modrun-kmod (kmod.h); NULL: none */
	bool kvm;
	double timeout;			/* seconds, whole run, or since the
					   last QEMU_LINE_PROGRESS */
	double first_report_timeout;	/* seconds; 0 = none (the KVM watchdog) */
	/* A restored run (snapshot.h); 0 = none for each fd. */
	int qmp_fd;			/* a QMP monitor on this socket */
	int channel_fd;			/* the channel's memory (channel.h) */
	const char *ram_path;		/* the guest's memory is this file */
	bool saving;			/* it and the channel are shared (the
					   run that saves), else private */
	bool incoming;			/* -incoming defer: QMP starts it */
	/* Called once QEMU runs, before its output is read; 0 or -errno. */
	int (*spawned)(const struct qemu_config *cfg, void *arg);
	void *spawned_arg;
	struct snapshot *snapshot;	/* NULL: boot (snapshot_run()) */
};

struct qemu_result {
	bool timed_out;		/* the whole-run timeout killed the VM */
	bool stalled;		/* no report before first_report_timeout */
	bool report_complete;	/* the callback said the report was complete */
	bool interrupted;	/* SIGINT/SIGTERM/SIGHUP reached modrun */
	int wait_status;	/* of QEMU */
	double wall;		/* seconds from spawn to end */
	double first_report;	/* seconds to the first report line, or -1 */
	char spawn_error[256];	/* spawned() failed: QEMU's first words */
};

/*
 * Called for each complete line of a stream; returns 0 or these flags.
 * QEMU_LINE_COMPLETE: the report is complete: the VM is given a moment to
 * power off, then ended.  QEMU_LINE_PROGRESS: the timeout starts again
 * (a new module of --each).
 */
#define QEMU_LINE_COMPLETE 1
#define QEMU_LINE_PROGRESS 2
typedef int (*qemu_line_fn)(void *ctx, enum qemu_stream stream,
			    const char *line);

/*
 * Returns 0, or -errno if QEMU could not be started, or spawned()'s error
 * (QEMU is then ended, and res->spawn_error says what it said).
 */
int qemu_run(const struct qemu_config *cfg, qemu_line_fn fn, void *ctx,
	     struct qemu_result *res);

/*
 * The machine QEMU is asked for, as text: its command line, one argument a
 * line, file descriptor numbers as "N".  Returns NULL when out of memory.
 */
char *qemu_machine_text(const struct qemu_config *cfg);

#endif
