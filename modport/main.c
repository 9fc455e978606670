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
#include <malloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atlas.h"
#include "diag.h"
#include "diff.h"
#include "hdrcache.h"
#include "hdrindex.h"
#include "hdrsum.h"
#include "pathjoin.h"
#include "projexports.h"
#include "projnames.h"
#include "inplace.h"
#include "jobs.h"
#include "kbuildarch.h"
#include "suggest.h"
#include "target.h"
#include "kversion.h"
#include "settle.h"
#include "rules.h"
#include "source.h"
#include "token.h"
#include "walk.h"

#define MODPORT_VERSION "1.0"

enum verb { VERB_NONE, VERB_CHECK, VERB_FIX };

struct ctx {
	enum verb verb;
	bool in_place;
	bool filter;		/* fix -: the fixed source to stdout */
	bool summary;
	unsigned int jobs;	/* --jobs; 0: not given */
	size_t count[NR_RULES];	/* --summary */
	struct port_opts opts;
	struct rule_set rules;	/* --rules, --ignore, --target */
	struct source src;
	struct token_list tl;
	uint32_t target;	/* --jobs: the atlas releases of --target */
	/* --jobs check: the early item (a header) gathers; it did */
	bool gathering, gathered;
	bool share;		/* ... and its summary is shared (hdrsum.h) */
};

static void __attribute__((noreturn)) usage(const char *why)
{
	if (why)
		fprintf(stderr, "%s: %s\n", program_invocation_short_name,
			why);
	fprintf(why ? stderr : stdout,
		"usage: %s check [--summary] [--jobs=N] [--name=NAME] [RULES] PATH...\n"
		"       %s fix [--in-place] [--annotate] [--license=STRING] [--name=NAME]\n"
		"           [--param-perm=OCTAL] [--jobs=N] [RULES] PATH...\n"
		"       RULES: --rules=ID,... --ignore=ID,... --target=VERSION|LO..HI\n"
		"       (PATH - is standard input; fix - writes the fixed source)\n"
		"       %s --list-rules | --help | --version\n",
		program_invocation_short_name, program_invocation_short_name,
		program_invocation_short_name);
	exit(why ? 2 : 0);
}

static int max_status(int a, int b)
{
	return a > b ? a : b;
}

/* --summary: RULE COUNT per rule that found something, by ID, then the total. */
static void print_summary(const struct ctx *c)
{
	int order[NR_RULES], k, j;
	size_t total = 0;

	for (k = 0; k < NR_RULES; k++)	/* insertion sort by ID */
		for (j = k; j >= 0; j--) {
			if (!j || strcmp(rule_name(order[j - 1]),
					 rule_name(k)) < 0) {
				order[j] = k;
				break;
			}
			order[j] = order[j - 1];
		}
	for (k = 0; k < NR_RULES; k++) {
		if (!c->count[order[k]])
			continue;
		printf("%s %zu\n", rule_name(order[k]), c->count[order[k]]);
		total += c->count[order[k]];
	}
	printf("total %zu\n", total);
}

/* check: every finding in src on stdout, GCC's format. */
static int report_findings(struct ctx *c, const struct source *src,
			   const struct port *p)
{
	int status = 0;
	size_t k;

	for (k = 0; k < p->nr_f; k++) {
		const struct finding *f = &p->f[k];
		struct diag_pos at = diag_position(src->buf, f->pos);

		printf("%s:%u:%u: %s: %s [%s]\n", src->path, at.line, at.col,
		       f->severity == SEV_NOTE ? "note" : "warning", f->msg,
		       rule_name(f->rule));
		if (f->severity != SEV_NOTE) {
			status = 1;
			c->count[f->rule]++;
		}
	}
	return status;
}

/* fix: what fix leaves for the user (errors), and notes, on stderr. */
static int report_leftovers(const struct ctx *c, const struct settled *s)
{
	const char *buf = s->buf ? s->buf : c->src.buf;
	int status = 0;
	size_t k;

	for (k = 0; k < s->last.nr_f; k++) {
		const struct finding *f = &s->last.f[k];

		if (f->fixable)
			continue;
		diag_at(c->src.path, buf, f->pos,
			f->severity == SEV_NOTE ? "note" : "error",
			rule_name(f->rule),
			"%s", f->msg);
		if (f->severity != SEV_NOTE)
			status = 1;
	}
	if (s->unsettled) {
		fprintf(stderr, "%s: %s: fix did not reach its fixed point in %u pass%s (the last one still changes it): run fix again\n",
			program_invocation_short_name, c->src.path, s->passes,
			s->passes == 1 ? "" : "es");
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

/* The fixed file s (NULL buf: unchanged) to stdout, in place, or a diff. */
static int apply_fix(struct ctx *c, const struct settled *s)
{
	if (!s->buf)
		return c->filter ? write_source(c->src.buf, c->src.len, 0) : 0;
	if (c->filter)
		return write_source(s->buf, s->len, 1);
	if (c->in_place) {
		if (write_in_place(c->src.path, &c->src.st, s->buf, s->len))
			return 2;
		hdrcache_written();
		suggest_fixed(stderr, c->src.path, s->fixed);
		return 0;
	}
	return diff_print(stdout, c->src.path, c->src.buf, c->src.len,
			  s->buf, s->len) ? 2 : 1;
}

/*
 * Invalid UTF-8 (a Latin-1 name in a comment) does not stop processing:
 * a note on stderr, and the bytes are kept as they are.
 */
static void check_encoding(const struct source *src)
{
	size_t bad = utf8_invalid(src->buf, src->len);

	if (bad == src->len)
		return;
	fflush(stdout);
	diag_at(src->path, src->buf, bad, "note", NULL,
		"invalid UTF-8 (byte 0x%02x); processed as bytes, left as they are",
		(unsigned char)src->buf[bad]);
}

static int unterminated(const struct source *src, const struct port *p)
{
	diag_at(src->path, src->buf, p->open_pos, "error", NULL,
		"unterminated %s; file not processed",
		p->open_comment ? "comment" : "string literal");
	return 2;
}

/*
 * check: one pass over src, its findings on stdout.  tokens: src's, when
 * they are read already (NULL: tokenized into c->tl).
 */
static int check_source(struct ctx *c, const struct source *src,
			const struct token_list *tokens)
{
	struct port p = { 0 };
	int status, ret;

	ret = tokens ? settle_pass_tokens(src->path, src->buf, src->len,
					  &c->opts, tokens, &p) :
		       settle_pass(src->path, src->buf, src->len, &c->opts,
				   &c->tl, &p);
	if (!ret && c->gathering) {	/* a header: its names, as tokenized */
		const struct token_list *tl = tokens ? tokens : &c->tl;

		projnames_gather_tokens(src->buf, tl, engine_watched());
		if (c->share)
			hdrsum_share_put(src->path, src->buf, tl, &src->st);
		c->gathered = true;
	}
	if (ret) {
		file_error(src->path, "%s", strerror(ENOMEM));
		status = 2;
	} else if (p.open_pos != (size_t)-1) {
		status = unterminated(src, &p);
	} else {
		status = report_findings(c, src, &p);
	}
	port_free(&p);
	return status;
}

/* fix: to the fixed point; what is left on stderr, the result out. */
static int fix_source(struct ctx *c)
{
	struct settled s;
	int status, ret;

	ret = settle_fix(c->src.path, c->src.buf, c->src.len, &c->opts,
			 &c->tl, &s);
	if (ret) {
		file_error(c->src.path, "cannot fix: %s", strerror(-ret));
		status = 2;
	} else if (s.last.open_pos != (size_t)-1) {
		status = unterminated(&c->src, &s.last);
	} else if (c->in_place && s.buf &&
		   check_writable(c->src.path, &c->src.st)) {
		status = 2;
	} else {
		status = max_status(report_leftovers(c, &s), apply_fix(c, &s));
	}
	settled_free(&s);
	return status;
}

/* Port the source just read into c->src. */
static int process_source(struct ctx *c, enum source_status read)
{
	switch (read) {
	case SOURCE_SKIP:
		return 0;
	case SOURCE_ERROR:
		return 2;
	case SOURCE_OK:
		break;
	}
	check_encoding(&c->src);
	return c->verb == VERB_CHECK ? check_source(c, &c->src, NULL) :
				       fix_source(c);
}

/*
 * check of a header the walk comes to that the files before it included:
 * read and tokenized already, in the header cache.  -1: read it as any
 * other file (fix; a header not in the cache, or an empty one, whose
 * skip or error source_read() says).
 */
static int check_header(struct ctx *c, const char *path)
{
	const struct cached_header *h;
	struct source src = { .path = path };
	int status = -1;

	if (c->verb != VERB_CHECK || !source_is_header(path))
		return -1;
	h = hdrcache_hold(path);
	if (h && h->len) {
		src.buf = (char *)h->buf;	/* read only: check_source() */
		src.len = h->len;
		src.st = h->st;
		check_encoding(&src);
		status = check_source(c, &src, &h->tl);
	}
	hdrcache_release();
	return status;
}

static int process(const char *path, bool named, void *arg)
{
	struct ctx *c = arg;
	int status;

	kbuild_known_regular(named ? NULL : path);	/* the walk's: no link */
	status = check_header(c, path);

	if (status >= 0)
		return status;
	return process_source(c, source_read(&c->src, path, named));
}

/* --jobs: the files are listed first, then shared among the processes. */
static int list_file(const char *path, bool named, void *arg)
{
	if (!jobs_add(arg, path, named))
		return 0;
	file_error(path, "%s", strerror(ENOMEM));
	return 2;
}

/*
 * The files under path, listed; a folder's headers indexed from the same
 * walk (hdrindex_walked_file(): a folder named is a root of the project),
 * and side's files handed on (NULL: none).
 */
static int list_path(const char *path, struct jobs_list *l,
		     const struct walk_side *side)
{
	size_t k, from = l->nr;
	int status = walk_path_side(path, list_file, l, side);
	struct stat st;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return status;
	for (k = from; k < l->nr; k++) {
		int indexed = l->v[k].named ? 0 :
			      hdrindex_walked_file(path, l->v[k].path);

		if (indexed < 0) {
			file_error(l->v[k].path, "%s", strerror(ENOMEM));
			return 2;
		}
		l->v[k].early = indexed;	/* gathered from (projnames) */
	}
	return status;
}

/*
 * A file of --jobs.  An early one while the project's names are gathered:
 * a header, whose names are taken from its check's tokens (or read, where
 * the check made none); JOBS_LATER where its check asked for them.
 */
static int port_item(const struct jobs_item *it, void *arg)
{
	struct ctx *c = arg;
	int status;

	if (!it->path)
		return process_source(c, source_read_stdin(&c->src));
	c->gathering = it->early && projnames_gathering();
	c->share = c->gathering && it->mark;
	c->gathered = false;
	projnames_asked();	/* a question before this file's: forgotten */
	status = process(it->path, it->named, c);
	if (!c->gathering)
		return status;
	c->gathering = false;
	if (!c->gathered)
		projnames_gather_path(it->path);
	return projnames_asked() ? JOBS_LATER : status;
}

static void gather_begin(void *arg)
{
	const struct ctx *c = arg;
	const uint64_t *bits;
	size_t mask = 0;

	projnames_gather_begin(c->target);
	bits = projnames_watch(&mask);
	engine_watch(bits, mask, projnames_can_ask);
}

static int gather_put(int fd, void *arg)
{
	(void)arg;
	return projnames_gather_put(fd);
}

static int gather_take(int fd, void *arg)
{
	(void)arg;
	return projnames_gather_take(fd);
}

static void gather_end(bool complete, void *arg)
{
	(void)arg;
	projnames_gather_end(complete);
	engine_watch(NULL, 0, NULL);	/* the other files: no question */
}

static size_t gather_taken(void *arg)
{
	(void)arg;
	return hdrsum_shared_taken();
}

/*
 * check -j: the project's names gathered from its headers as checked
 * (and their summaries shared, hdrsum.h: what the trace counts taken).
 */
static const struct jobs_gather project_names = {
	.begin = gather_begin, .put = gather_put, .take = gather_take,
	.end = gather_end, .taken = gather_taken,
};

/* The first .c file of the list, or NULL. */
static const char *first_c_file(const struct jobs_list *l)
{
	size_t k;

	for (k = 0; k < l->nr; k++)
		if (l->v[k].path && source_is_c(l->v[k].path))
			return l->v[k].path;
	return NULL;
}

/*
 * The atlas read and the target's gone set made (atlas_gone_set()) by a
 * thread while the folders are walked: 20 to 30 ms that the processes
 * would otherwise wait for after the walk.  The walk and the Kconfig
 * thread touch neither.
 */
static struct {
	pthread_t thread;
	bool running;
	int ret;		/* atlas_load()'s */
	uint32_t target;
	const struct rule_set *rules;
} gone_early;

static void *make_gone_early(void *arg)
{
	char range[48];

	(void)arg;
	gone_early.ret = atlas_load();
	if (gone_early.ret < 0)
		return NULL;
	gone_early.target = target_atlas_releases(gone_early.rules, range,
						  sizeof(range));
	atlas_gone_set(gone_early.target);
	return NULL;
}

static void gone_early_start(const struct ctx *c)
{
	gone_early.rules = &c->rules;
	gone_early.running = !pthread_create(&gone_early.thread, NULL,
					     make_gone_early, NULL);
}

/* The thread's work waited for (or done here): 0, or -ENOMEM. */
static int gone_early_join(struct ctx *c)
{
	if (!gone_early.running) {	/* no thread: its work, here */
		make_gone_early(NULL);
	} else {
		pthread_join(gone_early.thread, NULL);
		gone_early.running = false;
	}
	c->target = gone_early.target;
	return gone_early.ret < 0 ? -ENOMEM : 0;
}

/*
 * check's processes share the summaries of the headers they check
 * (hdrsum.h), for the .c files that the others port: the early items (a
 * folder's headers) marked whose folder has a .c file - a #include "x"
 * names its own folder's header, as a rule; one elsewhere is read where
 * it is asked for.  Where the memory cannot be had, each process reads
 * the headers it asks about, as it would.  MODPORT_TEST_SHARE_ROOM=BYTES:
 * the room for them (the tests of one past it).
 */
static void share_summaries(struct jobs_list *l)
{
	const char *room = getenv("MODPORT_TEST_SHARE_ROOM");
	struct hash_set folders = { 0 };
	size_t k, n, marked = 0;

	for (k = 0; k < l->nr; k++)
		if (!l->v[k].named && source_is_c(l->v[k].path) &&
		    (n = path_folder_len(l->v[k].path)) &&
		    hashset_add(&folders, hashset_key(l->v[k].path, n)))
			goto out;	/* no memory: nothing shared */
	for (k = 0; k < l->nr; k++) {
		l->v[k].mark = l->v[k].early &&
			       (n = path_folder_len(l->v[k].path)) &&
			       hashset_has(&folders,
					   hashset_key(l->v[k].path, n));
		marked += l->v[k].mark;
	}
	hdrsum_share_start(marked, room ? strtoul(room, NULL, 10) : 0);
out:
	hashset_free(&folders);
}

/*
 * What every process needs, read or made before they part, once: the
 * atlas, the target's gone set (gone's filter: a process that finds none
 * makes its own), the tree's Kconfig files, which kbuildarch's first
 * question would read (by a thread while the folders were walked:
 * kbuild_kconfig_start(); else here), and for fix the project's headers
 * (projnames: read by processes of their own, while this one reads the
 * Kconfig files; check's processes gather them as they check them:
 * project_names, and share the summaries of the headers they check:
 * share_summaries()).  0 or -ENOMEM.
 */
static int before_parting(struct ctx *c, struct jobs_list *l)
{
	const char *c_file = first_c_file(l);

	if (gone_early_join(c) < 0) {
		kbuild_kconfig_join(c_file);
		return -ENOMEM;
	}
	kbuild_kconfig_join(c_file);	/* before any fork */
	if (c->verb != VERB_CHECK)
		projnames_start(c->jobs, c->target);
	if (c_file)
		kbuild_read_kconfig(c_file);
	if (c->verb == VERB_CHECK) {
		share_summaries(l);
		return 0;
	}
	return projnames_load(c->jobs, c->target);
}

/* Is the argument arg a folder (not "-", standard input)? */
static bool named_folder(const char *arg)
{
	struct stat st;

	return strcmp(arg, "-") && !stat(arg, &st) && S_ISDIR(st.st_mode);
}

/*
 * The first folder named, whose tree's Kconfig files a thread reads: its
 * index in argv (0: none).
 */
static int kconfig_early(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (named_folder(argv[i])) {
			kbuild_kconfig_start(argv[i]);
			return i;
		}
	return 0;
}

/* A Kconfig file of the walk, for the thread (kbuild_kconfig_fed()). */
static int kconfig_found(const char *path, bool named, void *arg)
{
	(void)named;
	(void)arg;
	kbuild_kconfig_found(path);
	return 0;
}

static const struct walk_side kconfig_side = {
	KBUILD_KCONFIG_PREFIX, kconfig_found, NULL
};

static int port_in_jobs(struct ctx *c, int argc, char **argv)
{
	struct jobs_list l = { 0 };
	int status = 0, i, kc;

	kc = kconfig_early(argc, argv);
	gone_early_start(c);
	for (i = 1; i < argc; i++) {
		/* the thread's tree is this folder: its walk is the thread's */
		bool feed = i == kc && kbuild_kconfig_fed();

		status = max_status(status, strcmp(argv[i], "-") ?
				    list_path(argv[i], &l,
					      feed ? &kconfig_side : NULL) :
				    jobs_add(&l, NULL, true) ? 2 : 0);
		if (feed)
			kbuild_kconfig_walked();
	}
	hdrindex_walked();
	if (l.nr <= 1) {
		kbuild_kconfig_join(NULL);	/* no parting: asked as asked */
		gone_early_join(c);
	} else if (before_parting(c, &l) < 0) {
		fprintf(stderr, "%s: %s\n", program_invocation_short_name,
			strerror(ENOMEM));
		jobs_list_free(&l);
		return 2;
	}
	status = max_status(status, jobs_run(&l, c->jobs, port_item, c,
					     c->count, NR_RULES,
					     c->verb == VERB_CHECK ?
					     &project_names : NULL));
	jobs_list_free(&l);
	return status;
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

enum { OPT_LIST_RULES = 256, OPT_RULES, OPT_IGNORE, OPT_TARGET };

/* --jobs=N: 1 to JOBS_MAX processes. */
static unsigned int parse_jobs(const char *s)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (!*s || *end || errno || n < 1 || n > JOBS_MAX)
		usage("--jobs wants a number of processes from 1 to 1024");
	return (unsigned int)n;
}

static const struct option longopts[] = {
	{ "annotate", no_argument, NULL, 'a' },
	{ "help", no_argument, NULL, 'h' },
	{ "ignore", required_argument, NULL, OPT_IGNORE },
	{ "in-place", no_argument, NULL, 'i' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "license", required_argument, NULL, 'l' },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "name", required_argument, NULL, 'n' },
	{ "param-perm", required_argument, NULL, 'p' },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "summary", no_argument, NULL, 's' },
	{ "target", required_argument, NULL, OPT_TARGET },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* --list-rules: ID, kind, gone in, new since, summary; tab-separated. */
static void __attribute__((noreturn)) list_rules(void)
{
	char gone[16], since[16];
	int r;

	printf("# ID\tKIND\tGONE IN\tNEW SINCE\tSUMMARY\n");
	for (r = 0; r < NR_RULES; r++)
		printf("%s\t%s\t%s\t%s\t%s\n", rule_table[r].id,
		       rule_table[r].kind == RULE_FIX ? "fix" : "report",
		       show_version(rule_table[r].gone, gone, sizeof(gone)),
		       show_version(rule_table[r].since, since, sizeof(since)),
		       rule_table[r].summary);
	exit(fflush(stdout) || ferror(stdout) ? 2 : 0);
}

/* --rules=ID,... or --ignore=ID,...: an unknown ID is a usage error. */
static void select_rules(struct ctx *c, const char *opt, const char *list,
			 bool keep)
{
	const char *bad, *near;
	size_t n;

	if (!rule_set_parse(&c->rules, list, keep, &bad, &n))
		return;
	near = suggest_rule(bad, n);
	if (near)
		fprintf(stderr, "%s: %s: unknown rule '%.*s': did you mean '%s'? (--list-rules lists them)\n",
			program_invocation_short_name, opt, (int)n, bad, near);
	else
		fprintf(stderr, "%s: %s: unknown rule '%.*s' (--list-rules lists them)\n",
			program_invocation_short_name, opt, (int)n, bad);
	exit(2);
}

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

	while ((ch = getopt_long(argc, argv, "ahij:l:n:p:sV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			c->opts.annotate = true;
			break;
		case 'h':
			usage(NULL);
		case 'i':
			c->in_place = true;
			break;
		case 'j':
			c->jobs = parse_jobs(optarg);
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
		case OPT_LIST_RULES:
			list_rules();
		case OPT_RULES:
			select_rules(c, "--rules", optarg, true);
			break;
		case OPT_IGNORE:
			select_rules(c, "--ignore", optarg, false);
			break;
		case OPT_TARGET:
			if (rule_set_target(&c->rules, optarg))
				usage("--target wants a kernel version (6.1, 2.6.17) or a range LO..HI");
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

/* The folders named are the project: their headers serve its includes. */
static void add_roots(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (named_folder(argv[i]) && hdrindex_add_root(argv[i])) {
			fprintf(stderr, "%s: %s\n",
				program_invocation_short_name,
				strerror(ENOMEM));
			exit(2);
		}
}

/*
 * A tree's files and headers come and go by the thousand, some of them
 * tens of megabytes (amdgpu's register headers): kept in the heap, their
 * buffers are reused, where glibc's defaults map and unmap each large one
 * and fault its pages in again (a fifth of the CPU time over
 * linux-source-6.1's drivers/gpu, most of it in the kernel).
 */
static void keep_heap(void)
{
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD) && defined(M_TOP_PAD)
	mallopt(M_MMAP_THRESHOLD, 1 << 30);
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
	mallopt(M_TOP_PAD, 64 << 20);
#endif
}

int main(int argc, char **argv)
{
	struct ctx c = { .verb = VERB_NONE };
	int status = 0, i;

	keep_heap();
	rule_set_all(&c.rules);
	rule_set_target(&c.rules, KV_DEFAULT_TARGET);
	c.opts.rules = &c.rules;
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
	if (c.in_place && c.jobs > 1)	/* a header fixed under another job */
		usage("--in-place runs as one process: a file's fix reads the headers that fix rewrote before it");
	if (!c.jobs)
		c.jobs = c.in_place ? 1 : jobs_default();
	check_paths(&c, argc, argv);
	add_roots(argc, argv);
	if (c.jobs > 1)
		status = port_in_jobs(&c, argc, argv);
	for (i = 1; c.jobs == 1 && i < argc; i++)
		status = max_status(status, strcmp(argv[i], "-") ?
				    walk_path(argv[i], process, &c) :
				    process_source(&c, source_read_stdin(&c.src)));
	if (c.summary)
		print_summary(&c);
	source_free(&c.src);
	token_list_free(&c.tl);
	hdrindex_free();
	hdrsum_free();
	projexports_free();
	projnames_free();
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: stdout: %s\n",
			program_invocation_short_name, strerror(errno));
		return 2;
	}
	return status;
}
