/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest's report: KTAP lines written by modrun's /init, parsed one line
 * at a time into steps (load, unload), kernel log records and taints.
 */
#ifndef MODRUN_KTAP_H
#define MODRUN_KTAP_H

#include <stdbool.h>
#include <stddef.h>

/* One kernel log record, as /dev/kmsg gave it: level 0 (emerg) .. 7. */
struct log_record {
	int level;
	char *time;
	char *text;
};

struct guest_step {
	int number;
	char *what;		/* "load", "unload" or "exec" */
	char *module;		/* or, for exec, the command in quotes */
	char *params;		/* load: its parameters, "key=val ..." */
	bool ok;
	bool skip;
	char *error;		/* e.g. "finit_module: ENODEV (No such device)" */
	char *module_taint;	/* /sys/module/NAME/taint after the step */
	int sysfs;		/* 1 present, 0 absent, -1 unknown */
	size_t log_first;	/* records logged during the step */
	size_t log_count;
	char *status;		/* exec: "exit 0", "killed by signal 9 (...)" */
	size_t out_first;	/* exec: the command's output lines */
	size_t out_count;
};

struct guest_report {
	bool started;		/* saw "KTAP version" */
	bool done;		/* saw "# modrun-init: done" */
	char *release;
	char *init_clock;	/* seconds, as the guest printed them */
	int plan;		/* -1 until the plan line */
	long long taint_before;	/* -1 when unknown */
	long long taint_after;
	struct guest_step *steps;	/* grown as needed */
	size_t nr_steps, steps_size;
	struct guest_step pending;	/* what the next result line closes */
	struct log_record *log;
	size_t nr_log;
	char **out;		/* output lines of commands (exec steps) */
	size_t nr_out;
	int errors;		/* lines that broke the protocol */
};

void ktap_init(struct guest_report *r);
void ktap_free(struct guest_report *r);
/* Feed one line (without its newline; a trailing \r is ignored). */
void ktap_parse_line(struct guest_report *r, const char *line);
/* Parse a whole buffer of lines. */
void ktap_parse_text(struct guest_report *r, const char *text);

/* The result line of a KTAP test: "ok 3 name # SKIP why" (also "ok 3 - name"). */
struct ktap_result {
	bool ok;
	int number;
	char name[256];
	char directive[128];
};

bool ktap_parse_result(const char *line, struct ktap_result *res);

#endif
