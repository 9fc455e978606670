// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg.h"
#include "ktap.h"

static void step_free(struct guest_step *s)
{
	free(s->what);
	free(s->module);
	free(s->params);
	free(s->error);
	free(s->module_taint);
	free(s->status);
}

static void pending_reset(struct guest_report *r)
{
	memset(&r->pending, 0, sizeof(r->pending));
	r->pending.sysfs = -1;
	r->pending.log_first = r->nr_log;
	r->pending.out_first = r->nr_out;
}

void ktap_init(struct guest_report *r)
{
	memset(r, 0, sizeof(*r));
	r->plan = -1;
	r->taint_before = -1;
	r->taint_after = -1;
	pending_reset(r);
}

void ktap_free(struct guest_report *r)
{
	size_t i;

	for (i = 0; i < r->nr_steps; i++)
		step_free(&r->steps[i]);
	free(r->steps);
	step_free(&r->pending);
	for (i = 0; i < r->nr_out; i++)
		free(r->out[i]);
	free(r->out);
	for (i = 0; i < r->nr_log; i++) {
		free(r->log[i].time);
		free(r->log[i].text);
	}
	free(r->log);
	free(r->release);
	free(r->init_clock);
	ktap_init(r);
}

static const char *skip_prefix(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(s, prefix, n) ? NULL : s + n;
}

static void set_str(char **dst, const char *src)
{
	free(*dst);
	*dst = strdup(src);
}

bool ktap_parse_result(const char *line, struct ktap_result *res)
{
	const char *p = line, *hash;
	char *end;
	long n;
	size_t len;

	memset(res, 0, sizeof(*res));
	res->ok = true;
	if (!strncmp(p, "not ", 4)) {
		res->ok = false;
		p += 4;
	}
	if (strncmp(p, "ok ", 3))
		return false;
	p += 3;
	if (!isdigit((unsigned char)*p))
		return false;
	n = strtol(p, &end, 10);
	if (n <= 0 || n > 1000000)
		return false;
	res->number = (int)n;
	p = end;
	if (*p == ' ')
		p++;
	if (!strncmp(p, "- ", 2))
		p += 2;
	hash = strstr(p, " # ");
	len = hash ? (size_t)(hash - p) : strlen(p);
	snprintf(res->name, sizeof(res->name), "%.*s", (int)len, p);
	if (hash)
		snprintf(res->directive, sizeof(res->directive), "%s", hash + 3);
	return true;
}

static void add_log(struct guest_report *r, const char *s)
{
	struct log_record rec, *log;

	if (!kmsg_parse_record(s, &rec)) {
		r->errors++;
		return;
	}
	log = realloc(r->log, (r->nr_log + 1) * sizeof(*log));
	if (!log) {
		free(rec.time);
		free(rec.text);
		r->errors++;
		return;
	}
	r->log = log;
	r->log[r->nr_log++] = rec;
}

static void add_out(struct guest_report *r, const char *s)
{
	char **out = realloc(r->out, (r->nr_out + 1) * sizeof(*out));

	if (!out || !(out[r->nr_out] = strdup(s))) {
		if (out)
			r->out = out;
		r->errors++;
		return;
	}
	r->out = out;
	r->nr_out++;
}

static bool grow_steps(struct guest_report *r)
{
	struct guest_step *steps;
	size_t size = r->steps_size ? 2 * r->steps_size : 16;

	if (r->nr_steps < r->steps_size)
		return true;
	steps = realloc(r->steps, size * sizeof(*steps));
	if (!steps)
		return false;
	r->steps = steps;
	r->steps_size = size;
	return true;
}

/* "# module-taint NAME: OE" and "# sysfs NAME: present" carry a value. */
static const char *value_after_colon(const char *s)
{
	const char *colon = strstr(s, ": ");

	return colon ? colon + 2 : NULL;
}

static void parse_result_line(struct guest_report *r, const char *line)
{
	struct ktap_result res;
	struct guest_step *s = &r->pending;
	char *space;

	if (!ktap_parse_result(line, &res)) {
		r->errors++;
		return;
	}
	if (res.number != (int)r->nr_steps + 1 || !grow_steps(r)) {
		r->errors++;
		return;
	}
	s->number = res.number;
	s->ok = res.ok;
	s->skip = !strncmp(res.directive, "SKIP", 4);
	space = strchr(res.name, ' ');
	if (space) {
		*space = '\0';
		set_str(&s->module, space + 1);
	}
	set_str(&s->what, res.name);
	s->log_count = r->nr_log - s->log_first;
	s->out_count = r->nr_out - s->out_first;
	r->steps[r->nr_steps++] = *s;
	pending_reset(r);
}

/* "# loading NAME": the step the next result line closes. */
static void pending_step(struct guest_report *r, const char *what,
			 const char *name)
{
	set_str(&r->pending.what, what);
	set_str(&r->pending.module, name);
}

static void parse_diagnostic(struct guest_report *r, const char *d)
{
	const char *v;

	if ((v = skip_prefix(d, "log ")))
		add_log(r, v);
	else if ((v = skip_prefix(d, "out: ")) || !strcmp(d, "out:"))
		add_out(r, v ? v : "");
	else if ((v = skip_prefix(d, "status: ")))
		set_str(&r->pending.status, v);
	else if ((v = skip_prefix(d, "loading ")))
		pending_step(r, "load", v);
	else if ((v = skip_prefix(d, "unloading ")))
		pending_step(r, "unload", v);
	else if ((v = skip_prefix(d, "parameters: ")))
		set_str(&r->pending.params, v);
	else if ((v = skip_prefix(d, "exec: ")))
		pending_step(r, "exec", v);
	else if ((v = skip_prefix(d, "error: ")))
		set_str(&r->pending.error, v);
	else if (skip_prefix(d, "module-taint ") && (v = value_after_colon(d)))
		set_str(&r->pending.module_taint, v);
	else if (skip_prefix(d, "sysfs ") && (v = value_after_colon(d)))
		r->pending.sysfs = !strcmp(v, "present");
	else if ((v = skip_prefix(d, "kernel-taint before: ")))
		r->taint_before = strtoll(v, NULL, 10);
	else if ((v = skip_prefix(d, "kernel-taint after: ")))
		r->taint_after = strtoll(v, NULL, 10);
	else if ((v = skip_prefix(d, "modrun-init: kernel ")))
		set_str(&r->release, v);
	else if ((v = skip_prefix(d, "init-clock: ")))
		set_str(&r->init_clock, v);
	else if (!strcmp(d, "modrun-init: done"))
		r->done = true;
}

void ktap_parse_line(struct guest_report *r, const char *raw)
{
	char line[8192];
	const char *start;
	size_t n;

	snprintf(line, sizeof(line), "%s", raw);
	n = strlen(line);
	while (n && (line[n - 1] == '\r' || line[n - 1] == '\n'))
		line[--n] = '\0';
	if (!r->started) {
		/* Anything before the version line (a prefix, noise) is skipped. */
		start = strstr(line, "KTAP version ");
		if (!start)
			start = strstr(line, "TAP version ");
		r->started = start != NULL;
		return;
	}
	if (r->done)
		return;
	if (!strncmp(line, "# ", 2))
		parse_diagnostic(r, line + 2);
	else if (!strncmp(line, "1..", 3))
		r->plan = atoi(line + 3);
	else if (!strncmp(line, "ok ", 3) || !strncmp(line, "not ok ", 7))
		parse_result_line(r, line);
}

void ktap_parse_text(struct guest_report *r, const char *text)
{
	const char *nl;
	char line[8192];
	size_t n;

	while (*text) {
		nl = strchr(text, '\n');
		n = nl ? (size_t)(nl - text) : strlen(text);
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, text, n);
		line[n] = '\0';
		ktap_parse_line(r, line);
		if (!nl)
			break;
		text = nl + 1;
	}
}
