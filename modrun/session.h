/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's reports as they come, live from QEMU or from a saved --log: which
 * segment (the whole run, or one module of --each) each line of the guest's
 * report and of the kernel's console belongs to, how each segment ended, and
 * the verdict of --each as KTAP subtests.
 *
 * The --log format: the report's lines as the guest wrote them, the
 * console's prefixed "console: ", and "modrun-boot: N" and
 * "modrun-boot-end: timeout|exit SECONDS" around each boot.
 */
#ifndef MODRUN_SESSION_H
#define MODRUN_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include "plan.h"
#include "qemu.h"
#include "report.h"

struct session {
	struct segment *seg;
	int nr_seg;
	int cur;		/* the segment the guest is in, or -1 */
	bool each;
	bool parsed;		/* from a saved log: segments come as named */
	bool all_done;		/* "# modrun-each: end" */
	int boot;		/* the boot under way (1, 2, ...) */
	unsigned int lines;	/* of the report and console, this boot */
	struct console_log boot_console;	/* --each: outside a module */
	char qemu_error[512];	/* QEMU's first line on stderr */
	double timeout;		/* a saved log's, from its boot-end lines */
	FILE *log;		/* --log, or NULL */
};

/* Live: the segments of plan_segments(); they stay the caller's. */
void session_init(struct session *s, struct segment *seg, int nr_seg,
		  bool each, FILE *log);
/* From a saved log: the whole run, until an --each line says otherwise. */
void session_init_parsed(struct session *s);
void session_free(struct session *s);

/* The qemu_line_fn of qemu_run(). */
int session_line(void *session, enum qemu_stream stream, const char *line);
/* A line of a saved --log. */
void session_saved_line(struct session *s, const char *line);

/* Around a boot that starts at segment from. */
void session_begin_boot(struct session *s, int from);
void session_end_boot(struct session *s, enum vm_end end, double timeout);

/*
 * --each: one KTAP subtest per module, then the modules' verdicts; run
 * gives the timeout, and (live) the wall time, accel and kernel folder; opt
 * the expectations and forbidden taint.  Returns 0 when all passed, else 1.
 */
int session_print_each(FILE *out, const struct session *s,
		       const struct run_info *run,
		       const struct report_options *opt);

#endif
