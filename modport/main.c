// SPDX-License-Identifier: GPL-2.0
/*
 * modport: port Linux 2.4-style module sources to the 2.6 form, as in LWN's
 * "Driver porting: hello world" (2003).
 *
 *	modport check PATH...	report, as FILE:LINE:COL: warning: ... [RULE]
 *	modport fix PATH...	print a unified diff, or --in-place
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildfile.h"
#include "diag.h"
#include "diff.h"
#include "inplace.h"
#include "kversion.h"
#include "rewrite.h"
#include "rules.h"
#include "source.h"
#include "token.h"
#include "walk.h"

#define MODPORT_VERSION "1.0"

enum verb { VERB_NONE, VERB_CHECK, VERB_FIX };

#define MAX_RULES 64

struct rule_count {
	const char *rule;
	size_t n;
};

struct ctx {
	enum verb verb;
	bool in_place;
	bool filter;		/* fix -: the fixed source to stdout */
	bool summary;
	struct rule_count count[MAX_RULES];
	size_t nr_count;
	struct port_opts opts;
	struct kv_range target;	/* --target, default KV_DEFAULT_TARGET */
	struct source src;
	struct token_list tl;
};

static void __attribute__((noreturn)) usage(const char *why)
{
	if (why)
		fprintf(stderr, "%s: %s\n", program_invocation_short_name,
			why);
	fprintf(why ? stderr : stdout,
		"usage: %s check [--summary] [--name=NAME] [--target=VERSION] PATH...\n"
		"       %s fix [--in-place] [--annotate] [--license=STRING] [--name=NAME]\n"
		"           [--param-perm=OCTAL] [--target=VERSION] PATH...\n"
		"       (VERSION: 6.1, 6.12.5, a range 6.1..7.3; default " KV_DEFAULT_TARGET ")\n"
		"       (PATH - is standard input; fix - writes the fixed source)\n"
		"       %s --help | --version\n",
		program_invocation_short_name, program_invocation_short_name,
		program_invocation_short_name);
	exit(why ? 2 : 0);
}

static int max_status(int a, int b)
{
	return a > b ? a : b;
}

/* --summary: one more finding of rule. */
static void count_rule(struct ctx *c, const char *rule)
{
	size_t k;

	for (k = 0; k < c->nr_count; k++)
		if (!strcmp(c->count[k].rule, rule))
			break;
	if (k == MAX_RULES)
		return;
	if (k == c->nr_count)
		c->count[c->nr_count++] = (struct rule_count){ rule, 0 };
	c->count[k].n++;
}

static int cmp_count(const void *a, const void *b)
{
	const struct rule_count *x = a, *y = b;

	return strcmp(x->rule, y->rule);
}

/* --summary: RULE COUNT per rule, sorted by rule, then the total. */
static void print_summary(struct ctx *c)
{
	size_t k, total = 0;

	qsort(c->count, c->nr_count, sizeof(c->count[0]), cmp_count);
	for (k = 0; k < c->nr_count; k++) {
		printf("%s %zu\n", c->count[k].rule, c->count[k].n);
		total += c->count[k].n;
	}
	printf("total %zu\n", total);
}

/* check: every finding on stdout, GCC's format. */
static int report_findings(struct ctx *c, const struct port *p)
{
	int status = 0;
	size_t k;

	for (k = 0; k < p->nr_f; k++) {
		const struct finding *f = &p->f[k];
		struct diag_pos at = diag_position(c->src.buf, f->pos);

		printf("%s:%u:%u: %s: %s [%s]\n", c->src.path, at.line, at.col,
		       f->severity == SEV_NOTE ? "note" : "warning", f->msg,
		       f->rule);
		if (f->severity != SEV_NOTE) {
			status = 1;
			count_rule(c, f->rule);
		}
	}
	return status;
}

/* fix: what fix leaves for the user (errors), and notes, on stderr. */
static int report_leftovers(const struct ctx *c, const struct port *p)
{
	int status = 0;
	size_t k;

	for (k = 0; k < p->nr_f; k++) {
		const struct finding *f = &p->f[k];

		if (f->fixable)
			continue;
		diag_at(c->src.path, c->src.buf, f->pos,
			f->severity == SEV_NOTE ? "note" : "error", f->rule,
			"%s", f->msg);
		if (f->severity != SEV_NOTE)
			status = 1;
	}
	return status;
}

/* fix -: the whole source to stdout; status, or 2 if it cannot be written. */
static int write_source(const char *buf, size_t len, int status)
{
	if (fwrite(buf, 1, len, stdout) != len) {
		file_error(SOURCE_STDIN, "cannot write the fixed source: %s",
			   strerror(errno));
		return 2;
	}
	return status;
}

static int apply_fix(struct ctx *c, struct port *p)
{
	size_t len;
	char *out;
	int ret;

	if (!p->nr_e)
		return c->filter ? write_source(c->src.buf, c->src.len, 0) : 0;
	out = rewrite(c->src.buf, c->src.len, p->e, p->nr_e, &len);
	if (!out) {
		file_error(c->src.path, "cannot fix: %s", strerror(errno));
		return 2;
	}
	if (c->filter)
		ret = write_source(out, len, len != c->src.len ||
				   memcmp(out, c->src.buf, len) ? 1 : 0);
	else if (len == c->src.len && !memcmp(out, c->src.buf, len))
		ret = 0;
	else if (c->in_place)
		ret = write_in_place(c->src.path, &c->src.st, out, len) ? 2 : 0;
	else
		ret = diff_print(stdout, c->src.path, c->src.buf, c->src.len,
				 out, len) ? 2 : 1;
	free(out);
	return ret;
}

/* The content checks that do not stop processing: invalid UTF-8. */
static int check_encoding(const struct source *src)
{
	size_t bad = utf8_invalid(src->buf, src->len);
	struct diag_pos at;

	if (bad == src->len)
		return 0;
	at = diag_position(src->buf, bad);
	fflush(stdout);
	fprintf(stderr,
		"%s: %s:%u:%u: invalid UTF-8 (byte 0x%02x); processed as bytes, left as they are\n",
		program_invocation_short_name, src->path, at.line, at.col,
		(unsigned char)src->buf[bad]);
	return 2;
}

static int port_one(struct ctx *c, struct port *p)
{
	if (p->open_pos != (size_t)-1) {
		diag_at(c->src.path, c->src.buf, p->open_pos, "error", NULL,
			"unterminated %s; file not processed",
			p->open_comment ? "comment" : "string literal");
		return 2;
	}
	if (c->verb == VERB_CHECK)
		return report_findings(c, p);
	if (c->in_place && p->nr_e && check_writable(c->src.path, &c->src.st))
		return 2;
	return max_status(report_leftovers(c, p), apply_fix(c, p));
}

/* A build file, or C: the rules, then the version conditionals resolved. */
static int port_source(struct ctx *c, const char *path, struct port *p)
{
	struct port kv = { 0 };
	int ret;

	if (buildfile_name(path)) {
		p->open_pos = (size_t)-1;
		return buildfile_port(c->src.buf, c->src.len, &c->target, p);
	}
	ret = tokenize(c->src.buf, c->src.len, &c->tl) ||
	      port_file(path, c->src.buf, c->src.len, &c->tl, &c->opts, p) ||
	      (p->open_pos == (size_t)-1 &&
	       (kv_resolve(c->src.buf, c->src.len, &c->tl, &c->target, &kv) ||
		kv_merge(p, &kv)));
	port_free(&kv);
	return ret;
}

/* Port the source just read into c->src. */
static int process_source(struct ctx *c, enum source_status read)
{
	const char *path = c->src.path;
	struct port p = { 0 };
	int status;

	switch (read) {
	case SOURCE_SKIP:
		return 0;
	case SOURCE_ERROR:
		return 2;
	case SOURCE_OK:
		break;
	}
	status = check_encoding(&c->src);
	if (port_source(c, path, &p)) {
		file_error(path, "%s", strerror(ENOMEM));
		port_free(&p);
		return 2;
	}
	status = max_status(status, port_one(c, &p));
	port_free(&p);
	return status;
}

static int process(const char *path, bool named, void *arg)
{
	struct ctx *c = arg;

	return process_source(c, source_read(&c->src, path, named));
}

/* The paths: '-' is standard input, once, and alone for fix. */
static void check_paths(struct ctx *c, int argc, char **argv)
{
	int i, dashes = 0;

	for (i = 1; i < argc; i++)
		dashes += !strcmp(argv[i], "-");
	if (dashes > 1)
		usage("standard input (-) can be read once");
	if (dashes && c->verb == VERB_FIX && (argc > 2 || c->in_place))
		usage("fix - writes the fixed source to stdout: no other PATH, no --in-place");
	c->filter = dashes && c->verb == VERB_FIX;
}

static const struct option longopts[] = {
	{ "annotate", no_argument, NULL, 'a' },
	{ "help", no_argument, NULL, 'h' },
	{ "in-place", no_argument, NULL, 'i' },
	{ "license", required_argument, NULL, 'l' },
	{ "name", required_argument, NULL, 'n' },
	{ "param-perm", required_argument, NULL, 'p' },
	{ "summary", no_argument, NULL, 's' },
	{ "target", required_argument, NULL, 't' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

static void parse_options(struct ctx *c, int argc, char **argv)
{
	int ch;

	while ((ch = getopt_long(argc, argv, "ahil:n:p:st:V", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			c->opts.annotate = true;
			break;
		case 'h':
			usage(NULL);
		case 'i':
			c->in_place = true;
			break;
		case 'l':
			if (!*optarg || !printable(optarg) || strlen(optarg) > 100)
				usage("--license wants a printable string of 1 to 100 characters");
			c->opts.license = optarg;
			break;
		case 'n':
			if (!is_identifier(optarg) || strlen(optarg) > 100)
				usage("--name wants a C identifier");
			c->opts.name = optarg;
			break;
		case 'p':
			if (!*optarg || strlen(optarg) > 4 ||
			    strspn(optarg, "01234567") != strlen(optarg))
				usage("--param-perm wants an octal mode, e.g. 0444");
			c->opts.param_perm = optarg;
			break;
		case 's':
			c->summary = true;
			break;
		case 't':
			if (kv_parse_target(optarg, &c->target))
				usage("--target wants a kernel version (6.1, 6.12.5) or a range LO..HI");
			break;
		case 'V':
			printf("%s %s\n", program_invocation_short_name,
			       MODPORT_VERSION);
			exit(0);
		default:
			usage("unknown option");
		}
	}
}

int main(int argc, char **argv)
{
	struct ctx c = { .verb = VERB_NONE };
	int status = 0, i;

	kv_parse_target(KV_DEFAULT_TARGET, &c.target);
	parse_options(&c, argc, argv);
	argc -= optind;
	argv += optind;
	if (argc < 1)
		usage("no command given");
	if (!strcmp(argv[0], "check"))
		c.verb = VERB_CHECK;
	else if (!strcmp(argv[0], "fix"))
		c.verb = VERB_FIX;
	else
		usage("the command is check or fix");
	if (argc < 2)
		usage("no PATH given");
	if (c.verb == VERB_CHECK && (c.in_place || c.opts.annotate ||
				     c.opts.license || c.opts.param_perm))
		usage("--in-place, --annotate, --license and --param-perm are for fix");
	if (c.verb == VERB_FIX && c.summary)
		usage("--summary is for check");
	check_paths(&c, argc, argv);
	for (i = 1; i < argc; i++)
		status = max_status(status, strcmp(argv[i], "-") ?
				    walk_path(argv[i], process, &c) :
				    process_source(&c, source_read_stdin(&c.src)));
	if (c.summary)
		print_summary(&c);
	source_free(&c.src);
	token_list_free(&c.tl);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: stdout: %s\n",
			program_invocation_short_name, strerror(errno));
		return 2;
	}
	return status;
}
