// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-modrun-parse: what `modrun parse -` does with a saved log - every
 * line through the session (segments, --each, boots, the console's crash
 * markers), then the verdict printed as KTAP - on bytes from AFL++
 * (persistent mode, `make fuzz`) or, built with a plain compiler, on each
 * file named on the command line (tests/fuzz.t, under ASan and UBSan).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../modrun/report.h"
#include "../modrun/session.h"
#include "../modrun/taint.h"

static FILE *devnull;

static void one_input(const unsigned char *data, size_t len)
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
		session_print_each(devnull, &ss, &run, &ro);
	} else {
		run.end = ss.seg[0].guest.done ? VM_POWERED_OFF : ss.seg[0].end;
		report_print(devnull, &ss.seg[0].guest, &ss.seg[0].console, &run,
			     &ro);
	}
	session_free(&ss);
}

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();

int main(void)
{
	unsigned char *data;

	devnull = fopen("/dev/null", "w");
	__AFL_INIT();
	data = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(100000))
		one_input(data, (size_t)__AFL_FUZZ_TESTCASE_LEN);
	return 0;
}
#else
int main(int argc, char **argv)
{
	static unsigned char data[1 << 20];
	int i;

	devnull = fopen("/dev/null", "w");
	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		size_t n;

		if (!f) {
			perror(argv[i]);
			return 2;
		}
		n = fread(data, 1, sizeof(data), f);
		fclose(f);
		one_input(data, n);
	}
	return 0;
}
#endif
