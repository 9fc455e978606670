// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "atlas.h"
#include "harvest.h"
#include "hashspan.h"
#include "hdrindex.h"
#include "identrun.h"
#include "nameset.h"
#include "projnames.h"
#include "source.h"

static struct nameset members;
/*
 * 0: not read, 1: read, STATE_READING: by parts, STATE_GATHERING: from
 * the headers as they are checked, -ENOMEM
 */
static int state;
#define STATE_READING 2	/* projnames_start() */
#define STATE_GATHERING 3	/* projnames_gather_begin() */
/* Gathering: a question came (projnames_asked()); a header went wrong. */
static bool asked, gather_failed;
/*
 * The releases whose members missing from every struct
 * (atlas_may_be_gone(), ATLAS_USE_ANY_MEMBER) the set was read for: a
 * header that spells none of them is not harvested, as no name it
 * declares can be asked.  0: every header was.
 */
static uint32_t read_for;

/* Where a reading puts the names: this process's set, or a part's. */
struct reading {
	struct nameset *into;
	int ret;
};

static void harvested(void *arg, const struct harvest_name *hn)
{
	struct reading *r = arg;

	/*
	 * Only a name that some kernel's struct has as a member is ever
	 * asked for (projnames.h): a tree's millions of register macros
	 * (amdgpu's) need no room.
	 */
	if ((hn->kind == HK_MEMBER || hn->kind == HK_MACRO) &&
	    atlas_mask(ATLAS_ANY_MEMBER, NULL, 0, hn->name, strlen(hn->name)) &&
	    nameset_add(r->into, hn->name))
		r->ret = -ENOMEM;
}

/* Is a backslash-newline at p (of buf) inside an identifier? */
static bool splits_ident(const char *buf, const char *p)
{
	const char *q = p;

	if (p == buf || !ident_byte(p[-1]))
		return false;
	while (q[0] == '\\' && (q[1] == '\n' || (q[1] == '\r' && q[2] == '\n')))
		q += q[1] == '\n' ? 2 : 3;
	return ident_byte(*q);
}

/*
 * Past the comment, string or character literal at p (tokenize.c's),
 * never further: an escape ends at its byte, a literal at an unescaped
 * newline, a // comment at a newline that no backslash continues.
 */
static const char *skip_literal(const char *p, const char *end)
{
	char q = *p;
	const char *e;

	if (q == '/' && p[1] == '*') {
		e = memmem(p + 2, (size_t)(end - p - 2), "*/", 2);
		return e ? e + 2 : end;
	}
	if (q == '/') {		/* p[1] == '/' */
		for (p += 2; (e = memchr(p, '\n', (size_t)(end - p))); p = e + 1)
			if (e[-1] != '\\' && !(e[-1] == '\r' && e[-2] == '\\'))
				return e;
		return end;
	}
	for (p++; p < end && *p != q && *p != '\n'; p++)
		if (*p == '\\' && p + 1 < end)
			p++;
	return p < end ? p + 1 : end;
}

/* What can_be_asked() does at a byte. */
enum scan_class { S_OTHER, S_IDENT, S_LITERAL, S_SLASH, S_BACKSLASH, S_NUL };

static unsigned char scan_class[256];

static void init_scan_class(void)
{
	int c;

	for (c = 0; c < 256; c++)
		scan_class[c] = ident_byte((char)c) ? S_IDENT : S_OTHER;
	scan_class['"'] = scan_class['\''] = S_LITERAL;
	scan_class['/'] = S_SLASH;
	scan_class['\\'] = S_BACKSLASH;
	scan_class[0] = S_NUL;
}

/*
 * Past the run of identifier bytes (ident_byte()) at p, which is one:
 * sixteen at a time while sixteen are left (the run of a register
 * header's names and numbers is long), the rest one by one.
 */
static const char *ident_run(const char *p, const char *end)
{
	p = ident_run16(p, end, false);
	if (end - p >= 16)
		return p;	/* on the first other byte (tokenize.c) */
	while (scan_class[(unsigned char)*p] == S_IDENT)
		p++;
	return p;
}

/*
 * Is p (end: the text's) the word "define" of a directive, whose run of
 * other bytes [run, p) ends with '#' and blanks?  The word declares no
 * name (the macro after it does): not asked of the atlas, as a register
 * header's every line would ask it.
 */
static bool directive_define(const char *run, const char *p, const char *end)
{
	const char *q = p;

	if (end - p < 7 || memcmp(p, "define", 6) ||
	    scan_class[(unsigned char)p[6]] == S_IDENT)
		return false;
	while (q > run && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	return q > run && q[-1] == '#';
}

/*
 * Can a name the header declares be asked (projnames_member())?  Only a
 * member missing from every struct of a kernel within read_for is
 * (atlas_may_be_gone(), ATLAS_USE_ANY_MEMBER), and the header declares a
 * name it spells.  The code's bytes (buf[len] is a NUL) are read as runs
 * of identifier characters, without tokens: comments and literals skipped
 * (where tokenize() may go on, this scan stops first), a number's letters
 * a run too (one that starts with a digit names nothing), and an
 * identifier split by a backslash-newline makes the header one to
 * harvest whatever it spells (harvest.h: splices removed).
 */
static bool can_be_asked(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *start;
	const struct atlas_gone_set *set;

	if (!read_for || !(set = atlas_gone_set(read_for)))
		return true;	/* no atlas to ask: every header, as with none */
	if (!scan_class['a'])
		init_scan_class();
	while (p < end) {
		switch (scan_class[(unsigned char)*p]) {
		case S_OTHER:
			start = p++;
			if (p[-1] == ' ' && *p == ' ')	/* a run of blanks */
				p = blank_run16(p, end);
			while (scan_class[(unsigned char)*p] == S_OTHER)
				p++;
			if (*p == 'd' && directive_define(start, p, end))
				p += 6;
			break;
		case S_IDENT:
			start = p;
			p = ident_run(p, end);
			if (!(*start >= '0' && *start <= '9') &&	/* a number */
			    atlas_gone_set_has(set, ATLAS_USE_ANY_MEMBER,
					       hash_span(start,
							 (size_t)(p - start))))
				return true;
			break;
		case S_LITERAL:
			p = skip_literal(p, end);
			break;
		case S_SLASH:
			p = p[1] == '*' || p[1] == '/' ? skip_literal(p, end) :
							 p + 1;
			break;
		case S_BACKSLASH:
			if (splits_ident(buf, p))
				return true;
			p++;
			break;
		default:	/* a NUL: in the text, or its end */
			p++;
			break;
		}
	}
	return false;
}

/* One header; one that cannot be read declares nothing. */
static int read_header(const char *path, struct nameset *into)
{
	struct reading r = { .into = into };
	struct token_list tl = { 0 };
	size_t len;
	bool mapped;
	const char *buf = source_slurp_ro(path, &len, &mapped);
	int ret = 0;

	if (!buf)
		return 0;
	if (can_be_asked(buf, len) &&
	    (tokenize(buf, len, &tl) ||
	     harvest(buf, &tl, HARVEST_NAMES_ONLY | HARVEST_MEMBERS_ONLY,
		     harvested, &r)))
		ret = -ENOMEM;
	token_list_free(&tl);
	source_unslurp(buf, len, mapped);
	return ret ? ret : r.ret;
}

/* The headers k = first, first + step... into a set: 0 or -ENOMEM. */
static int read_some(size_t first, size_t step, struct nameset *into)
{
	size_t k, n = hdrindex_count();
	int ret = 0;

	for (k = first; !ret && k < n; k += step)
		ret = read_header(hdrindex_path(k), into);
	return ret;
}

static int read_all(void)
{
	int ret = read_some(0, 1, &members);

	return ret ? ret : 1;
}

/* The names of set to out, each ended by a NUL: 0 or -1. */
static int write_names(const struct nameset *set, FILE *out)
{
	size_t k;

	for (k = 0; k < set->size; k++)
		if (set->e[k].name &&
		    fwrite(set->e[k].name, 1, set->e[k].len + 1, out) !=
		    set->e[k].len + 1)
			return -1;
	return 0;
}

/*
 * A part's process: its share of the headers, their names written to the
 * memory file fd, each once, each ended by a NUL.  Exits 0, or 1.
 */
static void __attribute__((noreturn)) read_part(size_t part, size_t parts,
						int fd)
{
	struct nameset mine = { 0 };
	FILE *out = fdopen(fd, "w");
	int ok = out && !read_some(part, parts, &mine) &&
		 !write_names(&mine, out);

	if (!out || fflush(out))
		ok = 0;
	_exit(ok ? 0 : 1);
}

/* The names a part wrote to fd, into the set: 0, -EIO or -ENOMEM. */
static int take_part(int fd)
{
	struct stat st;
	const char *p, *end, *names;
	int ret = 0;

	if (fstat(fd, &st))
		return -EIO;
	if (!st.st_size)
		return 0;
	names = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (names == MAP_FAILED)
		return -EIO;
	end = names + st.st_size;
	if (end[-1])
		ret = -EIO;	/* a part cut short */
	for (p = names; !ret && p < end; p += strlen(p) + 1)
		ret = nameset_add(&members, p) ? -ENOMEM : 0;
	munmap((void *)names, (size_t)st.st_size);
	return ret;
}

/* The parts reading now (projnames_start()), not yet taken. */
static struct {
	int fd[PROJNAMES_MAX_PARTS];
	pid_t pid[PROJNAMES_MAX_PARTS];
	size_t made;
	int ret;		/* -errno: a part could not start */
} reading;

/*
 * Start parts processes, each to read every parts-th header.  Where not
 * all of them start, reading.ret says why: those that did are waited for
 * all the same, and their names dropped (read_all() makes the set).
 */
static void start_parts(size_t parts)
{
	size_t made;

	fflush(NULL);	/* nothing buffered is written twice */
	for (made = 0; made < parts; made++) {
		reading.fd[made] = memfd_create("modport-projnames",
						MFD_CLOEXEC);
		if (reading.fd[made] < 0)
			break;
		reading.pid[made] = fork();
		if (reading.pid[made] == 0)
			read_part(made, parts, reading.fd[made]);
		if (reading.pid[made] < 0) {
			close(reading.fd[made]);
			break;
		}
	}
	reading.made = made;
	reading.ret = made < parts ? -errno : 0;
	state = STATE_READING;
}

/*
 * The names the parts wrote, taken into the set that read_all() makes
 * once they are done: 1, or -errno (then read_all() makes it).
 */
static int take_parts(void)
{
	int ret = reading.ret, status;
	size_t k;

	for (k = 0; k < reading.made; k++) {
		if (waitpid(reading.pid[k], &status, 0) != reading.pid[k] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			ret = ret ? ret : -EIO;
		if (!ret)
			ret = take_part(reading.fd[k]);
		close(reading.fd[k]);
	}
	reading.made = 0;
	if (ret)
		nameset_free(&members);
	return ret ? ret : 1;
}

/*
 * The parts' set taken, if they are reading (read here, where they
 * failed): the state then.
 */
static int taken(void)
{
	if (state == STATE_READING && (state = take_parts()) < 0)
		state = read_all();
	return state;
}

int projnames_member(uint32_t target, const char *s, size_t len)
{
	if (state == STATE_GATHERING) {
		asked = true;	/* no answer yet: the file waits (jobs.h) */
		return 1;
	}
	if (taken() > 0 && read_for &&
	    (target != read_for ||
	     !atlas_may_be_gone(read_for, ATLAS_USE_ANY_MEMBER, s, len))) {
		projnames_free();	/* a name the set was not read for */
		target = 0;		/* every header, then */
	}
	if (!state) {
		read_for = target;
		state = read_all();
	}
	if (state < 0)
		return state;
	return nameset_has(&members, s, len);
}

int projnames_start(unsigned int jobs, uint32_t target)
{
	size_t parts = jobs < PROJNAMES_MAX_PARTS ? jobs : PROJNAMES_MAX_PARTS;

	if (parts > hdrindex_count())
		parts = hdrindex_count();
	if (state)
		return 0;	/* read, or being read */
	read_for = target;
	if (parts > 1 && atlas_load() == 0)
		start_parts(parts);
	return 0;
}

int projnames_load(unsigned int jobs, uint32_t target)
{
	projnames_start(jobs, target);
	if (!taken())
		state = read_all();
	return state < 0 ? state : 0;
}

/* The set gathered for: a name the gathering watches for (projnames.h). */
static const struct atlas_gone_set *gather_set;

bool projnames_can_ask(uint64_t span)
{
	return !gather_set ||
	       atlas_gone_set_has(gather_set, ATLAS_USE_ANY_MEMBER, span);
}

const uint64_t *projnames_watch(size_t *mask)
{
	if (!gather_set)
		return NULL;
	*mask = gather_set->spans_mask[ATLAS_SPANS_ANY_MEMBER];
	return gather_set->spans[ATLAS_SPANS_ANY_MEMBER];
}

void projnames_gather_begin(uint32_t target)
{
	projnames_free();
	read_for = target;
	gather_set = target ? atlas_gone_set(target) : NULL;
	state = STATE_GATHERING;
}

bool projnames_gathering(void)
{
	return state == STATE_GATHERING;
}

void projnames_gather_tokens(const char *buf, const struct token_list *tl,
			     bool may_ask)
{
	struct reading r = { .into = &members };

	if (state != STATE_GATHERING || !may_ask)
		return;
	if (harvest(buf, tl, HARVEST_NAMES_ONLY | HARVEST_MEMBERS_ONLY,
		    harvested, &r) || r.ret)
		gather_failed = true;
}

void projnames_gather_path(const char *path)
{
	if (state == STATE_GATHERING && read_header(path, &members))
		gather_failed = true;
}

bool projnames_asked(void)
{
	bool was = asked;

	asked = false;
	return was;
}

int projnames_gather_put(int fd)
{
	FILE *out;
	int dup_fd = gather_failed ? -1 : dup(fd);	/* fd stays open */
	int ret;

	if (dup_fd < 0 || !(out = fdopen(dup_fd, "w"))) {
		if (dup_fd >= 0)
			close(dup_fd);
		return -1;
	}
	ret = write_names(&members, out);
	return fclose(out) ? -1 : ret;
}

int projnames_gather_take(int fd)
{
	return take_part(fd) ? -1 : 0;
}

void projnames_gather_end(bool complete)
{
	if (complete && !gather_failed) {
		state = 1;	/* read: for the target it began with */
		return;
	}
	nameset_free(&members);
	state = 0;		/* each question reads them all, once */
	read_for = 0;
	gather_set = NULL;
	gather_failed = false;
}

void projnames_free(void)
{
	if (state == STATE_READING)
		take_parts();	/* none left running; their names dropped */
	nameset_free(&members);
	state = 0;
	read_for = 0;
	gather_set = NULL;
	asked = gather_failed = false;
}
