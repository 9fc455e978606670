// SPDX-License-Identifier: GPL-2.0
/* Unit tests of modport: the tokenizer, positions, names, rewrite, diff. */
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../../modport/atlas.h"
#include "../../modport/decl.h"
#include "../../modport/engine.h"
#include "../../modport/diag.h"
#include "../../modport/diff.h"
#include "../../modport/rewrite.h"
#include "../../modport/rules.h"
#include "../../modport/source.h"
#include "../../modport/include.h"
#include "../../modport/inclines.h"
#include "../../modport/idindex.h"
#include "../../modport/hashset.h"
#include "../../modport/hashspan.h"
#include "../../modport/hdrcache.h"
#include "../../modport/hdrindex.h"
#include "../../modport/hdrsum.h"
#include "../../modport/harvest.h"
#include "../../modport/nameset.h"
#include "../../modport/ppdirs.h"
#include "../../modport/token.h"
#include "../../modport/walk.h"
#include "test-lib.h"

static struct token_list tl;

/* Tokenize s; returns the number of tokens without the EOF sentinel. */
static size_t lex(const char *s)
{
	check_int(tokenize(s, strlen(s), &tl), ==, 0);
	return tl.nr - 1;
}

/* "type:spelling" of token i, for check_str. */
static const char *show(const char *s, size_t i)
{
	static char buf[256];
	const struct token *t = &tl.tok[i];

	snprintf(buf, sizeof(buf), "%s:%.*s", show_token_type(t->type),
		 (int)t->len, s + t->pos);
	return buf;
}

static void test_kinds(void)
{
	const char *s = "int x = 0x1p-3 + 1e+5; /* c */ s->a... 'q' // end";

	check_int(lex(s), ==, 14);
	check_str(show(s, 0), "ident:int");
	check_str(show(s, 3), "number:0x1p-3");
	check_str(show(s, 5), "number:1e+5");
	check_str(show(s, 7), "comment:/* c */");
	check_str(show(s, 9), "special:->");
	check_str(show(s, 11), "special:...");
	check_str(show(s, 12), "char:'q'");
	check_str(show(s, 13), "comment:// end");
	check_int(tl.tok[14].type, ==, TOKEN_EOF);
	check_int(tl.tok[14].pos, ==, strlen(s));
}

static void test_punctuators(void)
{
	const char *s = "<<= >>= << >> <= >= == != && || ++ -- -> -= += *= /= %= &= ^= |= ## ... .. <> ::";
	const char *want[] = {
		"<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
		"++", "--", "->", "-=", "+=", "*=", "/=", "%=", "&=", "^=",
		"|=", "##", "...", ".", ".", "<", ">", ":", ":",
	};
	char buf[64];
	size_t k;

	check_int(lex(s), ==, sizeof(want) / sizeof(want[0]));
	for (k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		snprintf(buf, sizeof(buf), "special:%s", want[k]);
		check_str(show(s, k), buf);
	}
}

/*
 * Every rule of rules.def is reported by exactly one registered family -
 * but the kbuild-* rules, which buildfile.c applies to Makefiles and Kbuild
 * files, outside the C engine.
 */
static void test_rule_table(void)
{
	int owners[NR_RULES] = { 0 }, r;
	size_t k, j;

	for (k = 0; k < family_count(); k++) {
		const struct family *f = family_at(k);

		for (j = 0; f->rules[j] != NR_RULES; j++)
			owners[f->rules[j]]++;
		check(f->run != NULL);
		if (k)	/* in the order of their first rule */
			check(family_at(k - 1)->rules[0] < f->rules[0]);
	}
	for (r = 0; r < NR_RULES; r++) {
		check_int(owners[r], ==, strncmp(rule_name(r), "kbuild-", 7) ? 1 : 0);
		check(rule_lookup(rule_name(r), strlen(rule_name(r))) == r);
	}
	check_int(rule_lookup("no-such-rule", 12), ==, -1);
	check_int(kernel_version("2.6.17"), ==, KV(2, 6, 17));
	check_int(kernel_version("6.1"), ==, KV(6, 1, 0));
	check_int(kernel_version("6"), ==, -1);
	check_int(kernel_version("6.1x"), ==, -1);
}

static void test_strings(void)
{
	const char *s = "u8\"a\\\"b\" L'x' \"open\nnext";

	check_int(lex(s), ==, 4);
	check_str(show(s, 0), "string:u8\"a\\\"b\"");
	check_str(show(s, 1), "char:L'x'");
	check_str(show(s, 2), "string:\"open");
	check(tl.tok[2].flags & TF_OPEN);
	check_str(show(s, 3), "ident:next");
	check(!(tl.tok[3].flags & TF_OPEN));
}

/* The declaration of name in s, as "base/pointers/dims/const", or "none". */
static const char *decl_of(const char *s, const char *name)
{
	static char buf[128];
	struct decl_table dt = { 0 };
	const struct decl *d;

	lex(s);
	check_int(decl_parse_code(s, &tl, &dt), ==, 0);
	d = decl_lookup(&dt, s, &tl, name, strlen(name));
	if (d)
		snprintf(buf, sizeof(buf), "%s/%u/%u/%s", d->base, d->pointers,
			 d->dims, d->is_const ? "const" : "-");
	else
		snprintf(buf, sizeof(buf), "none");
	decl_free(&dt);
	return buf;
}

/* File-scope declarations: lists, attributes, arrays, what is not one. */
static void test_decls(void)
{
	const char *s =
		"static int a, b[4] = { 1, 2 }, *c;\n"
		"static unsigned long io __initdata = 0x300;\n"
		"static const char *mode[2][8];\n"
		"struct cfg { int member; } cfg;\n"
		"int f(int param) { int local; return local; }\n"
		"MODULE_AUTHOR(\"x\")\n"
		"static short after_macro;\n"
		"typedef int not_an_object;\n"
		"x = 5;\n";

	check_str(decl_of(s, "a"), "int/0/0/-");
	check_str(decl_of(s, "b"), "int/0/1/-");
	check_str(decl_of(s, "c"), "int/1/0/-");
	check_str(decl_of(s, "io"), "unsigned long/0/0/-");
	check_str(decl_of(s, "mode"), "char/1/2/const");
	check_str(decl_of(s, "cfg"), "struct cfg/0/0/-");
	check_str(decl_of(s, "member"), "none");
	check_str(decl_of(s, "param"), "none");
	check_str(decl_of(s, "local"), "none");
	check_str(decl_of(s, "f"), "none");
	check_str(decl_of(s, "after_macro"), "short/0/0/-");
	check_str(decl_of(s, "not_an_object"), "none");
	check_str(decl_of(s, "x"), "none");
	check_str(decl_of("extern \"C\" {\nstatic int in_c;\n}\n", "in_c"),
		  "int/0/0/-");
	/* both arms of an #ifdef open a brace: the first-column } ends it */
	check_str(decl_of("void g(void)\n{\n#ifdef A\n\tif (a) {\n#else\n"
			  "\tif (b) {\n#endif\n\t}\n}\nstatic int late;\n",
			  "late"), "int/0/0/-");
}

/* GCC 2 strings over lines: one token, unless a directive line comes first. */
static void test_multiline_strings(void)
{
	const char *s = "asm(\"nop\n\tnop\n\") x";
	const char *guarded = "a = \"open\n#define B \"c\"\n";

	check_int(lex(s), ==, 5);
	check_str(show(s, 2), "string:\"nop\n\tnop\n\"");
	check(tl.tok[2].flags & TF_NEWLINE);
	check(!(tl.tok[2].flags & TF_OPEN));
	check_str(show(s, 4), "ident:x");
	check(!(tl.tok[4].flags & TF_BOL));
	check_int(lex(guarded), ==, 7);
	check_str(show(guarded, 2), "string:\"open");
	check(tl.tok[2].flags & TF_OPEN);
	check(!(tl.tok[2].flags & TF_NEWLINE));
	check(tl.tok[3].flags & TF_BOL);
}

static void test_directives(void)
{
	const char *s = "/* c */ # define A \\\n 1\n#include <linux/init.h>\nint";

	check_int(lex(s), ==, 9);
	check(tl.tok[1].flags & TF_BOL);	/* '#' after a comment */
	check(tl.tok[1].flags & TF_PP);
	check_str(show(s, 4), "number:1");
	check(tl.tok[4].flags & TF_PP);		/* the splice continues it */
	check(!(tl.tok[4].flags & TF_BOL));
	check_str(show(s, 6), "ident:include");
	check_str(show(s, 7), "header:<linux/init.h>");
	check_str(show(s, 8), "ident:int");
	check_str(show(s, 9), "eof:");
	check_int(lex("#if a < b\n"), ==, 5);	/* no header outside include */
}

/*
 * A directive ends with its line: after "#include" alone, '<' on the next
 * line is an operator, and so is one after "#import" that is not the
 * directive's second token; '#' starts a directive only first on its
 * line, braces in a directive move no depth, and a line of a directive's
 * keyword and nothing else ends it too.
 */
static void test_directive_ends(void)
{
	const char *s = "#include\n<y> z;\n# include_next <a.h>\n"
			"b # c\n#\n#define O {\n{ #x\n}";

	check_int(lex(s), ==, 22);
	check_str(show(s, 2), "special:<");	/* the next line's */
	check(!(tl.tok[2].flags & TF_PP));
	check_str(show(s, 4), "special:>");
	check_str(show(s, 9), "header:<a.h>");
	check_str(show(s, 11), "special:#");	/* not first on its line */
	check(!(tl.tok[11].flags & TF_PP));
	check(tl.tok[13].flags & TF_PP);	/* the null directive */
	check(tl.tok[13].flags & TF_BOL);
	check_str(show(s, 17), "special:{");	/* #define O { */
	check(tl.tok[17].flags & TF_PP);
	check(!(tl.tok[17].flags & (TF_LBRACE | TF_RBRACE)));	/* no code's */
	check_str(show(s, 18), "special:{");
	check((tl.tok[18].flags & (TF_LBRACE | TF_RBRACE)) == TF_LBRACE);
	check_str(show(s, 21), "special:}");
	check((tl.tok[21].flags & (TF_LBRACE | TF_RBRACE)) == TF_RBRACE);
	check_int(tl.nr_hash, ==, 4);		/* #include, # include_next, #, #define */
	if (check_int(tl.nr_body, ==, 2)) {	/* the code's { ... } only */
		check_str(show(s, tl.body[0]), "special:{");
		check_str(show(s, tl.body[1]), "special:}");
	}
	check_str(show(s, 19), "special:#");	/* "{ #x": not a directive */
	check(!(tl.tok[19].flags & TF_PP));
}

static void test_comments(void)
{
	const char *s = "a // x \\\n y\r\nb /* open";

	check_int(lex(s), ==, 4);
	check_str(show(s, 1), "comment:// x \\\n y");
	check(tl.tok[1].flags & TF_SPLICE);
	check_str(show(s, 2), "ident:b");
	check(tl.tok[3].flags & TF_OPEN);
	check_str(show(s, 3), "comment:/* open");
}

/*
 * Names and comments of every length, at every place their end can take
 * in the tokenizer's 16-byte scans, and at the end of the text.
 */
static void test_wide_scans(void)
{
	static const char name_bytes[] = "aZ09_$\xc3\xa9yq";
	static const char body_bytes[] = "*x/*";	/* never a star-slash */
	static const char *const after[] = { " ", "+", "(", "\n", "" };
	char s[128];
	size_t len, k, a, bad = 0;

	for (len = 1; len <= 40; len++) {
		for (k = 0; k < len; k++)
			s[k] = name_bytes[k % (sizeof(name_bytes) - 1)];
		for (a = 0; a < sizeof(after) / sizeof(after[0]); a++) {
			strcpy(s + len, after[a]);
			lex(s);
			bad += tl.tok[0].type != TOKEN_IDENT || tl.tok[0].len != len;
		}
	}
	check_int(bad, ==, 0);
	for (len = 0; len <= 40; len++) {
		memcpy(s, "/*", 2);
		for (k = 0; k < len; k++)
			s[2 + k] = body_bytes[k % (sizeof(body_bytes) - 1)];
		strcpy(s + 2 + len, "*/b");
		bad += lex(s) != 2 || tl.tok[0].type != TOKEN_COMMENT ||
		       tl.tok[0].len != len + 4 || (tl.tok[0].flags & TF_OPEN) ||
		       tl.tok[1].pos != len + 4;
		s[2 + len] = 0;		/* open to the end */
		bad += lex(s) != 1 || tl.tok[0].len != len + 2 ||
		       !(tl.tok[0].flags & TF_OPEN);
	}
	check_int(bad, ==, 0);
	/* runs of blanks (a register header's alignment), \v \f \r in them */
	for (len = 1; len <= 40; len++) {
		for (a = 0; a < 2; a++) {
			s[0] = 'a';
			for (k = 0; k < len; k++)
				s[1 + k] = s[3 + len + k] =
					a && k == len / 2 ? "\v\f\r"[k % 3] :
					" \t"[k % 2];
			memcpy(s + 1 + len, "b\n", 2);
			strcpy(s + 3 + 2 * len, "#x");	/* the blanks again, first */
			bad += lex(s) != 4 || tl.tok[1].pos != 1 + len ||
			       tl.tok[1].len != 1 || tl.tok[2].pos != 3 + 2 * len ||
			       (tl.tok[2].flags & (TF_BOL | TF_PP)) !=
				       (TF_BOL | TF_PP) ||
			       tl.tok[3].pos != 4 + 2 * len;
		}
	}
	check_int(bad, ==, 0);
}

/* tl.hash lists exactly the tokens with TF_PP and TF_BOL, in order. */
static void test_directive_list(void)
{
	static const char *const texts[] = {
		"#include <a.h>\n/* c */ # define X 1 \\\n y # z\n"
		"  #if 0\nint a; # not\n#endif\n",
		"/* a\n# b */\n#\n#define A(x) #x\n\t#error a # b\n",
		"x # y\n\\\n#define B\n// c \\\n#define C\n#define D '\n#e",
		"", "#", "a\n#",
	};
	size_t k, i, h, bad = 0, seen = 0;

	for (k = 0; k < sizeof(texts) / sizeof(texts[0]); k++) {
		lex(texts[k]);
		for (i = 0, h = 0; i < tl.nr; i++) {
			if ((tl.tok[i].flags & (TF_PP | TF_BOL)) !=
			    (TF_PP | TF_BOL))
				continue;
			seen++;
			bad += h >= tl.nr_hash || tl.hash[h++] != i;
		}
		bad += h != tl.nr_hash;
	}
	check_int(bad, ==, 0);
	check_int(seen, ==, 12);
}

/*
 * token_is() and token_in() of a token with no splice: the whole word,
 * no prefix of it and nothing it is a prefix of; a word list answers for
 * any of its words whatever their order.
 */
static void test_token_words(void)
{
	static const char *const words[] = { "in", "inline", "int", "i" };
	static const char *const none[] = { "inl", "integer", "", "x" };
	const char *s = "int inline in i intx";

	check_int(lex(s), ==, 5);
	check(token_is(s, &tl.tok[0], "int"));
	check(!token_is(s, &tl.tok[0], "in"));
	check(!token_is(s, &tl.tok[0], "intx"));
	check(!token_is(s, &tl.tok[0], ""));
	check(TOKEN_IN(s, &tl.tok[0], words) && TOKEN_IN(s, &tl.tok[1], words) &&
	      TOKEN_IN(s, &tl.tok[2], words) && TOKEN_IN(s, &tl.tok[3], words));
	check(!TOKEN_IN(s, &tl.tok[4], words));
	check(!TOKEN_IN(s, &tl.tok[0], none) && !TOKEN_IN(s, &tl.tok[1], none) &&
	      !TOKEN_IN(s, &tl.tok[2], none) && !TOKEN_IN(s, &tl.tok[3], none));
}

static void test_splice_ident(void)
{
	const char *s = "init_mod\\\r\nule(";

	check_int(lex(s), ==, 2);
	check(tl.tok[0].flags & TF_SPLICE);
	check(token_is(s, &tl.tok[0], "init_module"));
	check(!token_is(s, &tl.tok[0], "init_modul"));
	check(match_op(s, &tl.tok[1], '('));
}

/*
 * The token list's identifiers that may be struct or union: those that
 * spell them, and one with a splice; not a longer or shorter name, nor
 * the word in a comment or a string, nor a string's prefix.
 */
static void test_aggregate_kws(void)
{
	const char *s = "struct a; union b; structs c; unio d; union_e f;\n"
			"/* struct */ \"union\" st\\\nruct g; strukt h; s\\\nx i;\n"
			"#define S struct\n";
	size_t k;

	lex(s);
	if (!check_int(tl.nr_aggr, ==, 5))
		return;
	check(token_is(s, &tl.tok[tl.aggr[0]], "struct"));
	check(token_is(s, &tl.tok[tl.aggr[1]], "union"));
	check(token_is(s, &tl.tok[tl.aggr[2]], "struct"));	/* spliced */
	check(tl.tok[tl.aggr[3]].flags & TF_SPLICE);		/* s\x: a candidate */
	check(token_is(s, &tl.tok[tl.aggr[4]], "struct"));	/* in a #define */
	for (k = 1; k < tl.nr_aggr; k++)
		check(tl.aggr[k - 1] < tl.aggr[k]);
}

static void test_positions(void)
{
	const char *s = "a\n\tb\n  \tc\xc3\xa9\x64";
	struct diag_pos at = diag_position(s, 3);

	check_int(at.line, ==, 2);
	check_int(at.col, ==, 9);
	at = diag_position(s, 8);
	check_int(at.line, ==, 3);
	check_int(at.col, ==, 9);
	at = diag_position(s, 11);	/* after a two-byte character */
	check_int(at.col, ==, 11);
}

static void test_names(void)
{
	char name[64];

	module_name("drivers/net/3c515.c", name, sizeof(name));
	check_str(name, "mod_3c515");
	module_name("legacy/hello-2.4.c", name, sizeof(name));
	check_str(name, "hello_2_4");
	module_name("hello.c", name, sizeof(name));
	check_str(name, "hello");
	check(is_identifier("hello_2"));
	check(!is_identifier("2hello"));
	check(!is_identifier("a-b"));
	check(!is_identifier(""));
}

/*
 * Long text, read 64, 32 and 8 bytes at a time: a bad byte and a valid
 * sequence at every place of 200 bytes, across the blocks' edges.
 */
static void test_utf8_blocks(void)
{
	char buf[200];
	size_t at, bad = 0, good = 0;

	for (at = 0; at < sizeof(buf); at++) {
		memset(buf, 'x', sizeof(buf));
		buf[at] = (char)0xe7;	/* Latin-1 c-cedilla: not UTF-8 */
		bad += utf8_invalid(buf, sizeof(buf)) == at;
		memset(buf, 'x', sizeof(buf));
		if (at + 2 <= sizeof(buf)) {
			memcpy(buf + at, "\xc3\xa9", 2);
			good += utf8_invalid(buf, sizeof(buf)) == sizeof(buf);
		}
	}
	check_int(bad, ==, sizeof(buf));
	check_int(good, ==, sizeof(buf) - 1);
	memset(buf, 'x', sizeof(buf));
	check_int(utf8_invalid(buf, sizeof(buf)), ==, sizeof(buf));
	check_int(utf8_invalid(buf, 63), ==, 63);
	check_int(utf8_invalid(buf, 65), ==, 65);
}

static void test_utf8(void)
{
	check_int(utf8_invalid("plain ascii text", 16), ==, 16);
	check_int(utf8_invalid("caf\xc3\xa9", 5), ==, 5);
	check_int(utf8_invalid("Fran\xe7ois", 8), ==, 4);
	check_int(utf8_invalid("\xc0\xaf", 2), ==, 0);		/* overlong */
	check_int(utf8_invalid("ab\xed\xa0\x80", 5), ==, 2);	/* surrogate */
	check_int(utf8_invalid("\xe2\x82", 2), ==, 0);		/* cut short */
	test_utf8_blocks();
}

static void test_rewrite(void)
{
	const char *s = "int f(void);\n";
	struct edit e[3] = {
		{ .pos = 4, .del = 1, .seq = 1, .text = "g" },
		{ .pos = 0, .del = 0, .seq = 3, .text = "__b " },
		{ .pos = 0, .del = 0, .seq = 2, .text = "static " },
	};
	size_t len;
	char *out = rewrite(s, strlen(s), e, 3, &len);

	check_str(out, "static __b int g(void);\n");
	check_int(len, ==, strlen(out));
	free(out);
	e[0] = (struct edit){ .pos = 2, .del = 5, .seq = 1, .text = "" };
	e[1] = (struct edit){ .pos = 4, .del = 1, .seq = 2, .text = "" };
	check(!rewrite(s, strlen(s), e, 2, &len));	/* overlap */
}

/* Where an old offset is after the edits (fix's later passes keep findings). */
static void test_rewrite_pos(void)
{
	/* "int f(void);\n" -> "static int gg(void);\n" */
	struct edit e[2] = {
		{ .pos = 0, .del = 0, .seq = 1, .text = "static " },
		{ .pos = 4, .del = 1, .seq = 2, .text = "gg" },
	};

	check_int(rewrite_pos(e, 2, 0), ==, 7);	/* after what goes before */
	check_int(rewrite_pos(e, 2, 3), ==, 10);
	check_int(rewrite_pos(e, 2, 4), ==, 11);	/* the replaced f: gg */
	check_int(rewrite_pos(e, 2, 5), ==, 13);	/* '(' */
	check_int(rewrite_pos(e, 2, 12), ==, 20);	/* the newline */
	e[1] = (struct edit){ .pos = 2, .del = 8, .seq = 2, .text = "" };
	check_int(rewrite_pos(e, 2, 6), ==, 9);	/* inside what goes: its start */
	check_int(rewrite_pos(e, 2, 11), ==, 10);	/* "in" then ";" */
	check_int(rewrite_pos(NULL, 0, 5), ==, 5);
}

static void test_diff(void)
{
	const char *a = "1\n2\n3\n4\n5\n6\n7\n8\n9\nlast";
	const char *b = "1\n2\n3\n4\n5\n6\n7\n8\n9\nlast\nmore";
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);

	check_int(diff_print(f, "./dir/x.c", a, strlen(a), b, strlen(b)),
		  ==, 0);
	fclose(f);
	check_str(out, "--- a/dir/x.c\n+++ b/dir/x.c\n"
		  "@@ -7,4 +7,5 @@\n 7\n 8\n 9\n-last\n"
		  "\\ No newline at end of file\n+last\n+more\n"
		  "\\ No newline at end of file\n");
	free(out);
}

static void test_port_article(void)
{
	const char *s = "#define MODULE\n#include <linux/module.h>\n\n"
			"int init_module(void) { return 0; }\n"
			"void cleanup_module(void) { }\n";
	struct port_opts opts = { .name = "hello", .license = "GPL" };
	struct port p = { 0 };
	size_t len;
	char *out;

	lex(s);
	check_int(port_file("hello.c", s, strlen(s), &tl, &opts, &p), ==, 0);
	check_int(p.nr_f, ==, 5);
	check_str(rule_name(p.f[0].rule), "define-module");
	check_str(rule_name(p.f[1].rule), "init-include");
	out = rewrite(s, strlen(s), p.e, p.nr_e, &len);
	check_str(out, "#include <linux/init.h>\n#include <linux/module.h>\n\n"
		  "static int hello_init(void) { return 0; }\n"
		  "static void hello_exit(void) { }\n\n"
		  "module_init(hello_init);\nmodule_exit(hello_exit);\n\n"
		  "MODULE_LICENSE(\"GPL\");\n");
	free(out);
	port_free(&p);
}

/* Two findings whose fixes overlap: the first keeps its edits. */
static int finding(struct port *p, size_t pos, enum rule_id r,
		   const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = port_add_finding(p, pos, r, SEV_WARNING, true, fmt, ap);
	va_end(ap);
	return ret;
}

static void add(struct port *p, size_t pos, enum rule_id r, size_t epos,
		size_t del, const char *text)
{
	check_int(finding(p, pos, r, "m"), ==, 0);
	check_int(port_add_edit(p, epos, del, text), ==, 0);
}

static void test_settle(void)
{
	const char *s = "#include <linux/config.h> \"abc\ndef\"\n";
	struct port p = { 0 };
	size_t len;
	char *out;

	add(&p, 0, R_CONFIG_H, 0, 31, "");		/* the first line */
	add(&p, 26, R_MULTILINE_STRING, 30, 0, "\\n\"");
	check_int(port_add_edit(&p, 31, 0, "\""), ==, 0);
	add(&p, 36, R_CONFIG_H, 36, 0, "/* x */");	/* at the end: no overlap */
	check_int(port_settle(&p), ==, 0);
	check_int(p.nr_e, ==, 2);
	check(p.f[0].fixable);
	check(!p.f[1].fixable);
	check(p.f[1].deferred);
	check(p.f[2].fixable);
	check(strstr(p.f[1].msg, "fixed in a later pass: the fix of [config-h]") != NULL);
	out = rewrite(s, strlen(s), p.e, p.nr_e, &len);
	check_str(out, "def\"\n/* x */");
	free(out);
	port_free(&p);
}

/*
 * A name's uses, found one by one, stay valid when a later question
 * indexes the whole file (ASan sees a use after free otherwise).
 */
static void test_idindex_kept(void)
{
	const char *s = "int a; int b = a; { a = b; }";
	const struct id_use *ua, *ub;
	struct id_index ix;
	size_t na, nb;

	lex(s);
	check_int(idindex_build(&ix, s, &tl), ==, 0);
	na = idindex_find(&ix, "a", 1, &ua);
	check_int(na, ==, 3);
	nb = idindex_find(&ix, "b", 1, &ub);
	check(ix.full);
	check_int(nb, ==, 2);
	check_int(ua[2].depth, ==, 1);
	check_int(ua[0].tok, ==, 1);
	check_int(ub[1].depth, ==, 1);
	check_int(idindex_find(&ix, "a", 1, &ua), ==, 3);
	check_int(idindex_find(&ix, "c", 1, &ub), ==, 0);
	check_int(idindex_before(ua, na, 6), ==, 1);
	idindex_free(&ix);
}

/*
 * An index made whole at once (hdrcache keeps a header's across files)
 * answers names asked from a text freed since: it keeps none of them.
 */
static void test_idindex_all(void)
{
	const char *s = "extern int a; static int b; int f(int a);";
	const struct id_use *u;
	struct id_index ix;
	char *name;

	lex(s);
	check_int(idindex_build_all(&ix, s, &tl), ==, 0);
	check(ix.full);
	name = strdup("a");
	check_int(idindex_find(&ix, name, 1, &u), ==, 2);
	free(name);	/* ASan: the index must not read it again */
	name = strdup("b");
	check_int(idindex_find(&ix, name, 1, &u), ==, 1);
	check_int(u[0].tok, ==, 6);
	free(name);
	check_int(idindex_find(&ix, "f", 1, &u), ==, 1);
	check_int(idindex_find(&ix, "zz", 2, &u), ==, 0);
	idindex_free(&ix);
}

/*
 * hash_span() of a short name is the number memcpy() makes of it, with
 * no call; span_eq() answers as memcmp() for spans of 0 to 40 bytes that
 * differ at any one byte, and reads none outside them (ASan: each span
 * copied to a buffer of exactly its size).
 */
static void test_span_helpers(void)
{
	static const char text[] = "abcdefghijklmnopqrstuvwxyz0123456789_ABCDEFGH";
	size_t len, at;
	bool good = true;

	for (len = 0; len < 8; len++) {
		uint64_t a = 0;
		char *s = malloc(len ? len : 1);

		if (!check(s != NULL))
			return;
		memcpy(s, text + len, len);
		memcpy(&a, s, len);
		good &= short_span(s, len) == a;
		free(s);
	}
	check(good);
	for (len = 0; len <= 40 && good; len++) {
		char *a = malloc(len ? len : 1), *b = malloc(len ? len : 1);

		if (!check(a && b)) {
			free(a);
			free(b);
			return;
		}
		memcpy(a, text, len);
		memcpy(b, text, len);
		good &= span_eq(a, b, len);
		for (at = 0; at < len; at++) {
			b[at] ^= 0x20;
			good &= !span_eq(a, b, len) && !span_eq(b, a, len);
			b[at] ^= 0x20;
		}
		free(a);
		free(b);
	}
	check(good);
}

/*
 * An index made whole at once of a text of many distinct names: its table,
 * sized for a few distinct names, doubles as they come, and every name
 * keeps its uses, in token order, with their depth.
 */
static void test_idindex_all_grows(void)
{
	size_t k, n = 1000, cap = 32 * n, at = 0, nr;
	char *s = malloc(cap), name[16];
	const struct id_use *u;
	struct id_index ix;
	bool good = true;

	if (!check(s != NULL))
		return;
	/* int v0, v1, ...; then { vK = vK; } for every third K */
	at += (size_t)snprintf(s, cap, "int v0");
	for (k = 1; k < n; k++)
		at += (size_t)snprintf(s + at, cap - at, ", v%zu", k);
	at += (size_t)snprintf(s + at, cap - at, ";");
	for (k = 0; k < n; k += 3)
		at += (size_t)snprintf(s + at, cap - at, " { v%zu = v%zu; }", k, k);
	lex(s);
	if (!check_int(idindex_build_all(&ix, s, &tl), ==, 0)) {
		free(s);
		return;
	}
	check_int(ix.used, ==, n + 1);	/* v0..v999 and int */
	check(ix.size >= 2 * ix.used);
	check_int(idindex_find(&ix, "int", 3, &u), ==, 1);
	for (k = 0; k < n && good; k++) {
		snprintf(name, sizeof(name), "v%zu", k);
		nr = idindex_find(&ix, name, strlen(name), &u);
		good = nr == (k % 3 ? 1u : 3u) && u[0].depth == 0 &&
		       match_ident(s, &tl.tok[u[0].tok], name) &&
		       (nr == 1 || (u[1].depth == 1 && u[2].depth == 1 &&
				    u[1].tok + 2 == u[2].tok));
	}
	check(good);
	idindex_free(&ix);
	free(s);
}

/*
 * Names gathered together in one walk (staticdecl's statics) are answered
 * without indexing every name; a name asked later is gathered alone, the
 * next makes the index whole, and the uses handed out before stay valid.
 */
static void test_idindex_gather(void)
{
	const char *s = "int a; int b = a; { a = b; }";
	const char *names[] = { "a", "b", "a" };
	const size_t lens[] = { 1, 1, 1 };
	const struct id_use *ua, *ub, *u;
	struct id_index ix;

	lex(s);
	check_int(idindex_build(&ix, s, &tl), ==, 0);
	check_int(idindex_gather(&ix, names, lens, 3), ==, 0);
	check_int(ix.used, ==, 2);	/* "a" twice: once */
	check(!ix.full);
	check_int(idindex_find(&ix, "a", 1, &ua), ==, 3);
	check_int(ua[0].tok, ==, 1);
	check_int(ua[1].tok, ==, 6);
	check_int(ua[2].tok, ==, 9);
	check_int(ua[2].depth, ==, 1);
	check_int(idindex_find(&ix, "b", 1, &ub), ==, 2);
	check_int(ub[1].tok, ==, 11);
	check(!ix.full);		/* asked for, not indexed whole */
	check_int(idindex_find(&ix, "int", 3, &u), ==, 2);
	check(!ix.full);		/* one name alone: one walk */
	check_int(idindex_find(&ix, "zz", 2, &u), ==, 0);
	check(ix.full);			/* the second alone: every name */
	check_int(ua[2].tok, ==, 9);	/* ASan: still the gathered uses */
	check_int(idindex_find(&ix, "b", 1, &u), ==, 2);
	check_int(idindex_gather(&ix, names, lens, 3), ==, 0);	/* a no-op */
	idindex_free(&ix);
}

/*
 * Names gathered at file scope only (staticdecl's first declarations):
 * their uses inside braces are not kept; a name not gathered is answered
 * whole, as idindex_find() answers it.  An index made whole knows whether
 * a name of it spans a splice.
 */
static void test_idindex_gather_top(void)
{
	const char *s = "int a; int b = a; { a = b; } extern int a;";
	const char *names[] = { "a", "b" };
	const size_t lens[] = { 1, 1 };
	const struct id_use *u;
	struct id_index ix;

	lex(s);
	check_int(idindex_build(&ix, s, &tl), ==, 0);
	check_int(idindex_gather_top(&ix, names, lens, 2), ==, 0);
	if (check_int(idindex_find(&ix, "a", 1, &u), ==, 3)) {
		check_int(u[0].tok, ==, 1);
		check_int(u[1].tok, ==, 6);
		check_int(u[2].tok, ==, 16);	/* after the braces */
		check_int(u[2].depth, ==, 0);
	}
	check_int(idindex_find(&ix, "b", 1, &u), ==, 1);
	check_int(idindex_find(&ix, "int", 3, &u), ==, 3);	/* whole */
	idindex_free(&ix);
	check_int(idindex_build_all(&ix, s, &tl), ==, 0);
	check(!ix.spliced);
	idindex_free(&ix);
	s = "int ab\\\nc;";
	lex(s);
	check_int(idindex_build_all(&ix, s, &tl), ==, 0);
	check(ix.spliced);
	idindex_free(&ix);
}

/*
 * The token list's bodies are where a walk that counts code braces (not
 * in directives, as idindex does) is off depth 0; file-scope gathering
 * over them finds, for every name, the uses a whole index has at depth
 * 0: nested bodies, a brace in a #define, in a comment, in a string, a
 * stray '}' at file scope and a body left open at the end.
 */
static void test_bodies(void)
{
	static const char *const texts[] = {
		"int a; int f(void) { int a; { a = 1; } return a; } int b = a;",
		"#define OPEN {\nint a; struct s { int a; } x = { a };\n/* { */ a;",
		"char *p = \"{\"; } int a; { a; } a; } b; { a",
		"int a; static int f(void) { if (a) { a++; } else { a--; }",
		"",
	};
	size_t k, i, j;

	for (k = 0; k < sizeof(texts) / sizeof(texts[0]); k++) {
		const char *s = texts[k];
		size_t want[64], nr = 0, names_nr = 0;
		const char *names[64];
		size_t lens[64];
		struct id_index top, all;
		bool good = true;
		long depth = 0;

		lex(s);
		for (i = 0; i < tl.nr; i++) {	/* the bodies, by a brace walk */
			const struct token *t = &tl.tok[i];
			bool was = depth != 0;

			if (t->type == TOKEN_SPECIAL && t->len == 1 &&
			    !(t->flags & TF_PP) &&
			    (s[t->pos] == '{' || s[t->pos] == '}'))
				depth += s[t->pos] == '{' ? 1 : -1;
			if (was != (depth != 0) && nr < 64)
				want[nr++] = i;
			if (t->type == TOKEN_IDENT && names_nr < 64) {
				names[names_nr] = s + t->pos;
				lens[names_nr++] = t->len;
			}
		}
		if (nr % 2 && nr < 64)
			want[nr++] = tl.nr - 1;
		if (!check_int(tl.nr_body, ==, nr))
			continue;
		for (i = 0; i < nr; i++)
			good &= tl.body[i] == want[i];
		check(good);
		check_int(idindex_build(&top, s, &tl), ==, 0);
		check_int(idindex_gather_top(&top, names, lens, names_nr), ==, 0);
		check_int(idindex_build_all(&all, s, &tl), ==, 0);
		for (i = 0; i < names_nr; i++) {
			const struct id_use *u, *v;
			size_t n = idindex_find(&top, names[i], lens[i], &u);
			size_t m = idindex_find(&all, names[i], lens[i], &v), at = 0;

			for (j = 0; j < m; j++) {
				if (v[j].depth)
					continue;
				good &= at < n && u[at].tok == v[j].tok &&
					u[at].depth == 0 && u[at].code == v[j].code;
				at++;
			}
			good &= at == n;
		}
		check(good);
		idindex_free(&top);
		idindex_free(&all);
	}
}

/*
 * span_bloom: every hash set is found; of 20,000 names never set, after
 * 4,000 set in 1,024 words (16 bits a name), about one in 70 is found
 * wrongly: fewer than one in 30, and some (a filter that answers yes to
 * everything, or no, fails; so does one whose bits ignore the names' last
 * bytes, which is all these names vary in).
 */
static void test_span_bloom(void)
{
	enum { WORDS = 1024, SET = 4000, ASKED = 20000 };
	uint64_t *w = calloc(WORDS, sizeof(*w));
	char name[32];
	size_t k, missed = 0, wrong = 0;

	if (!check(w != NULL))
		return;
	for (k = 0; k < SET; k++) {
		snprintf(name, sizeof(name), "set_name_%zu", k);
		span_bloom_set(w, WORDS - 1, hash_span(name, strlen(name)));
	}
	for (k = 0; k < SET; k++) {
		snprintf(name, sizeof(name), "set_name_%zu", k);
		missed += !span_bloom_has(w, WORDS - 1,
					  hash_span(name, strlen(name)));
	}
	for (k = 0; k < ASKED; k++) {
		snprintf(name, sizeof(name), "other_%zu", k);
		wrong += span_bloom_has(w, WORDS - 1,
					hash_span(name, strlen(name)));
	}
	check_int(missed, ==, 0);
	check_int(wrong, >, 0);
	check_int(wrong, <, ASKED / 30);
	free(w);
}

/* hashset_copy() of from (the names name_K_x, K < 1000): all, no other. */
static void test_hashset_copy(const struct hash_set *from)
{
	size_t slots = hashset_slots(from->nr);
	uint64_t *keys = calloc(slots, sizeof(*keys));
	struct hash_set to, none = { 0 };
	char name[32];
	unsigned int k, found = 0;

	check_int(hashset_slots(1000), ==, 2048);
	check_int(hashset_slots(0), ==, 16);
	if (!check(keys != NULL))
		return;
	hashset_copy(&to, keys, slots, from);
	check_int(to.nr, ==, from->nr);
	check_int(to.mask, ==, slots - 1);
	for (k = 0; k < 1000; k++) {
		snprintf(name, sizeof(name), "name_%u_x", k);
		found += hashset_has(&to, hashset_key(name, strlen(name)));
	}
	check_int(found, ==, 1000);
	check(!hashset_has(&to, hashset_key("name_1000_x", 11)));
	memset(keys, 0, slots * sizeof(*keys));
	hashset_copy(&to, keys, 16, &none);	/* an empty set: no key */
	check_int(to.nr, ==, 0);
	check(!hashset_has(&to, hashset_key("name_1_x", 8)));
	free(keys);
}

/*
 * hashset: keys added past many doublings are all found, a key added
 * twice counts once, a key never added is not found, and 0 is no key;
 * a copy into slots of the caller's has every key and no other.
 */
static void test_hashset(void)
{
	struct hash_set set = { 0 };
	char name[32];
	unsigned int k;

	check(!hashset_has(&set, hashset_key("a", 1)));	/* empty */
	for (k = 0; k < 5000; k++) {
		snprintf(name, sizeof(name), "name_%u_x", k);
		if (hashset_add(&set, hashset_key(name, strlen(name))))
			break;
	}
	check_int(set.nr, ==, 5000);
	check(2 * set.nr <= set.mask + 1);
	check_int(hashset_add(&set, hashset_key("name_7_x", 8)), ==, 0);
	check_int(set.nr, ==, 5000);	/* there already */
	for (k = 0; k < 5000; k += 499) {
		snprintf(name, sizeof(name), "name_%u_x", k);
		check(hashset_has(&set, hashset_key(name, strlen(name))));
	}
	check(!hashset_has(&set, hashset_key("name_5000_x", 11)));
	check(!hashset_has(&set, hashset_key("name_7_", 7)));
	check(hashset_key("", 0) != 0);
	hashset_free(&set);
	check(set.keys == NULL && set.nr == 0);
	/* room made at once: n keys go in with no doubling, all found */
	check_int(hashset_reserve(&set, 1000), ==, 0);
	check(set.mask + 1 >= 2002);
	k = (unsigned int)set.mask;
	check_int(hashset_reserve(&set, 100000), ==, 0);	/* not empty: kept */
	check_int(set.mask, ==, k);
	for (k = 0; k < 1000; k++) {
		snprintf(name, sizeof(name), "name_%u_x", k);
		if (hashset_add(&set, hashset_key(name, strlen(name))))
			break;
	}
	check_int(set.nr, ==, 1000);
	check(set.mask + 1 >= 2002 && set.mask + 1 <= 4096);	/* not doubled */
	check(hashset_has(&set, hashset_key("name_999_x", 10)));
	check(!hashset_has(&set, hashset_key("name_1000_x", 11)));
	test_hashset_copy(&set);
	hashset_free(&set);
}

/*
 * The members a struct lost within a target (atlas_gone_members()):
 * net_device's trans_start went away in 4.9 (the atlas: 2.4.22 to 4.4),
 * so it is one of them for 6.1 and not for 4.4; a tag of no such line
 * has none.
 */
/* The atlas's bit of release name (a --target mask of one), or 0. */
static uint32_t release_bit(const char *name)
{
	unsigned int r;

	for (r = 0; r < atlas_nr_releases(); r++)
		if (!strcmp(atlas_release_name(r), name))
			return 1u << r;
	return 0;
}

static void test_atlas_gone_members(void)
{
	const struct atlas_gone_member *gm;
	uint64_t want = hashset_key("trans_start", 11);
	uint32_t t61, t44;
	size_t n, k;
	bool found = false;

	t61 = release_bit("6.1");
	t44 = release_bit("4.4");
	if (!check(t61 && t44))
		return;
	n = atlas_gone_members(t61, "net_device", 10, &gm);
	for (k = 0; k < n; k++) {
		check(gm[k].tag == hashset_key("net_device", 10));
		found |= gm[k].member == want;
	}
	check(found);
	n = atlas_gone_members(t44, "net_device", 10, &gm);
	for (k = 0; k < n; k++)
		check(gm[k].member != want);
	check_int(atlas_gone_members(t61, "no_such_tag_x", 13, &gm), ==, 0);
	check(atlas_may_be_gone(t61, ATLAS_USE_MEMBER, "trans_start", 11));
	check(!atlas_may_be_gone(t61, ATLAS_USE_ANY_MEMBER, "trans_start",
				 11));	/* other structs have one */
}

/*
 * The gone set that the engine's filter probes inline answers as
 * atlas_may_be_gone() does, for names gone and not, in every use, and is
 * made again when another target is asked.
 */
static void test_atlas_gone_set(void)
{
	static const char *const names[] = {
		"trans_start", "MODULE_PARM", "init_module", "strlcpy",
		"kmalloc", "printk", "no_such_name_x", "i", "<linux/tqueue.h>",
		"<linux/module.h>", "request_queue_t", "dev",
	};
	const struct atlas_gone_set *set;
	uint32_t t61, t44;
	unsigned int u;
	size_t k, bad = 0, gone = 0;

	t61 = release_bit("6.1");
	t44 = release_bit("4.4");
	if (!check(t61 && t44))
		return;
	set = atlas_gone_set(t61);
	if (!check(set && set->target == t61))
		return;
	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		for (u = 0; u < NR_ATLAS_USES; u++) {
			size_t len = strlen(names[k]);
			bool has = atlas_gone_set_has(set, (enum atlas_use)u,
						      hash_span(names[k], len));

			bad += has != atlas_may_be_gone(t61, (enum atlas_use)u,
							names[k], len);
			/*
			 * the engine's filters keep every name the set has
			 * as a name or a member, each in the filter of its
			 * place
			 */
			if (u == ATLAS_USE_NAME || u == ATLAS_USE_MEMBER)
				bad += has && !atlas_gone_set_may(set,
						u == ATLAS_USE_MEMBER,
						hash_span(names[k], len));
			gone += has;
		}
	check_int(bad, ==, 0);
	check(gone >= 3);	/* trans_start, MODULE_PARM, <linux/tqueue.h> */
	check(atlas_gone_set_has(set, ATLAS_USE_MEMBER,
				 hash_span("trans_start", 11)));
	check(!atlas_gone_set_has(set, ATLAS_USE_NAME,
				  hash_span("no_such_name_x", 14)));
	/* and every function only other arches declare (an o line) */
	check(atlas_gone_set_may(set, false, hash_span("ASSABET_BCR_frob", 16)));
	check(atlas_gone_set_may(set, true, hash_span("ASSABET_BCR_frob", 16)));
	/* a member gone is in the filter of members only: "dev->trans_start" */
	check(atlas_gone_set_may(set, true, hash_span("trans_start", 11)));
	check(!atlas_gone_set_has(set, ATLAS_USE_NAME, hash_span("trans_start", 11)));
	check(!atlas_gone_set_may(set, false, hash_span("trans_start", 11)));
	set = atlas_gone_set(t44);
	check(set && set->target == t44);
	check(!atlas_gone_set_has(set, ATLAS_USE_MEMBER,
				  hash_span("trans_start", 11)));
}

/*
 * A text's directives: each kind in order, the #includes listed apart
 * (a "# include" with a blank too), and the first one after a token.
 */
static void test_ppdirs(void)
{
	const char *s = "#include \"x.h\"\n#if A\n#define B 1\n#else\n"
			"int c;\n#endif\n# include <y.h>\n";
	struct ppdirs pd = { 0 };

	lex(s);
	check_int(ppdirs_build(&pd, s, &tl), ==, 0);
	check(pd.made);
	check_int(pd.nr, ==, 6);
	check_int(pd.d[0].kind, ==, PPD_INCLUDE);
	check_int(pd.d[1].kind, ==, PPD_IF);
	check_int(pd.d[2].kind, ==, PPD_OTHER);
	check_int(pd.d[3].kind, ==, PPD_ELSE);
	check_int(pd.d[4].kind, ==, PPD_ENDIF);
	check_int(pd.d[5].kind, ==, PPD_INCLUDE);
	check_int(pd.nr_inc, ==, 2);
	check_int(pd.inc[0], ==, 0);
	check_int(pd.inc[1], ==, 5);
	check(tl.tok[pd.d[5].name].type == TOKEN_HEADER);
	check(tl.tok[pd.d[0].name].type == TOKEN_STRING);
	check_int(ppdirs_after(&pd, pd.d[2].tok), ==, 3);
	check_int(ppdirs_after(&pd, pd.d[5].tok), ==, 6);
	ppdirs_free(&pd);
	check_int(pd.nr, ==, 0);
}

/*
 * A set of names that share long beginnings and ends (a GPU's register
 * fields: only the middle differs) grows past its first size and finds
 * each, and no name it lacks - not a prefix, nor the same length.
 */
static void test_nameset(void)
{
	struct nameset ns = { 0 };
	char name[64];
	int k, found = 0;

	for (k = 0; k < 5000; k++) {
		snprintf(name, sizeof(name), "mmDCN_REGISTER_%05d__FIELD_MASK", k);
		check_int(nameset_add(&ns, name), ==, 0);
	}
	check_int(nameset_add(&ns, "mmDCN_REGISTER_00007__FIELD_MASK"), ==, 0);
	check_int(ns.used, ==, 5000);
	for (k = 0; k < 5000; k++) {
		snprintf(name, sizeof(name), "mmDCN_REGISTER_%05d__FIELD_MASK", k);
		found += nameset_has(&ns, name, strlen(name));
	}
	check_int(found, ==, 5000);
	check(!nameset_has(&ns, "mmDCN_REGISTER_05000__FIELD_MASK", 32));
	check(!nameset_has(&ns, "mmDCN_REGISTER_00007", 20));
	check(nameset_has(&ns, "mmDCN_REGISTER_00007__FIELD_MASKxyz", 32));
	nameset_free(&ns);
	check(!nameset_has(&ns, "a", 1));
}

/*
 * The atlas's index made at build time is the one its text makes now,
 * and a copy with one byte changed, or one byte short, is not.
 */
static void test_atlas_index(void)
{
	char *buf = NULL;
	size_t size = 0, k;
	FILE *f = open_memstream(&buf, &size);

	check_int(atlas_index_verify(), ==, 0);
	if (!check(f != NULL))
		return;
	check_int(atlas_index_write(f), ==, 0);
	check_int(fclose(f), ==, 0);
	check(size > 4096);
	check_int(atlas_index_compare(buf, size), ==, 0);
	check_int(atlas_index_compare(buf, size - 1), ==, 1);
	for (k = 64; k < size; k += size / 7) {
		buf[k] ^= 0x20;
		check_int(atlas_index_compare(buf, size), ==, 1);
		buf[k] ^= 0x20;
	}
	check_int(atlas_index_compare(buf, size), ==, 0);
	check(atlas_nr_releases() >= 21);
	check(atlas_has(ATLAS_HEADER, "linux/tqueue.h", 14));
	check(!atlas_has(ATLAS_HEADER, "linux/no-such-header.h", 22));
	free(buf);
}

/* harvest's members, "tag.name " each, into the buffer at arg. */
static void member_seen(void *arg, const struct harvest_name *hn)
{
	char *out = arg;
	size_t n = strlen(out);

	if (hn->kind == HK_MEMBER)
		snprintf(out + n, 256 - n, "%s.%s ", hn->tag ? hn->tag : "?",
			 hn->name);
}

/*
 * A member's name is its declarator's last word but a trailing __word
 * attribute - unless the word before is one of C's own types: "unsigned
 * long __head;" (folio's, 6.1) names __head, not long.
 */
static void test_harvest_members(void)
{
	const char *s = "struct a {\n\tunsigned long __head;\n"
			"\tu64 tag __packed;\n\tvoid *p __rcu;\n"
			"\tlong long __z __packed;\n\tint __y __aligned(8);\n"
			"\tshort __s;\n};\n";
	char out[256] = "";

	lex(s);
	check_int(harvest(s, &tl, HARVEST_NAMES_ONLY, member_seen, out), ==, 0);
	check_str(out, "a.__head a.tag a.p a.__z a.__y a.__s ");
}

/* Every name harvest reports, "kind:name " each, into the buffer at arg. */
static void kind_seen(void *arg, const struct harvest_name *hn)
{
	char *out = arg;
	size_t n = strlen(out);

	snprintf(out + n, 512 - n, "%d:%s ", (int)hn->kind, hn->name);
}

/* The words of in whose kind is a member's or a macro's, into out. */
static void members_and_macros(char *in, char *out, size_t size)
{
	char *w, *save;

	for (w = strtok_r(in, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (atoi(w) == HK_MEMBER || atoi(w) == HK_MACRO)
			snprintf(out + strlen(out), size - strlen(out), "%s ", w);
}

/*
 * HARVEST_MEMBERS_ONLY (projnames'): the members and the macros, the
 * same as a whole harvest finds, and no declaration outside braces: no
 * function, variable nor typedef's name, nor the tags named anywhere.
 */
static void test_harvest_members_only(void)
{
	const char *s = "#define M_X 1\nint f(int a);\nextern int v;\n"
			"typedef struct t { int m1; struct { long m2; } in; } t_t;\n"
			"static inline int g(void) { struct l { int m3; } y; return 0; }\n"
			"union u { char m4; };\nstruct s;\n";
	char all[512] = "", only[512] = "", want[512] = "", got[512] = "";

	lex(s);
	check_int(harvest(s, &tl, HARVEST_NAMES_ONLY, kind_seen, all), ==, 0);
	check_int(harvest(s, &tl, HARVEST_NAMES_ONLY | HARVEST_MEMBERS_ONLY,
			  kind_seen, only), ==, 0);
	check(strstr(all, ":f ") && strstr(all, ":v ") && strstr(all, ":t_t "));
	check(!strstr(only, ":f ") && !strstr(only, ":v ") &&
	      !strstr(only, ":t_t ") && !strstr(only, ":g ") &&
	      !strstr(only, ":s "));
	members_and_macros(all, want, sizeof(want));
	members_and_macros(only, got, sizeof(got));
	check_str(got, want);
	check(strstr(got, ":m1 ") && strstr(got, ":m2 ") &&
	      strstr(got, ":m4 ") && strstr(got, ":M_X "));
}

/* Write text to path; true when it is all there. */
static bool put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	return f && fputs(text, f) >= 0 && !fclose(f);
}

/* Write the n bytes at text to path; true when they are all there. */
static bool put_file_n(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "w");

	return f && fwrite(text, 1, n, f) == n && !fclose(f);
}

/*
 * A header's summary: the identifiers of its code at file scope (spliced
 * ones: any name) - none of a directive's, a struct's members, a
 * function's body - its #include "x" names and no others, kept until a
 * write is said and the file has changed.
 */
static void test_hdrsum(void)
{
	char dir[] = "/tmp/unit-hdrsum.XXXXXX", path[64], gone[64];
	const struct header_summary *hs;
	int err;

	if (!check(mkdtemp(dir) != NULL))
		return;
	snprintf(path, sizeof(path), "%s/a.h", dir);
	snprintf(gone, sizeof(gone), "%s/none.h", dir);
	check(put_file(path, "#include \"b.h\"\n#include <linux/c.h>\n"
			     "/* note_word */ extern int a_count;\n"
			     "#define A_MAX(x) ((x) + 1)\n"
			     "struct a_s { int a_member; };\n"
			     "static inline int a_f(void) { return a_local; }\n"
			     "extern struct a_s a_after;\n"));
	hs = hdrsum_get(path, &err);
	if (check(hs != NULL) && check_int(err, ==, 0)) {
		check(hdrsum_may_name(hs, "a_count", 7));
		check(hdrsum_may_name(hs, "a_f", 3));
		check(hdrsum_may_name(hs, "a_after", 7));	/* after braces */
		check(!hdrsum_may_name(hs, "A_MAX", 5));	/* a directive's */
		check(!hdrsum_may_name(hs, "a_member", 8));	/* a member */
		check(!hdrsum_may_name(hs, "a_local", 7));	/* in a body */
		check(!hdrsum_may_name(hs, "note_word", 9));	/* a comment's */
		check(!hdrsum_may_name(hs, "b_count", 7));
		check(!hdrsum_may_name(hs, "a_coun", 6));
		check(!hs->any);
		if (check_int(hs->nr_inc, ==, 1))
			check_str(hs->inc[0], "\"b.h\"");
	}
	/* changed on disk: the old summary stays until a write is said */
	check(put_file(path, "extern int b_co\\\nunt;\n"));
	hs = hdrsum_get(path, &err);
	check(hs && hdrsum_may_name(hs, "a_count", 7));
	hdrcache_written();
	hs = hdrsum_get(path, &err);
	if (check(hs != NULL)) {
		check(hs->any);	/* b_count is spelled across a splice */
		check(hdrsum_may_name(hs, "b_count", 7));
		check_int(hs->nr_inc, ==, 0);
	}
	check(hdrsum_get(gone, &err) == NULL);	/* no file: looked at once */
	check_int(err, ==, 0);
	check(put_file(gone, "int later;\n"));
	check(hdrsum_get(gone, &err) == NULL);
	hdrcache_written();
	hs = hdrsum_get(gone, &err);
	check(hs && hdrsum_may_name(hs, "later", 5) &&
	      !hdrsum_may_name(hs, "sooner", 6));
	hdrsum_free();
	unlink(path);
	unlink(gone);
	rmdir(dir);
}

/*
 * Shared summaries (check -j): one put is taken by its path instead of
 * the file on disk, which says otherwise here, and by a path with ".."
 * that stat() says is that file (not through a link, whose ".." is
 * elsewhere); a path never put is read; with no room, or the table's
 * slots all taken, nothing more is put, and the file is read.
 */
static void test_hdrsum_shared(void)
{
	static const char text[] = "#include \"put.h\"\nextern int put_name;\n";
	char dir[] = "/tmp/unit-hdrsum.XXXXXX", path[64], other[64], many[80];
	char link[64];
	struct token_list toks = { 0 };
	const struct header_summary *hs;
	struct stat st;
	size_t taken = hdrsum_shared_taken();
	int err, k, put = 0;

	if (!check(mkdtemp(dir) != NULL))
		return;
	snprintf(path, sizeof(path), "%s/a.h", dir);
	snprintf(other, sizeof(other), "%s/b.h", dir);
	check(put_file(path, "extern int disk_name;\n"));
	check(put_file(other, "extern int other_name;\n"));
	check(!stat(path, &st));
	check_int(tokenize(text, sizeof(text) - 1, &toks), ==, 0);
	check(!hdrsum_share_put(path, text, &toks, &st));	/* not started */
	check_int(hdrsum_share_start(2, 0), ==, 0);
	check(hdrsum_share_put(path, text, &toks, &st));
	hs = hdrsum_get(path, &err);
	if (check(hs != NULL)) {
		check(hdrsum_may_name(hs, "put_name", 8));
		check(!hdrsum_may_name(hs, "disk_name", 9));
		if (check_int(hs->nr_inc, ==, 1))
			check_str(hs->inc[0], "\"put.h\"");
	}
	check_int(hdrsum_shared_taken(), ==, taken + 1);
	hs = hdrsum_get(other, &err);	/* never put: read */
	check(hs && hdrsum_may_name(hs, "other_name", 10));
	check_int(hdrsum_shared_taken(), ==, taken + 1);
	/* a.h as sub/../a.h: the same file, taken; through a link, not */
	snprintf(many, sizeof(many), "%s/sub", dir);
	check(!mkdir(many, 0755));
	snprintf(many, sizeof(many), "%s/sub/../a.h", dir);
	hs = hdrsum_get(many, &err);
	check(hs && hdrsum_may_name(hs, "put_name", 8));
	check_int(hdrsum_shared_taken(), ==, taken + 2);
	snprintf(many, sizeof(many), "%s/far", dir);
	check(!mkdir(many, 0755));
	snprintf(many, sizeof(many), "%s/far/x", dir);
	check(!mkdir(many, 0755));
	snprintf(many, sizeof(many), "%s/far/a.h", dir);
	check(put_file(many, "extern int far_name;\n"));
	snprintf(many, sizeof(many), "%s/far/x", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	check(!symlink(many, link));
	snprintf(many, sizeof(many), "%s/link/../a.h", dir);	/* far/a.h */
	hs = hdrsum_get(many, &err);
	check(hs && hdrsum_may_name(hs, "far_name", 8) &&
	      !hdrsum_may_name(hs, "put_name", 8));
	check_int(hdrsum_shared_taken(), ==, taken + 2);
	/* 2 headers: 16 slots, one taken; 15 more go in, the next not */
	for (k = 0; k < 16; k++) {
		snprintf(many, sizeof(many), "%s/many%d.h", dir, k);
		put += hdrsum_share_put(many, text, &toks, &st);
	}
	check_int(put, ==, 15);
	hdrsum_free();
	/* room for no summary: none is put, the file is read */
	check_int(hdrsum_share_start(2, 64), ==, 0);
	check(!hdrsum_share_put(path, text, &toks, &st));
	hs = hdrsum_get(path, &err);
	check(hs && hdrsum_may_name(hs, "disk_name", 9) &&
	      !hdrsum_may_name(hs, "put_name", 8));
	hdrsum_free();
	token_list_free(&toks);
	unlink(path);
	unlink(other);
	unlink(link);
	snprintf(many, sizeof(many), "%s/far/a.h", dir);
	unlink(many);
	snprintf(many, sizeof(many), "%s/far/x", dir);
	rmdir(many);
	snprintf(many, sizeof(many), "%s/far", dir);
	rmdir(many);
	snprintf(many, sizeof(many), "%s/sub", dir);
	rmdir(many);
	rmdir(dir);
}

/*
 * The header cache: a header is read once while it stays; past the
 * budget the least recently used go, never the current file's nor the
 * one held for the walk; more headers than the old 256 slots stay when
 * the budget holds them.
 */
static void test_hdrcache(void)
{
	char dir[] = "/tmp/unit-hdrcache.XXXXXX", path[64];
	const struct cached_header *h, *first, *held;
	unsigned long serial, held_serial;
	size_t k, before = hdrcache_held();
	int err;

	if (!check(mkdtemp(dir) != NULL))
		return;
	for (k = 0; k < 300; k++) {
		snprintf(path, sizeof(path), "%s/h%zu.h", dir, k);
		check(put_file(path, "struct s { int m; };\n"));
	}
	hdrcache_begin();
	snprintf(path, sizeof(path), "%s/h0.h", dir);
	first = hdrcache_get(path, &err);
	if (!check(first != NULL) || !check_int(err, ==, 0))
		goto out;
	serial = first->serial;
	check_int(first->tl.nr, ==, 9);	/* 8 tokens and EOF */
	for (k = 1; k < 300; k++) {	/* each file one header */
		hdrcache_begin();
		snprintf(path, sizeof(path), "%s/h%zu.h", dir, k);
		check(hdrcache_get(path, &err) != NULL);
	}
	check_int(hdrcache_held(), ==, before + 300);	/* none let go */
	hdrcache_begin();
	snprintf(path, sizeof(path), "%s/h0.h", dir);
	h = hdrcache_get(path, &err);
	check(h == first && h && h->serial == serial);	/* not read again */

	/* a budget of nothing: only what the current file uses stays */
	hdrcache_set_budget(0);
	snprintf(path, sizeof(path), "%s/h1.h", dir);
	held = hdrcache_hold(path);	/* the walk comes to h1.h */
	if (!check(held != NULL))
		goto out;
	held_serial = held->serial;
	hdrcache_begin();	/* and h1.h reads its own headers */
	snprintf(path, sizeof(path), "%s/n1.h", dir);
	check(put_file(path, "int n1;\n") && hdrcache_get(path, &err) != NULL);
	check_int(hdrcache_held(), ==, 2);	/* the rest went: h1, n1 */
	snprintf(path, sizeof(path), "%s/n2.h", dir);
	check(put_file(path, "int n2;\n") && hdrcache_get(path, &err) != NULL);
	check_int(hdrcache_held(), ==, 3);	/* n1 is the file's too */
	snprintf(path, sizeof(path), "%s/h1.h", dir);
	h = hdrcache_peek(path, &err);	/* a look: not made n2's file's */
	check(h == held && h->serial == held_serial);
	hdrcache_release();
	check_int(hdrcache_held(), ==, 2);	/* h1 went; n1, n2 stay */
	hdrcache_begin();
	snprintf(path, sizeof(path), "%s/n3.h", dir);
	check(put_file(path, "int n3;\n") && hdrcache_get(path, &err) != NULL);
	check_int(hdrcache_held(), ==, 1);	/* n3 alone */
	snprintf(path, sizeof(path), "%s/h0.h", dir);
	h = hdrcache_get(path, &err);
	check(h && h->serial > serial);	/* read again */
out:
	hdrcache_set_budget(HDRCACHE_BUDGET);
	for (k = 0; k < 300; k++) {
		snprintf(path, sizeof(path), "%s/h%zu.h", dir, k);
		unlink(path);
	}
	for (k = 1; k <= 3; k++) {
		snprintf(path, sizeof(path), "%s/n%zu.h", dir, k);
		unlink(path);
	}
	rmdir(dir);
}

/*
 * A sibling's #include lines, as fgets() into 1,024 bytes reads them: a
 * '#' first after blanks; not one after another byte; one that starts
 * the second piece of a long line (1,023 bytes on); not one after a NUL.
 */
static void test_inclines(void)
{
	char dir[] = "/tmp/unit-inclines.XXXXXX", path[96], me[96];
	char *text = malloc(4096);
	size_t k;
	FILE *f;

	if (!check(mkdtemp(dir) != NULL) || !check(text != NULL)) {
		free(text);
		return;
	}
	snprintf(me, sizeof(me), "%s/me.c", dir);
	check(put_file(me, "int me;\n"));
	snprintf(path, sizeof(path), "%s/a.c", dir);
	for (k = 0; k < 1023; k++)	/* a piece of x, then #include "long.c" */
		text[k] = 'x';
	strcpy(text + 1023, "#include \"long.c\"\n \t#include \"blank.c\"\n"
			    "x #include \"after.c\"\n");
	check(put_file(path, text));
	snprintf(path, sizeof(path), "%s/b.c", dir);
	f = fopen(path, "w");
	if (check(f != NULL)) {	/* a NUL, then #include "nul.c" */
		fwrite(" \0#include \"nul.c\"\n", 1, 20, f);
		fclose(f);
	}
	check(inclines_sibling_has(me, "\"long.c\""));
	check(inclines_sibling_has(me, "\"blank.c\""));
	check(!inclines_sibling_has(me, "\"after.c\""));
	check(!inclines_sibling_has(me, "\"nul.c\""));
	snprintf(path, sizeof(path), "%s/a.c", dir);
	check(!inclines_sibling_has(path, "\"blank.c\""));	/* not itself */
	unlink(path);
	snprintf(path, sizeof(path), "%s/b.c", dir);
	unlink(path);
	unlink(me);
	rmdir(dir);
	free(text);
}

/*
 * A folder's listing of .c files is kept until the run says it wrote a
 * file (hdrcache_written()): a sibling that comes later is seen then,
 * and one that went is not read.
 */
static void test_inclines_kept(void)
{
	char dir[] = "/tmp/unit-inclines.XXXXXX", me[96], later[96];

	if (!check(mkdtemp(dir) != NULL))
		return;
	snprintf(me, sizeof(me), "%s/me.c", dir);
	snprintf(later, sizeof(later), "%s/later.c", dir);
	check(put_file(me, "int me;\n"));
	check(!inclines_sibling_has(me, "\"me.c\""));
	check(put_file(later, "#include \"me.c\"\n"));
	check(!inclines_sibling_has(me, "\"me.c\""));	/* listed before */
	hdrcache_written();
	check(inclines_sibling_has(me, "\"me.c\""));
	unlink(later);
	check(inclines_sibling_has(me, "\"me.c\""));	/* no write said */
	hdrcache_written();
	check(!inclines_sibling_has(me, "\"me.c\""));
	unlink(me);
	rmdir(dir);
}

/* The paths hdrindex holds now, joined by newlines. */
static char *hdrindex_paths(void)
{
	size_t k, n = hdrindex_count(), len = 1;
	char *all;

	for (k = 0; k < n; k++)
		len += strlen(hdrindex_path(k)) + 1;
	all = calloc(1, len);
	for (k = 0; all && k < n; k++) {
		strcat(all, hdrindex_path(k));
		strcat(all, "\n");
	}
	return all;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int walked(const char *path, bool named, void *root)
{
	return named || hdrindex_walked_file(root, path) >= 0 ? 0 : 2;
}

static void test_hdrindex_walked(void)
{
	char dir[] = "/tmp/unit-hdrindex.XXXXXX", path[256], link[512];
	char *own, *from_walk;
	size_t k, len;

	if (!check(mkdtemp(dir) != NULL))
		return;
	snprintf(path, sizeof(path), "%s/.hidden", dir);
	check(mkdir(path, 0700) == 0);
	snprintf(path, sizeof(path), "%s/.hidden/h.h", dir);
	check(put_file(path, "int h;\n"));
	snprintf(path, sizeof(path), "%s/a.h", dir);
	check(put_file(path, "int a;\n"));
	snprintf(path, sizeof(path), "%s/a.c", dir);
	check(put_file(path, "int c;\n"));
	snprintf(link, sizeof(link), "%s/l.h", dir);
	check(symlink(path, link) == 0);
	/* a header in each folder, from depth 1 to 17 */
	len = (size_t)snprintf(path, sizeof(path), "%s", dir);
	for (k = 1; k <= 17; k++) {
		len += (size_t)snprintf(path + len, sizeof(path) - len, "/d%zu", k);
		check(mkdir(path, 0700) == 0);
		snprintf(link, sizeof(link), "%s/h%zu.h", path, k);
		check(put_file(link, "int d;\n"));
	}
	hdrindex_add_root(dir);
	own = hdrindex_paths();
	hdrindex_free();
	hdrindex_add_root(dir);
	check_int(walk_path(dir, walked, dir), ==, 0);
	hdrindex_walked();
	from_walk = hdrindex_paths();
	if (check(own && from_walk))
		check_str(from_walk, own);
	/* a.h and the folders' of depth 1 to 15: no deeper, no link, no dot */
	check_int(hdrindex_count(), ==, 16);
	check(own && strstr(own, "/h15.h\n") && !strstr(own, "/h16.h") &&
	      !strstr(own, "/l.h") && !strstr(own, "hidden") &&
	      !strstr(own, "a.c"));
	hdrindex_free();
	/* what it says of each file: indexed (--jobs gathers from it) or not */
	hdrindex_add_root(dir);
	snprintf(path, sizeof(path), "%s/a.h", dir);
	check_int(hdrindex_walked_file(dir, path), ==, 1);
	snprintf(path, sizeof(path), "%s/a.c", dir);
	check_int(hdrindex_walked_file(dir, path), ==, 0);
	check_int(hdrindex_walked_file(dir, "/elsewhere/x.h"), ==, 0);
	hdrindex_free();
	free(own);
	free(from_walk);
	check_int(nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS), ==, 0);
}

/* A file of n bytes at path: 'x's, a NUL at nul (n: none). */
static bool put_bytes(const char *path, size_t n, size_t nul)
{
	char *text = malloc(n + 1);
	bool ok;

	if (!text)
		return false;
	memset(text, 'x', n);
	if (nul < n)
		text[nul] = 0;
	text[n] = 0;
	ok = put_file_n(path, text, n);
	free(text);
	return ok;
}

static void test_slurp_ro(void)
{
	char dir[] = "/tmp/unit-slurp.XXXXXX", path[64];
	const size_t sizes[] = { 100, SOURCE_MAP_MIN, SOURCE_MAP_MIN + 1,
				 3 * SOURCE_MAP_MIN + 7 };
	const bool maps[] = { false, false, true, true };
	const char *buf;
	size_t k, len;
	bool mapped;

	if (!check(mkdtemp(dir) != NULL))
		return;
	snprintf(path, sizeof(path), "%s/f.h", dir);
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		check(put_bytes(path, sizes[k], sizes[k]));
		buf = source_slurp_ro(path, &len, &mapped);
		if (!check(buf != NULL))
			continue;
		check_int(len, ==, sizes[k]);
		check_int(mapped, ==, maps[k]);	/* a full last page: read */
		check_int(buf[0], ==, 'x');
		check_int(buf[len - 1], ==, 'x');
		check_int(buf[len], ==, 0);
		source_unslurp(buf, len, mapped);
	}
	/* a NUL byte, large or small: no text, as source_slurp() says */
	check(put_bytes(path, SOURCE_MAP_MIN + 1, 10));
	check(source_slurp_ro(path, &len, &mapped) == NULL);
	check(put_bytes(path, 100, 10));
	check(source_slurp_ro(path, &len, &mapped) == NULL);
	unlink(path);
	check(source_slurp_ro(path, &len, &mapped) == NULL);
	check(source_slurp_ro(dir, &len, &mapped) == NULL);
	rmdir(dir);
}

int main(void)
{
	TEST(test_kinds(), "tokens: kinds, longest punctuators, pp-numbers, EOF sentinel");
	TEST(test_punctuators(), "punctuators: the longest of three, two or one bytes");
	TEST(test_rule_table(), "the rule table: one family per rule, in order; IDs and versions");
	TEST(test_strings(), "string and character literals: prefixes, escapes, unterminated");
	TEST(test_decls(), "declarations: lists, attributes, arrays, struct tags; members, locals, functions, typedefs are not objects");
	TEST(test_multiline_strings(), "GCC 2 strings over lines: one token; a directive line stops them");
	TEST(test_directives(), "directives: # after a comment, splices, header names");
	TEST(test_directive_ends(), "a directive ends with its line: no header name after it, '#' a directive only first on a line, braces in one move no depth and are no code braces (TF_LBRACE, TF_RBRACE)");
	TEST(test_comments(), "comments: a spliced // comment, CRLF, an open /*");
	TEST(test_wide_scans(), "names, comments and runs of blanks of 1 to 40 bytes: every end the 16-byte scans meet");
	TEST(test_directive_list(), "the list of directives: every token with TF_PP and TF_BOL, no other");
	TEST(test_token_words(), "token_is(), token_in(): the whole word, not a prefix, not a longer word");
	TEST(test_splice_ident(), "an identifier split by a backslash-CRLF");
	TEST(test_positions(), "line and display column: tabs to 8, UTF-8");
	TEST(test_names(), "module names from paths; C identifiers");
	TEST(test_utf8(), "UTF-8 validation");
	TEST(test_rewrite(), "edits: order at one offset, overlap refused");
	TEST(test_rewrite_pos(), "edits: an old offset in the new file");
	TEST(test_settle(), "overlapping fixes: the later finding is left unfixed, with why");
	TEST(test_diff(), "unified diff: context, no newline at end, a/ b/ names");
	TEST(test_port_article(), "the article's port, from tokens to bytes");
	TEST(test_idindex_kept(), "idindex: a name's uses outlive the index of every name");
	TEST(test_span_helpers(), "hash_span() of a short name as memcpy() makes it; span_eq() as memcmp(), no byte read outside");
	TEST(test_idindex_all(), "idindex: an index made whole at once keeps no asker's name");
	TEST(test_idindex_all_grows(), "an index made whole of many distinct names: its table doubles, every name keeps its uses and depths");
	TEST(test_idindex_gather(), "idindex: names gathered together, then one alone, then whole");
	TEST(test_idindex_gather_top(), "idindex: names gathered at file scope only; a splice in a whole index");
	TEST(test_aggregate_kws(), "the token list's identifiers that may be struct or union: those that are, and a spliced one; no longer, shorter or other name, comment nor string");
	TEST(test_bodies(), "the token list's bodies: where code braces leave depth 0; file-scope gathering over them finds what a whole index has at depth 0");
	TEST(test_span_bloom(), "span_bloom: every hash set found; of names never set, fewer than one in 30 found wrongly, and some");
	TEST(test_hashset(), "hashset: 5,000 keys past doublings, each found once, no other; room for 1,000 made at once, no doubling; a copy has all, no other");
	TEST(test_atlas_gone_members(), "the atlas: the members a struct lost within a target");
	TEST(test_atlas_gone_set(), "the atlas: the gone set probed inline answers as atlas_may_be_gone(), for each target");
	TEST(test_ppdirs(), "ppdirs: a text's directives and its #includes apart");
	TEST(test_nameset(), "nameset: 5,000 names alike but for their middles, each found, no other");
	TEST(test_harvest_members(), "harvest: a member's name, trailing attributes aside; C's type words are no names");
	TEST(test_harvest_members_only(), "harvest of the members and macros only: the same ones as a whole harvest, and nothing else");
	TEST(test_hdrsum(), "hdrsum: a header's identifiers at file scope (no directive's, member, body's) and #include \"x\" names, kept until a write and a change");
	TEST(test_hdrsum_shared(), "hdrsum shared: a summary put is taken by path, not read, and by sub/../ (not through a link); one never put is read; past the room or the table's slots, none is put");
	TEST(test_hdrcache(), "the header cache: read once, the least recently used let go past the budget, never the current file's nor the held one");
	TEST(test_inclines(), "a sibling's #include lines as fgets() reads them: after blanks, a long line's second piece; not after a byte, not after a NUL");
	TEST(test_inclines_kept(), "a folder's siblings listed once, until a write is said: a sibling added is seen then, one removed no longer read");
	TEST(test_hdrindex_walked(), "hdrindex built from the caller's walk holds what its own walk finds: headers to depth 15, no link, no dot folder, no .c");
	TEST(test_slurp_ro(), "a file read only: a large one mapped unless it fills its last page, NUL-terminated either way; a NUL byte, a folder, no file: none");
	TEST(test_atlas_index(), "the atlas's index built in is the one its text makes; a byte changed or short is not");
	token_list_free(&tl);
	return test_done();
}
