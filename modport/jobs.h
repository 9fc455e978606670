/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jobs: the files of a run ported by several processes (--jobs=N), as
 * make -j builds a tree, and their output printed as one process would
 * print it: each file's lines on stdout and stderr in the order of the
 * list, whichever process ported it.  A process that dies leaves its
 * unfinished files to the parent, which ports them itself, in order.
 */
#ifndef MODPORT_JOBS_H
#define MODPORT_JOBS_H

#include <stdbool.h>
#include <stddef.h>

#define JOBS_MAX 1024

/* A file to port: path NULL is standard input. */
struct jobs_item {
	char *path;
	bool named;		/* named on the command line */
	bool early;		/* ported before the others where jobs_run()
				 * gathers (struct jobs_gather) */
	bool mark;		/* fn's own: jobs_run() does not read it */
};

struct jobs_list {
	struct jobs_item *v;
	size_t nr, alloc;
};

/*
 * The processes of a run that names none: one per CPU this process may
 * run on (sched_getaffinity), 1 to JOBS_MAX.
 */
unsigned int jobs_default(void);

/* Append a copy of path (NULL: stdin); 0 or -ENOMEM. */
int jobs_add(struct jobs_list *l, const char *path, bool named);
void jobs_list_free(struct jobs_list *l);

/*
 * Port one item; returns an exit status (0, 1 or 2), or JOBS_LATER: an
 * early item whose port asked for what the gathering has not finished
 * (struct jobs_gather), to be ported again once it has.
 */
typedef int (*jobs_fn)(const struct jobs_item *it, void *arg);
#define JOBS_LATER (-1)

/*
 * What the early items gather, that the others need all of: a project's
 * headers declare names that any file may ask for.  Each process ports
 * its share of the early items first, begin() before them, and writes
 * what they gathered to a memory file (put(): 0, or -1 where it failed);
 * once every process has, each one reads the others' (take(): 0 or -1)
 * and says end(true) - or end(false) where one of them failed or died,
 * and then each process is on its own.  Then come the other items and
 * the early ones that said JOBS_LATER: what those printed and counted
 * the first time is dropped.  In one process, nothing is gathered: fn
 * asks as it asks.
 */
struct jobs_gather {
	void (*begin)(void *arg);
	int (*put)(int fd, void *arg);
	int (*take)(int fd, void *arg);
	void (*end)(bool complete, void *arg);
	/*
	 * NULL, or how many things made by other processes this one took
	 * where it would have made them itself (MODPORT_TRACE_JOBS).
	 */
	size_t (*taken)(void *arg);
};

/*
 * Port every item of l with fn, in jobs processes (1: in this one), and
 * return the largest status.  The nr_sums counters at sums[] that fn adds
 * to (per-rule counts) are added up from every process into sums[].
 * gather: NULL, or what the early items gather, as above.
 */
int jobs_run(const struct jobs_list *l, unsigned int jobs, jobs_fn fn,
	     void *arg, size_t *sums, size_t nr_sums,
	     const struct jobs_gather *gather);

#endif
