/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small TAP library for the C unit tests, in the manner of git's
 * t/unit-tests/test-lib.h:
 *
 *	TEST(test_parse_plan(), "a plan line is parsed");
 *	...
 *	return test_done();
 *
 * Inside a test function, check(), check_int() and check_str() record a
 * failure with the expression, file:line and both values as # lines.
 */
#ifndef TEST_LIB_H
#define TEST_LIB_H

#include <stdbool.h>

#define TEST(call, ...) \
	do { \
		test_begin(); \
		call; \
		test_end(__VA_ARGS__); \
	} while (0)

void test_begin(void);
void test_end(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int test_done(void);

bool check_bool_loc(const char *loc, const char *expr, bool ok);
bool check_int_loc(const char *loc, const char *expr, long long a,
		   const char *op, long long b);
bool check_str_loc(const char *loc, const char *expr, const char *a,
		   const char *b);

#define TEST_STR_(x) #x
#define TEST_STR(x) TEST_STR_(x)
#define TEST_LOC __FILE__ ":" TEST_STR(__LINE__)

#define check(x) check_bool_loc(TEST_LOC, #x, (x))
/* Each operand is evaluated once; op is one of == != < <= > >=. */
#define check_int(a, op, b) \
	check_int_loc(TEST_LOC, #a " " #op " " #b, (a), #op, (b))
#define check_str(a, b) check_str_loc(TEST_LOC, #a " == " #b, (a), (b))

#endif
