// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "test-lib.h"

static int test_count;
static int test_failed;
static bool current_failed;

void test_begin(void)
{
	current_failed = false;
	fflush(stdout);
}

void test_end(const char *fmt, ...)
{
	va_list ap;

	test_count++;
	if (current_failed)
		test_failed++;
	printf("%sok %d - ", current_failed ? "not " : "", test_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

int test_done(void)
{
	printf("1..%d\n", test_count);
	if (test_failed)
		printf("# failed %d of %d tests\n", test_failed, test_count);
	return test_failed ? 1 : 0;
}

bool check_bool_loc(const char *loc, const char *expr, bool ok)
{
	if (!ok) {
		current_failed = true;
		printf("# check \"%s\" failed at %s\n", expr, loc);
	}
	return ok;
}

static bool compare(long long a, const char *op, long long b)
{
	if (!strcmp(op, "=="))
		return a == b;
	if (!strcmp(op, "!="))
		return a != b;
	if (!strcmp(op, "<"))
		return a < b;
	if (!strcmp(op, "<="))
		return a <= b;
	if (!strcmp(op, ">"))
		return a > b;
	if (!strcmp(op, ">="))
		return a >= b;
	printf("# unknown operator %s\n", op);
	return false;
}

bool check_int_loc(const char *loc, const char *expr, long long a,
		   const char *op, long long b)
{
	bool ok = compare(a, op, b);

	if (!ok) {
		check_bool_loc(loc, expr, false);
		printf("#    left: %lld\n#   right: %lld\n", a, b);
	}
	return ok;
}

bool check_str_loc(const char *loc, const char *expr, const char *a,
		   const char *b)
{
	bool ok = a && b ? strcmp(a, b) == 0 : a == b;

	if (!ok) {
		check_bool_loc(loc, expr, false);
		printf("#    left: \"%s\"\n#   right: \"%s\"\n",
		       a ? a : "(null)", b ? b : "(null)");
	}
	return ok;
}
