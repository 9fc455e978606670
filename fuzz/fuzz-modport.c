// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-modport: modport's whole port of one file - tokenize, every rule,
 * rewrite, the diff, and the port of the result again - on bytes from
 * AFL++ (persistent mode, built with afl-cc by `make fuzz`) or, built
 * with a plain compiler, on each file named on the command line (the
 * regression replay of tests/fuzz.t, under ASan and UBSan).
 *
 * A crash, a sanitizer report, or an abort() below is a finding:
 * overlapping edits (rewrite() fails with EINVAL), or an error that is not
 * a lack of memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../modport/diff.h"
#include "../modport/rewrite.h"
#include "../modport/rules.h"
#include "../modport/token.h"

static FILE *devnull;

/* Port buf; the fixed text in *out (malloc'ed) when there are edits. */
static void port_once(const char *buf, size_t len, char **out, size_t *out_len)
{
	struct port_opts opts = { .license = "GPL" };
	struct token_list tl = { 0 };
	struct port p = { 0 };

	*out = NULL;
	if (tokenize(buf, len, &tl)) {
		token_list_free(&tl);
		return;
	}
	if (port_file("fuzz.c", buf, len, &tl, &opts, &p)) {
		if (errno != ENOMEM)
			abort();
	} else if (p.nr_e && p.open_pos == (size_t)-1) {
		errno = 0;
		*out = rewrite(buf, len, p.e, p.nr_e, out_len);
		if (!*out && errno != ENOMEM)
			abort();	/* overlapping edits */
	}
	port_free(&p);
	token_list_free(&tl);
}

static void one_input(const unsigned char *data, size_t len)
{
	char *buf = malloc(len + 1), *fixed, *again;
	size_t fixed_len, again_len;

	if (!buf)
		return;
	memcpy(buf, data, len);
	buf[len] = '\0';
	port_once(buf, len, &fixed, &fixed_len);
	if (fixed) {
		diff_print(devnull, "fuzz.c", buf, len, fixed, fixed_len);
		port_once(fixed, fixed_len, &again, &again_len);
		free(again);
		free(fixed);
	}
	free(buf);
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
