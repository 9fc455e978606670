// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of modport's kversion: targets, LINUX_VERSION_CODE conditions
 * over a range of kernels, and conditionals resolved for a target.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../modport/kversion.h"
#include "../../modport/rewrite.h"
#include "../../modport/token.h"
#include "test-lib.h"

static struct token_list tl;

static struct kv_range target(const char *s)
{
	struct kv_range r = { 0, 0 };

	check_int(kv_parse_target(s, &r), ==, 0);
	return r;
}

static void test_targets(void)
{
	static const char *const bad[] = {
		"", "6", "6.", "6.1.", ".6.1", "6..1", "7.3..6.1", "a.b",
		"6.256", "6.1..", "..6.1", "6.1.2.3", "6.1 ", "-6.1", "6.01x",
		"6.1..7.3..8.0",
	};
	struct kv_range r;
	char buf[48];
	size_t k;

	r = target("6.1");
	check_int(r.lo, ==, KV(6, 1, 0));
	check_int(r.hi, ==, KV(6, 1, 255));
	r = target("6.1.20");
	check_int(r.lo, ==, KV(6, 1, 20));
	check_int(r.hi, ==, KV(6, 1, 20));
	r = target("5.10..7.3");
	check_int(r.lo, ==, KV(5, 10, 0));
	check_int(r.hi, ==, KV(7, 3, 255));
	r = target(KV_DEFAULT_TARGET);
	check_int(r.lo, ==, KV(6, 1, 0));
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		check_int(kv_parse_target(bad[k], &r), ==, -EINVAL);
	r = target("6.12");
	kv_format_range(&r, buf, sizeof(buf));
	check_str(buf, "6.12");
	r = target("6.1..7.3");
	kv_format_range(&r, buf, sizeof(buf));
	check_str(buf, "6.1..7.3");
	r = target("6.1.4..6.12");
	kv_format_range(&r, buf, sizeof(buf));
	check_str(buf, "6.1.4..6.12");
	r = target("6.1.4");
	kv_format_range(&r, buf, sizeof(buf));
	check_str(buf, "6.1.4");
	/* remembered, the last range: asked again, and cut as snprintf() */
	kv_format_range(&r, buf, sizeof(buf));
	check_str(buf, "6.1.4");
	kv_format_range(&r, buf, 4);
	check_str(buf, "6.1");
	r = target("6.12");
	kv_format_range(&r, buf, sizeof(buf));
	check_str(buf, "6.12");
}

static const char *eval(const char *cond, const char *range)
{
	struct kv_range r = target(range);

	check_int(tokenize(cond, strlen(cond), &tl), ==, 0);
	return kv_truth_name(kv_eval(cond, tl.tok, tl.nr - 1, &r));
}

#define LVC "LINUX_VERSION_CODE"

static void test_eval(void)
{
	check_str(eval(LVC " >= KERNEL_VERSION(2,6,0)", "6.1..7.3"), "true");
	check_str(eval(LVC " < KERNEL_VERSION(2, 6, 0)", "6.1..7.3"), "false");
	check_str(eval(LVC " >= KERNEL_VERSION(6,2,0)", "6.1..7.3"), "depends");
	check_str(eval(LVC " >= KERNEL_VERSION(6,2,0)", "6.12"), "true");
	check_str(eval(LVC " >= KERNEL_VERSION(6,2,0)", "6.1"), "false");
	check_str(eval(LVC " >= KERNEL_VERSION(6,1,10)", "6.1"), "depends");
	check_str(eval(LVC " >= KERNEL_VERSION(6,1,10)", "6.1.20"), "true");
	check_str(eval(LVC " > KERNEL_VERSION(6,1,300)", "6.1"), "false");
	check_str(eval(LVC " >= KERNEL_VERSION(6,1,300)", "6.1"), "depends");
	check_str(eval("KERNEL_VERSION(2,6,0) <= " LVC, "6.1"), "true");
	check_str(eval("(" LVC " < 0x020600)", "6.1..7.3"), "false");
	check_str(eval(LVC " >= 132608UL", "6.1"), "true");
	check_str(eval("!(" LVC " < KERNEL_VERSION(3,0,0))", "6.1"), "true");
	check_str(eval(LVC " == KERNEL_VERSION(6,12,0)", "6.12"), "depends");
	check_str(eval(LVC " != KERNEL_VERSION(2,4,0)", "6.12"), "true");
	check_str(eval(LVC " > KERNEL_VERSION(6,1,0) && " LVC
		       " < KERNEL_VERSION(6,2,0)", "6.1..7.3"), "depends");
	check_str(eval(LVC " > KERNEL_VERSION(6,1,0) && " LVC
		       " < KERNEL_VERSION(6,2,0)", "6.12..7.3"), "false");
	check_str(eval(LVC " < KERNEL_VERSION(2,6,0) || " LVC
		       " >= KERNEL_VERSION(6,1,0)", "6.1..7.3"), "true");
	/* Three-valued: what does not depend on the unknown is decided. */
	check_str(eval(LVC " >= KERNEL_VERSION(2,6,0) || defined(CONFIG_X)",
		       "6.1"), "true");
	check_str(eval(LVC " < KERNEL_VERSION(2,6,0) && CONFIG_X", "6.1"),
		  "false");
	check_str(eval(LVC " < KERNEL_VERSION(2,6,0) || defined CONFIG_X",
		       "6.1"), "unknown");
	check_str(eval("defined(CONFIG_X) && " LVC " > 0", "6.1"), "unknown");
	check_str(eval("FOO(1, 2) && " LVC " > 0", "6.1"), "unknown");
	/* Outside the subset: arithmetic, ?:, a lone operator. */
	check_str(eval(LVC " + 1 > 5", "6.1"), "unknown");
	check_str(eval(LVC " >> 16 >= 6", "6.1"), "unknown");
	check_str(eval(LVC " ? 1 : 0", "6.1"), "unknown");
	check_str(eval(LVC " >=", "6.1"), "unknown");
	check_str(eval("(" LVC " > 0", "6.1"), "unknown");
	check_str(eval("KERNEL_VERSION(2,6) < " LVC, "6.1"), "unknown");
	check_str(eval("", "6.1"), "unknown");
	check_str(eval(LVC " /* c */ >= KERNEL_VERSION(2,6,0)", "6.1"), "true");
}

/* The file after the resolution for range. */
static const char *resolve(const char *src, const char *range)
{
	static char *last;
	struct kv_range r = target(range);
	struct port p = { 0 };
	size_t len;

	free(last);
	last = NULL;
	check_int(tokenize(src, strlen(src), &tl), ==, 0);
	check_int(kv_resolve(src, strlen(src), &tl, &r, &p), ==, 0);
	last = p.nr_e ? rewrite(src, strlen(src), p.e, p.nr_e, &len) :
			strdup(src);
	check(last != NULL);
	port_free(&p);
	return last ? last : "(rewrite failed)";
}

#define OLD "#if " LVC " < KERNEL_VERSION(2,6,0)\n"
#define NEW "#if " LVC " >= KERNEL_VERSION(2,6,0)\n"
#define MID "#if " LVC " >= KERNEL_VERSION(6,2,0)\n"

static void test_resolve(void)
{
	check_str(resolve(OLD "old();\n#else\nnew();\n#endif\nrest;\n",
			  "6.1..7.3"), "new();\nrest;\n");
	check_str(resolve(NEW "new();\n#else /* 2.4 */\nold();\n#endif /* v */\n",
			  "6.1"), "new();\n");
	check_str(resolve(MID "a();\n#else\nb();\n#endif\n", "6.1..7.3"),
		  MID "a();\n#else\nb();\n#endif\n");
	check_str(resolve(MID "a();\n#else\nb();\n#endif\n", "6.12..7.3"),
		  "a();\n");
	check_str(resolve(MID "a();\n#else\nb();\n#endif\n", "6.1"), "b();\n");
	/* ? then true: the true one becomes #else, the rest goes. */
	check_str(resolve(MID "a\n#elif " LVC " > 0\nb\n#elif X\nc\n#endif\n",
			  "6.1..7.3"),
		  MID "a\n#else\nb\n#endif\n");
	/* false then ?: the #elif becomes the #if. */
	check_str(resolve(OLD "a\n#elif defined(X)\nb\n#else\nc\n#endif\n",
			  "6.1"), "#if defined(X)\nb\n#else\nc\n#endif\n");
	check_str(resolve(OLD "a\n#elifdef X\nb\n#endif\n", "6.1"),
		  "#ifdef X\nb\n#endif\n");
	/* Nothing left: the whole group goes. */
	check_str(resolve(OLD "a\n#elif " LVC " < 0x020400\nb\n#endif\nc\n",
			  "6.1"), "c\n");
	/* Nested: in a kept #ifdef, in a removed branch. */
	check_str(resolve("#ifdef X\n" OLD "a\n#endif\nb\n#endif\n", "6.1"),
		  "#ifdef X\nb\n#endif\n");
	check_str(resolve(OLD "#if " LVC " < 0x020400\nx\n#endif\ny\n#else\nz\n#endif\n",
			  "6.1"), "z\n");
	check_str(resolve(NEW "#ifndef Y\n" OLD "x\n#else\ny\n#endif\n#endif\n#endif\n",
			  "6.1"), "#ifndef Y\ny\n#endif\n");
	/* Left alone: #if 0, a group without #endif, #if X with an unknown. */
	check_str(resolve("#if 0\na\n#endif\n", "6.1"), "#if 0\na\n#endif\n");
	check_str(resolve(OLD "a\n", "6.1"), OLD "a\n");
	check_str(resolve("#if X\n" OLD "a\n#endif\n", "6.1"),
		  "#if X\n" OLD "a\n#endif\n");
	/* Splices and CRLF. */
	check_str(resolve("#if " LVC " < \\\n KERNEL_VERSION(2,6,0)\r\na\r\n#endif\r\nb\r\n",
			  "6.1"), "b\r\n");
	/* A directive after a comment on its line keeps the comment. */
	check_str(resolve("/* c */ " OLD "a\n#endif\n", "6.1"), "/* c */ ");
}

static void test_merge(void)
{
	const char *src = OLD "old();\n#else\nnew();\n#endif\n";
	struct kv_range r = target("6.1");
	struct port p = { 0 }, kv = { 0 };
	size_t len;
	char *out;

	check_int(tokenize(src, strlen(src), &tl), ==, 0);
	p.e = calloc(2, sizeof(*p.e));
	p.alloc_e = 2;
	p.e[p.nr_e++] = (struct edit){ .pos = strlen(OLD), .del = 3,
				       .seq = 1, .text = strdup("OLD") };
	p.e[p.nr_e++] = (struct edit){ .pos = strlen(src) - strlen("new();\n#endif\n"),
				       .del = 3, .seq = 2, .text = strdup("NEW") };
	check_int(kv_resolve(src, strlen(src), &tl, &r, &kv), ==, 0);
	check_int(kv_merge(&p, &kv), ==, 0);
	out = rewrite(src, strlen(src), p.e, p.nr_e, &len);
	check_str(out ? out : "", "NEW();\n");
	check_int(kv.nr_e, ==, 0);
	check_int(p.nr_f, ==, 1);
	if (p.nr_f)
		check_str(rule_name(p.f[0].rule), "version-conditional");
	free(out);
	port_free(&p);
	port_free(&kv);
}

int main(void)
{
	TEST(test_targets(), "targets: A.B, A.B.C, LO..HI, and bad ones");
	TEST(test_eval(), "conditions over a range: true, false, depends, unknown");
	TEST(test_resolve(), "conditionals resolved for a target");
	TEST(test_merge(), "merge: rule edits in removed code are dropped");
	token_list_free(&tl);
	return test_done();
}
