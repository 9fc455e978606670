// SPDX-License-Identifier: GPL-2.0
/*
 * main() of every fuzzing harness: under AFL++ (built with afl-cc by
 * `make fuzz`) a persistent loop over the inputs AFL puts in shared memory;
 * built with a plain compiler, a replay of each file named on the command
 * line (tests/fuzz.t, under ASan and UBSan).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

FILE *fuzz_devnull;

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();

int main(void)
{
	unsigned char *data;

	fuzz_devnull = fopen("/dev/null", "w");
	__AFL_INIT();
	data = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(100000))
		fuzz_one(data, (size_t)__AFL_FUZZ_TESTCASE_LEN);
	return 0;
}
#else
int main(int argc, char **argv)
{
	static unsigned char data[1 << 20];
	const char *show = getenv("FUZZ_OUTPUT");
	int i;

	/* FUZZ_OUTPUT=- shows what the target prints (tests/null.t). */
	fuzz_devnull = show && !strcmp(show, "-") ? stdout :
		       fopen("/dev/null", "w");
	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		size_t n;

		if (!f) {
			perror(argv[i]);
			return 2;
		}
		n = fread(data, 1, sizeof(data), f);
		fclose(f);
		fuzz_one(data, n);
	}
	return 0;
}
#endif
