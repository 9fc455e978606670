// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "report.h"
#include "taint.h"

static const char *const crash_markers[] = {
	"Kernel panic - not syncing",
	"BUG: ",
	"Oops: ",
	"general protection fault",
	"WARNING: CPU:",
	"watchdog: BUG: soft lockup",
	"INFO: task ",
	"Unable to handle kernel",
};

void console_init(struct console_log *c)
{
	memset(c, 0, sizeof(*c));
}

void console_free(struct console_log *c)
{
	int i;

	for (i = 0; i < CONSOLE_TAIL; i++)
		free(c->tail[i]);
	for (i = 0; i < (int)c->nr_crash_lines; i++)
		free(c->crash_lines[i]);
	console_init(c);
}

bool console_is_crash_line(const char *line)
{
	size_t i;

	for (i = 0; i < sizeof(crash_markers) / sizeof(crash_markers[0]); i++)
		if (strstr(line, crash_markers[i]))
			return true;
	return false;
}

void console_add_line(struct console_log *c, const char *line)
{
	unsigned int slot = c->nr_lines++ % CONSOLE_TAIL;
	size_t n = strlen(line);

	free(c->tail[slot]);
	c->tail[slot] = strdup(line);
	if (c->tail[slot] && n && c->tail[slot][n - 1] == '\r')
		c->tail[slot][n - 1] = '\0';
	if (!c->crash[0] && console_is_crash_line(line)) {
		snprintf(c->crash, sizeof(c->crash), "%s",
			 c->tail[slot] ? c->tail[slot] : line);
		c->crash_at = c->nr_lines - 1;
	}
	if (c->crash[0] && c->nr_crash_lines < CONSOLE_CRASH && c->tail[slot] &&
	    (c->crash_lines[c->nr_crash_lines] = strdup(c->tail[slot])))
		c->nr_crash_lines++;
}

/*
 * The first of c's tail lines to show after its crash's lines (those
 * shown first, when the tail has lost the crash's first line): *crash
 * says whether they are.
 */
static unsigned int tail_after_crash(const struct console_log *c, bool *crash)
{
	unsigned int first = c->nr_lines > CONSOLE_TAIL ?
			     c->nr_lines - CONSOLE_TAIL : 0;
	unsigned int end = c->crash_at + c->nr_crash_lines;

	*crash = c->nr_crash_lines && c->crash_at < first;
	return *crash && end > first ? end : first;
}

void console_copy(struct console_log *to, const struct console_log *from)
{
	unsigned int i;
	bool crash;

	i = tail_after_crash(from, &crash);
	if (crash) {
		unsigned int k;

		for (k = 0; k < from->nr_crash_lines; k++)
			console_add_line(to, from->crash_lines[k]);
	}
	for (; i < from->nr_lines; i++)
		console_add_line(to, from->tail[i % CONSOLE_TAIL]);
}

struct printer {
	FILE *out;
	int number;
	int failed;
};

static void result(struct printer *p, bool ok, const char *name,
		   const char *directive)
{
	p->number++;
	if (!ok)
		p->failed++;
	fprintf(p->out, "%sok %d %s%s%s\n", ok ? "" : "not ", p->number, name,
		directive ? " # " : "", directive ? directive : "");
}

static void print_log(FILE *out, const struct guest_report *g,
		      const struct guest_step *s)
{
	const struct log_record *rec;
	size_t i;

	for (i = 0; i < s->log_count; i++) {
		rec = &g->log[s->log_first + i];
		/* the guest's modprobe serving request_module() (kmod.h) */
		if (!strncmp(rec->text, "modrun-kmod: ", 13))
			fprintf(out, "# kmod: %s\n", rec->text + 13);
		else
			fprintf(out, "# %-12s %s\n",
				kmsg_level_macro(rec->level), rec->text);
	}
}

static void print_output(FILE *out, const struct guest_report *g,
			 const struct guest_step *s)
{
	size_t i;

	for (i = 0; i < s->out_count; i++)
		fprintf(out, "# %s\n", g->out[s->out_first + i]);
}

static void print_step(struct printer *p, const struct guest_report *g,
		       const struct guest_step *s)
{
	char name[512];
	bool exec = !strcmp(s->what, "exec");

	if (exec)
		fprintf(p->out, "# exec: %s\n", s->module ? s->module : "?");
	else if (s->module)
		fprintf(p->out, "# %s %s%s%s\n", strcmp(s->what, "load") ?
			"unloading" : "loading", s->module,
			s->params ? " " : "", s->params ? s->params : "");
	print_output(p->out, g, s);
	print_log(p->out, g, s);
	if (s->status && !strncmp(s->status, "exit ", 5))
		fprintf(p->out, "# exit status %s\n", s->status + 5);
	else if (s->status)
		fprintf(p->out, "# %s\n", s->status);
	if (s->error)
		fprintf(p->out, "# error: %s\n", s->error);
	if (s->sysfs >= 0 && s->module)
		fprintf(p->out, "# /sys/module/%s: %s\n", s->module,
			s->sysfs ? "present" : "gone");
	snprintf(name, sizeof(name), "%s%s%s", s->what, s->module ? " " : "",
		 s->module ? s->module : "");
	result(p, s->ok, name, s->skip ? "SKIP not loaded" : NULL);
}

/* The step the guest was in when the VM ended: what it had logged. */
static void print_unfinished(FILE *out, const struct guest_report *g)
{
	struct guest_step s = g->pending;

	if (!g->started || g->done)
		return;
	s.log_count = g->nr_log - s.log_first;
	s.out_count = g->nr_out - s.out_first;
	if (s.log_count || s.out_count)
		fprintf(out, "# logged before the VM ended:\n");
	print_output(out, g, &s);
	print_log(out, g, &s);
}

static const char *why_missing(const struct run_info *run,
			       const struct console_log *con)
{
	if (con->crash[0])
		return "ERROR the kernel crashed";
	switch (run->end) {
	case VM_TIMED_OUT:
		return "TIMEOUT";
	case VM_INTERRUPTED:
		return "ERROR interrupted";
	default:
		return "ERROR the VM ended before this step";
	}
}

/* The guest's steps, and the ones it never reached. */
static void print_steps(struct printer *p, const struct guest_report *g,
			const struct console_log *con,
			const struct run_info *run,
			const struct report_options *opt)
{
	int n = opt->nr_plan, i;
	char name[512], directive[64];

	for (i = 0; i < (int)g->nr_steps; i++)
		print_step(p, g, &g->steps[i]);
	if ((int)g->nr_steps < n)
		print_unfinished(p->out, g);
	for (i = (int)g->nr_steps; i < n; i++) {
		snprintf(name, sizeof(name), "%s %s", opt->plan[i].what,
			 opt->plan[i].name);
		if (i == (int)g->nr_steps && run->end == VM_TIMED_OUT)
			snprintf(directive, sizeof(directive),
				 "TIMEOUT %g seconds", run->timeout);
		else
			snprintf(directive, sizeof(directive), "%s",
				 why_missing(run, con));
		result(p, false, name, directive);
	}
}

static const struct guest_step *load_step(const struct guest_report *g,
					  const char *module)
{
	size_t i;

	for (i = 0; i < g->nr_steps; i++)
		if (!strcmp(g->steps[i].what, "load") && g->steps[i].module &&
		    !strcmp(g->steps[i].module, module))
			return &g->steps[i];
	return NULL;
}

static void print_taints(struct printer *p, const struct guest_report *g,
			 const struct report_options *opt)
{
	const struct guest_step *s;
	char name[160], explain[512], bad[32];
	long long mask;
	int i;

	for (i = 0; i < opt->nr_plan; i++) {
		if (strcmp(opt->plan[i].what, "load"))
			continue;
		s = load_step(g, opt->plan[i].name);
		snprintf(name, sizeof(name), "taint %s", opt->plan[i].name);
		if (!s || !s->ok || !s->module_taint) {
			result(p, true, name, "SKIP not loaded");
			continue;
		}
		taint_explain(s->module_taint, explain, sizeof(explain));
		fprintf(p->out, "# taint: %s\n", explain);
		mask = taint_mask(s->module_taint);
		if (mask < 0)
			mask = 0;
		taint_letters((unsigned long long)(mask & opt->forbid_mask),
			      bad, sizeof(bad));
		if (bad[0])
			fprintf(p->out, "# forbidden taint: %s\n", bad);
		result(p, !bad[0], name, NULL);
	}
}

static bool log_contains(const struct guest_report *g, const char *text)
{
	size_t i;

	for (i = 0; i < g->nr_log; i++)
		if (strstr(g->log[i].text, text))
			return true;
	return false;
}

static void print_expectations(struct printer *p,
			       const struct guest_report *g,
			       const struct report_options *opt)
{
	char name[300], *c;
	int i;

	for (i = 0; i < opt->nr_expect; i++) {
		snprintf(name, sizeof(name), "expect \"%s\"", opt->expect[i]);
		for (c = name; *c; c++)
			if (*c == '#')	/* KTAP names cannot hold a '#' */
				*c = '_';
		result(p, log_contains(g, opt->expect[i]), name, NULL);
	}
}

static void print_console_tail(FILE *out, const struct console_log *con)
{
	unsigned int i, k, end = con->crash_at + con->nr_crash_lines;
	bool crash;

	i = tail_after_crash(con, &crash);
	if (crash) {
		fprintf(out, "# the kernel console from its crash on:\n");
		for (k = 0; k < con->nr_crash_lines; k++)
			fprintf(out, "#   %s\n", con->crash_lines[k]);
		if (i > end)
			fprintf(out, "#   [%u lines not kept]\n", i - end);
	}
	if (i >= con->nr_lines)
		return;
	fprintf(out, "# last lines of the kernel console:\n");
	for (; i < con->nr_lines; i++)
		fprintf(out, "#   %s\n", con->tail[i % CONSOLE_TAIL]);
}

/* Did the kernel survive, cleanly, to the end of the report? */
static void print_kernel_verdict(struct printer *p,
				 const struct guest_report *g,
				 const struct console_log *con,
				 const struct run_info *run,
				 const struct report_options *opt)
{
	char letters[32], bad[32];
	const char *why = NULL;
	long long gained = 0;

	if (g->taint_after >= 0) {
		taint_letters((unsigned long long)g->taint_after, letters,
			      sizeof(letters));
		fprintf(p->out, "# kernel taint: %lld (%s)\n", g->taint_after,
			letters[0] ? letters : "none");
		gained = g->taint_after & ~(g->taint_before > 0 ?
					    g->taint_before : 0);
	}
	taint_letters((unsigned long long)(gained & opt->forbid_mask), bad,
		      sizeof(bad));
	if (con->crash[0] || run->end == VM_TIMED_OUT ||
	    run->end == VM_INTERRUPTED)
		why = why_missing(run, con);
	else if (!g->done)
		why = g->started ? "ERROR the report ended early" :
				   "ERROR no report from the guest";
	else if (g->errors)
		why = "ERROR malformed report lines";
	else if (bad[0])
		why = "ERROR forbidden taint";
	if (con->crash[0])
		fprintf(p->out, "# crash: %s\n", con->crash);
	if (bad[0])
		fprintf(p->out, "# forbidden kernel taint gained: %s\n", bad);
	if (why && !bad[0] && con->nr_lines)
		print_console_tail(p->out, con);
	result(p, why == NULL, "kernel", why);
}

static void print_timing(FILE *out, const struct guest_report *g,
			 const struct run_info *run)
{
	double clock = g->init_clock ? atof(g->init_clock) : 0;

	if (run->wall < 0)
		return;
	if (clock > 0)
		fprintf(out, "# time: %.2f s wall, kernel clock %.2f s at /init, ratio %.2f\n",
			run->wall, clock, run->wall / clock);
	else
		fprintf(out, "# time: %.2f s wall\n", run->wall);
}

static bool unloaded(const struct guest_report *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->nr_steps; i++)
		if (!strcmp(g->steps[i].what, "unload") && g->steps[i].module &&
		    !strcmp(g->steps[i].module, name))
			return true;
	return false;
}

/*
 * In parse mode, the plan is what the report shows, and the unloads of the
 * modules it loaded but had not unloaded when it ended (last first).
 */
static struct plan_step *plan_from_report(const struct guest_report *g,
					  int *n)
{
	struct plan_step *plan = calloc(2 * g->nr_steps + 3, sizeof(*plan));
	size_t i;

	*n = 0;
	for (i = 0; plan && i < g->nr_steps; i++) {
		plan[*n].what = g->steps[i].what;
		plan[(*n)++].name = g->steps[i].module ? g->steps[i].module : "";
	}
	if (plan && !g->done && g->pending.what && g->pending.module) {
		plan[*n].what = g->pending.what;	/* where it ended */
		plan[(*n)++].name = g->pending.module;
	}
	for (i = *n; plan && i > 0; i--) {
		const struct plan_step *s = &plan[i - 1];

		if (strcmp(s->what, "load") || unloaded(g, s->name))
			continue;
		plan[*n].what = "unload";
		plan[(*n)++].name = s->name;
	}
	return plan;
}

static int count_loads(const struct report_options *opt)
{
	int i, n = 0;

	for (i = 0; i < opt->nr_plan; i++)
		n += !strcmp(opt->plan[i].what, "load");
	return n;
}

int report_print(FILE *out, const struct guest_report *g,
		 const struct console_log *con, const struct run_info *run,
		 const struct report_options *opt_in)
{
	struct report_options opt = *opt_in;
	struct plan_step *own = NULL;
	struct printer p = { .out = out };

	if (!opt.plan) {
		own = plan_from_report(g, &opt.nr_plan);
		opt.plan = own;
	}
	fprintf(out, "KTAP version 1\n");
	fprintf(out, "# modrun: kernel %s", g->release ? g->release : "?");
	if (run->accel)
		fprintf(out, " from %s, accel %s, timeout %g s",
			run->kernel_dir, run->accel, run->timeout);
	fprintf(out, "\n");
	if (run->note && *run->note)
		fprintf(out, "# %s\n", run->note);
	fprintf(out, "1..%d\n", opt.nr_plan + count_loads(&opt) +
		opt.nr_expect + 1);
	print_steps(&p, g, con, run, &opt);
	print_taints(&p, g, &opt);
	print_expectations(&p, g, &opt);
	print_kernel_verdict(&p, g, con, run, &opt);
	print_timing(out, g, run);
	if (p.failed)
		fprintf(out, "# FAIL: %d of %d tests failed\n", p.failed,
			p.number);
	else
		fprintf(out, "# PASS: all %d tests passed\n", p.number);
	fflush(out);
	free(own);
	return p.failed ? 1 : 0;
}
