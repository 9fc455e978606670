// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-modrun-parse: what `modrun parse -` does with a saved log - every
 * line through the session (segments, --each, boots, the console's crash
 * markers), then the verdict printed as KTAP - on bytes from AFL++
 * or from files (fuzz/harness.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "../modrun/report.h"
#include "../modrun/session.h"
#include "../modrun/taint.h"

void fuzz_one(const unsigned char *data, size_t len)
{
	static const char *expect[] = { "Hello, world" };
	struct session ss;
	struct run_info run = { .end = VM_EXITED, .wall = -1, .timeout = 60 };
	struct report_options ro = { .expect = expect, .nr_expect = 1,
				     .forbid_mask = taint_mask("PDWL") };
	char line[8192];
	FILE *f;

	if (!len)
		return;
	f = fmemopen((void *)data, len, "r");
	if (!f)
		return;
	session_init_parsed(&ss);
	ss.timeout = 60;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		session_saved_line(&ss, line);
	}
	fclose(f);
	run.timeout = ss.timeout;
	if (ss.each) {
		session_print_each(fuzz_devnull, &ss, &run, &ro);
	} else {
		run.end = ss.seg[0].guest.done ? VM_POWERED_OFF : ss.seg[0].end;
		report_print(fuzz_devnull, &ss.seg[0].guest, &ss.seg[0].console, &run,
			     &ro);
	}
	session_free(&ss);
}
