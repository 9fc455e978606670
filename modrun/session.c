// SPDX-License-Identifier: GPL-2.0
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

void session_init(struct session *s, struct segment *seg, int nr_seg,
		  bool each, FILE *log)
{
	memset(s, 0, sizeof(*s));
	s->seg = seg;
	s->nr_seg = nr_seg;
	s->each = each;
	s->cur = each ? -1 : 0;
	s->log = log;
	console_init(&s->boot_console);
}

static void add_segment(struct session *s, const char *name)
{
	struct segment *grown, *g;

	grown = realloc(s->seg, (size_t)(s->nr_seg + 1) * sizeof(*grown));
	if (!grown)
		err(2, "out of memory");
	s->seg = grown;
	g = &grown[s->nr_seg++];
	memset(g, 0, sizeof(*g));
	g->name = strdup(name);
	if (!g->name)
		err(2, "out of memory");
	ktap_init(&g->guest);
	console_init(&g->console);
	g->end = VM_EXITED;
}

void session_init_parsed(struct session *s)
{
	session_init(s, NULL, 0, false, NULL);
	s->parsed = true;
	add_segment(s, "-");
}

static void free_parsed_segments(struct session *s)
{
	int i;

	for (i = 0; i < s->nr_seg; i++) {
		ktap_free(&s->seg[i].guest);
		console_free(&s->seg[i].console);
		free((char *)s->seg[i].name);
	}
	free(s->seg);
	s->seg = NULL;
	s->nr_seg = 0;
}

void session_free(struct session *s)
{
	if (s->parsed)
		free_parsed_segments(s);
	console_free(&s->boot_console);
}

/* The segment a "# modrun-each: NAME" line begins (made when parsing). */
static int segment_named(struct session *s, const char *name)
{
	int i;

	for (i = s->cur + 1; i < s->nr_seg; i++)
		if (!s->seg[i].started && !strcmp(s->seg[i].name, name))
			return i;
	if (!s->parsed)
		return -1;
	add_segment(s, name);
	return s->nr_seg - 1;
}

static int report_line(struct session *s, const char *line)
{
	struct segment *g;
	char name[256];
	int i;

	if (s->each && !strncmp(line, "# modrun-each: ", 15)) {
		snprintf(name, sizeof(name), "%s", line + 15);
		name[strcspn(name, "\r")] = '\0';
		if (!strcmp(name, "end")) {
			s->all_done = true;
			return QEMU_LINE_COMPLETE;
		}
		i = segment_named(s, name);
		if (i < 0)
			return 0;
		s->cur = i;
		s->seg[i].started = true;
		s->seg[i].boot = s->boot;
		return QEMU_LINE_PROGRESS;
	}
	if (s->cur < 0)
		return 0;
	g = &s->seg[s->cur];
	ktap_parse_line(&g->guest, line);
	if (!s->each && g->guest.done)
		return QEMU_LINE_COMPLETE;
	if (g->guest.done)
		g->end = VM_POWERED_OFF;
	return 0;
}

int session_line(void *session, enum qemu_stream stream, const char *line)
{
	struct session *s = session;
	bool in_segment;

	if (stream != QEMU_STDERR)
		s->lines++;
	switch (stream) {
	case QEMU_REPORT:
		if (s->log)
			fprintf(s->log, "%s\n", line);
		return report_line(s, line);
	case QEMU_CONSOLE:
		if (s->log)
			fprintf(s->log, "console: %s\n", line);
		/* --each: what follows a module's end is not its own */
		in_segment = s->cur >= 0 &&
			     !(s->each && s->seg[s->cur].guest.done);
		console_add_line(in_segment ? &s->seg[s->cur].console :
				 &s->boot_console, line);
		return 0;
	default:
		if (*line && !s->qemu_error[0])
			snprintf(s->qemu_error, sizeof(s->qemu_error), "%s",
				 line);
		else if (*line)
			fprintf(stderr, "modrun: qemu: %s\n", line);
		return 0;
	}
}

void session_begin_boot(struct session *s, int from)
{
	int i;

	for (i = from; i < s->nr_seg; i++) {
		ktap_free(&s->seg[i].guest);
		console_free(&s->seg[i].console);
		s->seg[i].started = false;
		s->seg[i].end = VM_EXITED;
	}
	console_free(&s->boot_console);
	s->boot++;
	s->cur = s->each ? -1 : from;
	s->all_done = false;
	s->qemu_error[0] = '\0';
	s->lines = 0;
	if (s->log)
		fprintf(s->log, "modrun-boot: %d\n", s->boot);
}

void session_end_boot(struct session *s, enum vm_end end, double timeout)
{
	struct segment *g;

	if (s->log)
		fprintf(s->log, "modrun-boot-end: %s %g\n",
			end == VM_TIMED_OUT ? "timeout" : "exit", timeout);
	if (s->cur < 0)
		return;
	g = &s->seg[s->cur];
	if (!g->guest.done || !s->each) {
		g->end = end;
		return;
	}
	if (s->all_done || (!s->boot_console.crash[0] && end != VM_TIMED_OUT))
		return;
	/*
	 * --each: the kernel crashed, or the guest stopped, after the module's
	 * end and before the next one began: what it left behind (a timer, a
	 * work item) did it.  That is its verdict.
	 */
	console_copy(&g->console, &s->boot_console);
	g->end = end;
}

void session_saved_line(struct session *s, const char *line)
{
	double t;
	char how[16];

	if (!strncmp(line, "console: ", 9)) {
		session_line(s, QEMU_CONSOLE, line + 9);
	} else if (!strncmp(line, "modrun-boot: ", 13)) {
		s->boot++;
		s->all_done = false;
		if (s->each)
			s->cur = -1;
		console_free(&s->boot_console);
	} else if (!strncmp(line, "modrun-boot-end: ", 17)) {
		if (sscanf(line + 17, "%15s %lf", how, &t) == 2)
			s->timeout = t;
		else
			snprintf(how, sizeof(how), "%.15s", line + 17);
		session_end_boot(s, !strcmp(how, "timeout") ? VM_TIMED_OUT :
				 VM_EXITED, s->timeout);
	} else {
		if (!s->each && !strncmp(line, "# modrun-each: ", 15)) {
			/* an --each log: its modules replace the whole run */
			free_parsed_segments(s);
			s->each = true;
			s->cur = -1;
		}
		session_line(s, QEMU_REPORT, line);
	}
}

/* A module's report, indented, as the subtest of its verdict. */
static int print_subtest(FILE *out, const struct segment *g, int number,
			 const struct run_info *run_in,
			 const struct report_options *opt_in, bool parsed)
{
	struct run_info run = { .end = g->end, .timeout = run_in->timeout,
				.wall = -1 };
	struct report_options opt = *opt_in;
	char *text, *line, *save;
	size_t size;
	FILE *mem = open_memstream(&text, &size);
	int status;

	if (!mem)
		err(2, "out of memory");
	opt.plan = parsed ? NULL : g->plan;
	opt.nr_plan = g->nr_plan;
	status = report_print(mem, &g->guest, &g->console, &run, &opt);
	fclose(mem);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		fprintf(out, "    %s\n", line);
		if (!strcmp(line, "KTAP version 1"))
			fprintf(out, "    # Subtest: %s\n", g->name);
	}
	free(text);
	fprintf(out, "%sok %d %s", status ? "not " : "", number, g->name);
	if (g->end == VM_TIMED_OUT && !g->guest.done)
		fprintf(out, " # TIMEOUT %g seconds", run_in->timeout);
	else if (g->console.crash[0])
		fprintf(out, " # ERROR the kernel crashed");
	fprintf(out, "\n");
	return status;
}

int session_print_each(FILE *out, const struct session *s,
		       const struct run_info *run,
		       const struct report_options *opt)
{
	int i, failed = 0, boots = s->boot ? s->boot : 1;
	const char *plural = boots == 1 ? "" : "s";

	fprintf(out, "KTAP version 1\n");
	fprintf(out, "# modrun: kernel %s", s->nr_seg && s->seg[0].guest.release ?
		s->seg[0].guest.release : "?");
	if (run->accel)
		fprintf(out, " from %s, accel %s, timeout %g s per module",
			run->kernel_dir, run->accel, run->timeout);
	fprintf(out, ", --each: %d modules in %d boot%s\n", s->nr_seg, boots,
		plural);
	if (run->note && *run->note)
		fprintf(out, "# %s\n", run->note);
	fprintf(out, "1..%d\n", s->nr_seg);
	for (i = 0; i < s->nr_seg; i++)
		failed += print_subtest(out, &s->seg[i], i + 1, run, opt,
					s->parsed) != 0;
	if (run->wall >= 0)
		fprintf(out, "# time: %.2f s wall for %d modules in %d boot%s\n",
			run->wall, s->nr_seg, boots, plural);
	if (failed)
		fprintf(out, "# FAIL: %d of %d modules failed\n", failed,
			s->nr_seg);
	else
		fprintf(out, "# PASS: all %d modules passed\n", s->nr_seg);
	fflush(out);
	return failed ? 1 : 0;
}
