/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The verdict: the guest's report, what the console showed and how the VM
 * ended, checked against the user's expectations and printed as KTAP.
 */
#ifndef MODRUN_REPORT_H
#define MODRUN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "ktap.h"

#define CONSOLE_TAIL 40
#define CONSOLE_CRASH 64

/*
 * The kernel console: its last lines, the first sign of a crash, and the
 * lines from that one on (its call trace, which a tail of later lines
 * would cut: a panic's trace with more stale frames than usual).
 */
struct console_log {
	char *tail[CONSOLE_TAIL];
	unsigned int nr_lines;		/* all lines seen */
	char crash[256];		/* first crash line, "" if none */
	char *crash_lines[CONSOLE_CRASH];	/* it and those after it */
	unsigned int nr_crash_lines;
	unsigned int crash_at;		/* its number among nr_lines */
};

void console_init(struct console_log *c);
void console_free(struct console_log *c);
void console_add_line(struct console_log *c, const char *line);
/* Add to c what from kept: its crash's lines, then its tail after them. */
void console_copy(struct console_log *to, const struct console_log *from);
/* Does a console line say the kernel crashed or complained? */
bool console_is_crash_line(const char *line);

enum vm_end {
	VM_POWERED_OFF,		/* or ended by modrun after a complete report */
	VM_TIMED_OUT,
	VM_INTERRUPTED,
	VM_EXITED,		/* QEMU ended on its own before the report's end */
};

struct run_info {
	enum vm_end end;
	double timeout;		/* seconds */
	double wall;		/* seconds, < 0 when unknown (parse mode) */
	const char *accel;	/* NULL in parse mode */
	const char *kernel_dir;
	const char *note;	/* a line to say after the first, or NULL */
};

/* A step the guest was told to take: "load" NAME, "exec" "CMD", "unload" NAME. */
struct plan_step {
	const char *what;
	const char *name;
};

struct report_options {
	const struct plan_step *plan;	/* in order; NULL: from the report */
	int nr_plan;
	const char **expect;
	int nr_expect;
	long long forbid_mask;		/* taint bits that fail a run */
};

/* Print the verdict as KTAP; returns 0 when every test passed, else 1. */
int report_print(FILE *out, const struct guest_report *g,
		 const struct console_log *con, const struct run_info *run,
		 const struct report_options *opt);

#endif
