// SPDX-License-Identifier: GPL-2.0
/*
 * jobs.c: the files of a run ported by several processes (jobs.h).
 *
 * The list is cut into chunks: the files of one folder, at most
 * CHUNK_MAX of them, so that a process reads a folder's local headers
 * once (hdrcache).  Each worker claims the next chunk from a counter in
 * shared memory, ports it with its stdout and stderr sent to two memory
 * files of its own, notes where each file's output lies, and tells the
 * parent on a pipe - of a chunk that printed something, or of the one the
 * parent waits for: a chunk that printed nothing wakes no one (a tree's
 * thousands of folders woke the parent, which took a core from a worker,
 * 10,000 times).  The parent copies the files' output to its own stdout
 * and stderr in the list's order, as soon as the chunks before are done:
 * the first lines come while the rest is ported.
 *
 * With a gathering (struct jobs_gather), the workers first claim the
 * chunks with early items from a counter of their own and port only
 * those items; each puts what they gathered in a memory file of its own,
 * waits for the others (the parent marks the ones that died, for no one
 * to wait for them), and takes theirs.  Then the chunks as above, each
 * item that is not ported yet.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jobs.h"
#include "pathjoin.h"

#define CHUNK_MAX 64

enum { FREE, CLAIMED, DONE };		/* a chunk's state */
enum { UNPORTED, PORTED, LATER };	/* an item's */
enum { AWAY, PUT, PUT_FAILED };		/* a worker's gathering */

#define NO_CHUNK ((size_t)-1)

struct chunk {
	size_t first, nr;	/* items [first, first + nr) */
	atomic_int state;
	bool early;		/* with early items: gathered first */
};

/* Where an item's output lies: in the memory files of worker. */
struct item_out {
	atomic_int state;
	int status;
	unsigned int worker;
	off_t out_off, out_len, err_off, err_len;
};

/* The counters in shared memory, before the sums, chunks and items. */
struct shared {
	atomic_size_t next;	/* the next chunk to claim */
	/*
	 * The chunk whose end the parent waits to hear of, output of a later
	 * one being ready; NO_CHUNK while it waits for output only.
	 */
	atomic_size_t want;
	atomic_size_t next_early;	/* the next early chunk to claim */
	atomic_int gathered[JOBS_MAX];	/* AWAY, PUT or PUT_FAILED */
	atomic_int dead[JOBS_MAX];	/* exited, or never started */
};

struct run {
	const struct jobs_list *l;
	jobs_fn fn;
	void *arg;
	const struct jobs_gather *gather;
	size_t *sums, nr_sums;
	size_t *kept_sums;	/* a worker's, before an early item */
	unsigned int jobs;
	void *map;		/* shared: the counters, sums, chunks, items */
	size_t map_len;
	struct shared *sh;
	struct chunk *chunks;
	size_t nr_chunks;
	size_t *early;		/* the chunks with early items, in order */
	size_t nr_early;
	struct item_out *items;
	size_t *worker_sums;	/* jobs * nr_sums */
	int out[JOBS_MAX], err[JOBS_MAX], got[JOBS_MAX];
	pid_t pid[JOBS_MAX];
	unsigned int started;
	/*
	 * MODPORT_TEST_JOB_DIES=K: worker K is killed after its first early
	 * file, or before it puts what it gathered where it had none (the
	 * tests of a gathering that a worker leaves); 0: none.
	 */
	unsigned long dies;
	int pipe[2];
	pid_t parent;
};

unsigned int jobs_default(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	n = CPU_COUNT(&set);
	return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (unsigned int)n;
}

int jobs_add(struct jobs_list *l, const char *path, bool named)
{
	char *p = NULL;

	if (l->nr == l->alloc) {
		size_t n = l->alloc ? 2 * l->alloc : 256;
		struct jobs_item *v = realloc(l->v, n * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->alloc = n;
	}
	if (path && !(p = strdup(path)))
		return -ENOMEM;
	l->v[l->nr++] = (struct jobs_item){ .path = p, .named = named };
	return 0;
}

void jobs_list_free(struct jobs_list *l)
{
	size_t k;

	for (k = 0; k < l->nr; k++)
		free(l->v[k].path);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int max_status(int a, int b)
{
	return a > b ? a : b;
}

static bool same_folder(const char *a, const char *b)
{
	size_t n = path_folder_len(a);

	return a && b && n == path_folder_len(b) && !memcmp(a, b, n);
}

/*
 * Cut l into chunks at c: a folder's files, at most CHUNK_MAX, stdin
 * alone; how many.  With c NULL, a bound: one a file.
 */
static size_t count_chunks(const struct jobs_list *l, struct chunk *c)
{
	size_t k, n = 0;

	for (k = 0; k < l->nr; k++) {
		if (!n || !c || c[n - 1].nr == CHUNK_MAX ||
		    !same_folder(l->v[k - 1].path, l->v[k].path)) {
			if (c)
				c[n] = (struct chunk){ .first = k };
			n++;
		}
		if (c) {
			c[n - 1].nr++;
			c[n - 1].early |= l->v[k].early;
		}
	}
	return n;
}

/* fn's answer as an exit status: JOBS_LATER where no gathering is, 2. */
static int exit_status(int status)
{
	return status < 0 ? 2 : status;
}

/*
 * MODPORT_TRACE_JOBS=FILE: who ported how many files, told the parent of
 * how many chunks, ported how many early files again (JOBS_LATER) and
 * took how many things others made (struct jobs_gather), a line each.
 */
static void trace(const char *who, unsigned int k, size_t told, size_t later,
		  size_t files, size_t taken)
{
	const char *path = getenv("MODPORT_TRACE_JOBS");
	char line[160];
	int fd, n;

	if (!path || !*path)
		return;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	n = snprintf(line, sizeof(line),
		     "%s %u pid %ld told %zu later %zu files %zu taken %zu\n",
		     who, k, (long)getpid(), told, later, files, taken);
	if (write(fd, line, (size_t)n) != n)
		n = -1;
	close(fd);
}

/*
 * A worker's stdout and stderr: streams that write at a position kept
 * here, in its memory files - where a file's output begins and ends is
 * known with no system call (lseek() per file cost 200,000 calls over a
 * tree), and a file ported again writes over what it printed before.
 */
struct sink {
	int fd;
	off_t at;
};

static struct sink out_sink, err_sink;

static ssize_t sink_write(void *cookie, const char *buf, size_t len)
{
	struct sink *s = cookie;
	size_t done = 0;

	while (done < len) {
		ssize_t n = pwrite(s->fd, buf + done, len - done, s->at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return done ? (ssize_t)done : -1;
		s->at += n;
		done += (size_t)n;
	}
	return (ssize_t)done;
}

/* stdout and stderr, to the memory files out and err; 0 or -1. */
static int sink_streams(int out, int err)
{
	static const cookie_io_functions_t io = { .write = sink_write };
	FILE *o, *e;

	out_sink = (struct sink){ .fd = out };
	err_sink = (struct sink){ .fd = err };
	o = fopencookie(&out_sink, "w", io);
	e = fopencookie(&err_sink, "w", io);
	if (!o || !e || setvbuf(e, NULL, _IONBF, 0))
		return -1;
	stdout = o;
	stderr = e;
	return 0;
}

/*
 * Port item k in worker w, its output's place noted.  early: in the
 * gathering, where fn may say JOBS_LATER: what the item printed and
 * counted is dropped, to be ported again.  Whether it was ported (1).
 */
static int port_one(struct run *r, unsigned int w, size_t k, bool early)
{
	struct item_out *o = &r->items[k];
	int status;

	o->worker = w;
	o->out_off = out_sink.at;	/* stdout flushed after the last */
	o->err_off = err_sink.at;
	if (early)
		memcpy(r->kept_sums, r->sums, r->nr_sums * sizeof(*r->sums));
	status = r->fn(&r->l->v[k], r->arg);
	if (fflush(stdout) || fflush(stderr))
		_exit(3);
	if (status == JOBS_LATER && early) {
		/* no record: never printed; what comes next writes over it */
		memcpy(r->sums, r->kept_sums, r->nr_sums * sizeof(*r->sums));
		out_sink.at = o->out_off;
		err_sink.at = o->err_off;
		atomic_store(&o->state, LATER);
		return 0;
	}
	o->status = exit_status(status);
	o->out_len = out_sink.at - o->out_off;
	o->err_len = err_sink.at - o->err_off;
	memcpy(&r->worker_sums[w * r->nr_sums], r->sums,
	       r->nr_sums * sizeof(*r->sums));
	atomic_store(&o->state, PORTED);
	return 1;
}

/*
 * Wait until every other worker has put what it gathered, or is dead
 * (the parent says so); whether all of them put it well.
 */
static bool wait_gathered(struct run *r, unsigned int w)
{
	const struct timespec nap = { .tv_nsec = 200000 };
	unsigned int k;
	bool all;

	for (;;) {
		bool waiting = false;

		all = true;
		for (k = 0; k < r->jobs; k++) {
			int g = atomic_load(&r->sh->gathered[k]);

			if (k == w || g == PUT)
				continue;
			all = false;
			if (g == AWAY && !atomic_load(&r->sh->dead[k]))
				waiting = true;
		}
		if (!waiting)
			return all;
		nanosleep(&nap, NULL);
	}
}

/*
 * The gathering: this worker's share of the early chunks' early items,
 * what they gathered put, and everyone's taken.  How many it ported.
 */
static size_t gather(struct run *r, unsigned int w, size_t *later)
{
	const struct jobs_gather *g = r->gather;
	size_t files = 0, n, k;
	bool ok;

	g->begin(r->arg);
	while ((n = atomic_fetch_add(&r->sh->next_early, 1)) < r->nr_early) {
		const struct chunk *c = &r->chunks[r->early[n]];

		for (k = c->first; k < c->first + c->nr; k++) {
			if (!r->l->v[k].early)
				continue;
			if (port_one(r, w, k, true))
				files++;
			else
				++*later;
			if (r->dies == w + 1)	/* the tests' worker that dies */
				raise(SIGKILL);
		}
	}
	if (r->dies == w + 1)	/* it had none */
		raise(SIGKILL);
	ok = !g->put(r->got[w], r->arg);
	atomic_store(&r->sh->gathered[w], ok ? PUT : PUT_FAILED);
	ok = wait_gathered(r, w) && ok;
	for (k = 0; ok && k < r->jobs; k++)
		if (k != w && g->take(r->got[k], r->arg))
			ok = false;
	g->end(ok, r->arg);
	return files;
}

static void __attribute__((noreturn)) worker(struct run *r, unsigned int w)
{
	size_t files = 0, told = 0, later = 0, k;

	prctl(PR_SET_PDEATHSIG, SIGKILL);	/* stdout closed: parent gone */
	if (getppid() != r->parent)
		_exit(3);
	close(r->pipe[0]);
	if (sink_streams(r->out[w], r->err[w]))
		_exit(3);
	memset(r->sums, 0, r->nr_sums * sizeof(*r->sums));
	if (r->gather)
		files += gather(r, w, &later);
	for (;;) {
		size_t n = atomic_fetch_add(&r->sh->next, 1);
		struct chunk *c;
		bool printed = false;

		if (n >= r->nr_chunks)
			break;
		c = &r->chunks[n];
		atomic_store(&c->state, CLAIMED);
		for (k = c->first; k < c->first + c->nr; k++) {
			const struct item_out *o = &r->items[k];

			if (atomic_load(&o->state) != PORTED)
				files += (size_t)port_one(r, w, k, false);
			printed |= o->out_len || o->err_len;
		}
		atomic_store(&c->state, DONE);
		/* after the store: print_done() reads them in the other order */
		if (!printed && atomic_load(&r->sh->want) != n)
			continue;
		if (write(r->pipe[1], &n, sizeof(n)) != sizeof(n))
			_exit(3);
		told++;
	}
	trace("job", w + 1, told, later, files,
	      r->gather && r->gather->taken ? r->gather->taken(r->arg) : 0);
	_exit(0);
}

/* Copy len bytes at off of the memory file fd to the stream to. */
static int copy_out(int fd, off_t off, off_t len, FILE *to)
{
	char buf[65536];

	while (len > 0) {
		ssize_t n = pread(fd, buf, len < (off_t)sizeof(buf) ?
				  (size_t)len : sizeof(buf), off);

		if (n <= 0)
			return -1;
		if (fwrite(buf, 1, (size_t)n, to) != (size_t)n)
			return -1;
		off += n;
		len -= n;
	}
	return 0;
}

static int print_item(struct run *r, const struct item_out *o)
{
	if ((o->out_len && (copy_out(r->out[o->worker], o->out_off,
				     o->out_len, stdout) || fflush(stdout))) ||
	    copy_out(r->err[o->worker], o->err_off, o->err_len, stderr))
		return 2;
	return o->status;
}

/*
 * Chunk c, printed; where finish, its items that no worker ported are
 * ported here (a worker died), in order with the others' output, and
 * counted in *files.
 */
static int print_chunk(struct run *r, const struct chunk *c, bool finish,
		       size_t *files)
{
	int status = 0;
	size_t k;

	for (k = c->first; k < c->first + c->nr; k++) {
		const struct item_out *o = &r->items[k];

		if (atomic_load(&o->state) == PORTED) {
			status = max_status(status, print_item(r, o));
		} else if (finish) {
			status = max_status(status,
					    exit_status(r->fn(&r->l->v[k],
							      r->arg)));
			++*files;
		}
	}
	return status;
}

static void run_free(struct run *r)
{
	unsigned int w;

	for (w = 0; w < r->jobs; w++) {
		if (r->out[w] >= 0)
			close(r->out[w]);
		if (r->err[w] >= 0)
			close(r->err[w]);
		if (r->got[w] >= 0)
			close(r->got[w]);
	}
	if (r->pipe[0] >= 0)
		close(r->pipe[0]);
	if (r->pipe[1] >= 0)
		close(r->pipe[1]);
	if (r->map)
		munmap(r->map, r->map_len);
	free(r->early);
	free(r->kept_sums);
}

/*
 * The chunks with early items, in r->early; none, nothing to gather.
 * 0 or -1.
 */
static int find_early(struct run *r)
{
	size_t n;

	r->early = malloc((r->nr_chunks ? r->nr_chunks : 1) *
			  sizeof(*r->early));
	if (!r->early)
		return -1;
	for (n = 0; n < r->nr_chunks; n++)
		if (r->chunks[n].early)
			r->early[r->nr_early++] = n;
	if (!r->nr_early)
		r->gather = NULL;
	return 0;
}

/* The shared memory, the memory files and the pipe; 0 or -1. */
static int run_setup(struct run *r)
{
	size_t nr = count_chunks(r->l, NULL), head, sums, chunks, items;
	unsigned int w;

	head = (sizeof(struct shared) + 63) & ~(size_t)63;
	sums = (r->jobs * r->nr_sums * sizeof(size_t) + 63) & ~(size_t)63;
	chunks = (nr * sizeof(struct chunk) + 63) & ~(size_t)63;
	items = r->l->nr * sizeof(struct item_out);
	r->map_len = head + sums + chunks + items;
	r->map = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->map == MAP_FAILED) {
		r->map = NULL;
		return -1;
	}
	/* zeroed: every counter 0, chunk FREE, item UNPORTED, worker AWAY */
	r->sh = r->map;
	atomic_store(&r->sh->want, NO_CHUNK);
	r->worker_sums = (size_t *)((char *)r->map + head);
	r->chunks = (struct chunk *)((char *)r->map + head + sums);
	r->items = (struct item_out *)((char *)r->map + head + sums + chunks);
	r->nr_chunks = count_chunks(r->l, r->chunks);
	r->kept_sums = malloc((r->nr_sums ? r->nr_sums : 1) *
			      sizeof(*r->kept_sums));
	if (!r->kept_sums || find_early(r))
		return -1;
	for (w = 0; w < r->jobs; w++) {
		r->out[w] = memfd_create("modport-stdout", MFD_CLOEXEC);
		r->err[w] = memfd_create("modport-stderr", MFD_CLOEXEC);
		if (r->out[w] < 0 || r->err[w] < 0)
			return -1;
		if (r->gather && (r->got[w] = memfd_create("modport-gathered",
							   MFD_CLOEXEC)) < 0)
			return -1;
	}
	return pipe2(r->pipe, O_CLOEXEC);
}

/* Start the workers; how many started (those that did not are dead). */
static unsigned int start(struct run *r)
{
	unsigned int w, k;

	fflush(stdout);
	fflush(stderr);
	for (w = 0; w < r->jobs; w++) {
		r->pid[w] = fork();
		if (r->pid[w] == 0)
			worker(r, w);
		if (r->pid[w] < 0)
			break;
	}
	for (k = w; k < r->jobs; k++)
		atomic_store(&r->sh->dead[k], 1);
	close(r->pipe[1]);
	r->pipe[1] = -1;
	return w;
}

/*
 * Print the done chunks from at, in order; then, where output told of
 * (before heard) waits behind chunk at, ask to hear of its end: want is
 * stored before the chunk's state is read again, as a worker stores the
 * state before it reads want, so that one of the two sees the other's.
 */
static size_t print_done(struct run *r, size_t at, size_t heard, int *status)
{
	for (;;) {
		while (at < r->nr_chunks &&
		       atomic_load(&r->chunks[at].state) == DONE)
			*status = max_status(*status,
					     print_chunk(r, &r->chunks[at++],
							 false, NULL));
		if (at >= r->nr_chunks || at >= heard) {
			atomic_store(&r->sh->want, NO_CHUNK);
			return at;
		}
		atomic_store(&r->sh->want, at);
		if (atomic_load(&r->chunks[at].state) != DONE)
			return at;
	}
}

/*
 * While the workers gather, those that died are marked dead, for the
 * others not to wait for them: a look every 10 ms.  Whether any still
 * gathers.
 */
static bool watch_gathering(struct run *r)
{
	bool gathering = false;
	unsigned int w;
	siginfo_t si;

	for (w = 0; w < r->started; w++) {
		if (atomic_load(&r->sh->gathered[w]) != AWAY ||
		    atomic_load(&r->sh->dead[w]))
			continue;
		si.si_pid = 0;
		if (!waitid(P_PID, (id_t)r->pid[w], &si,
			    WEXITED | WNOHANG | WNOWAIT) && si.si_pid)
			atomic_store(&r->sh->dead[w], 1);
		else
			gathering = true;
	}
	return gathering;
}

/*
 * Print the chunks as they are done, in order, as the workers tell of
 * them; the next one not printed (jobs_run() prints the rest, done
 * silently, once every worker is gone).
 */
static size_t follow(struct run *r, int *status)
{
	struct pollfd pfd = { .fd = r->pipe[0], .events = POLLIN };
	size_t at = 0, heard = 0, n;
	bool gathering = r->gather != NULL;

	while (at < r->nr_chunks) {
		ssize_t got;

		if (gathering && (gathering = watch_gathering(r)) &&
		    poll(&pfd, 1, 10) <= 0)
			continue;	/* a look again, until data comes */
		got = read(r->pipe[0], &n, sizeof(n));
		if (got < 0 && errno == EINTR)
			continue;
		if (got != sizeof(n))
			break;	/* every worker is gone */
		if (n >= heard)
			heard = n + 1;
		at = print_done(r, at, heard, status);
	}
	return at;
}

/* Wait for the workers; one that did not end well is said. */
static void reap(struct run *r, unsigned int started)
{
	unsigned int w;
	int ws;

	for (w = 0; w < started; w++) {
		while (waitpid(r->pid[w], &ws, 0) < 0 && errno == EINTR)
			;
		if (WIFSIGNALED(ws))
			fprintf(stderr, "modport: job %u (pid %ld) was killed by signal %d (%s); the parent ports its unfinished files\n",
				w + 1, (long)r->pid[w], WTERMSIG(ws),
				strsignal(WTERMSIG(ws)));
		else if (WIFEXITED(ws) && WEXITSTATUS(ws))
			fprintf(stderr, "modport: job %u (pid %ld) failed (exit status %d); the parent ports its unfinished files\n",
				w + 1, (long)r->pid[w], WEXITSTATUS(ws));
	}
}

static int run_serial(const struct jobs_list *l, jobs_fn fn, void *arg)
{
	int status = 0;
	size_t k;

	for (k = 0; k < l->nr; k++)
		status = max_status(status, exit_status(fn(&l->v[k], arg)));
	return status;
}

int jobs_run(const struct jobs_list *l, unsigned int jobs, jobs_fn fn,
	     void *arg, size_t *sums, size_t nr_sums,
	     const struct jobs_gather *gather)
{
	struct run r = { .l = l, .fn = fn, .arg = arg, .sums = sums,
			 .nr_sums = nr_sums, .gather = gather,
			 .pipe = { -1, -1 }, .parent = getpid() };
	unsigned int w;
	size_t at, k, files = 0;
	int status = 0;

	if (jobs <= 1 || l->nr <= 1)
		return run_serial(l, fn, arg);
	r.jobs = jobs > JOBS_MAX ? JOBS_MAX : jobs;
	for (w = 0; w < r.jobs; w++)
		r.out[w] = r.err[w] = r.got[w] = -1;
	if (run_setup(&r)) {	/* no processes to share: one is enough */
		run_free(&r);
		return run_serial(l, fn, arg);
	}
	if (getenv("MODPORT_TEST_JOB_DIES"))
		r.dies = strtoul(getenv("MODPORT_TEST_JOB_DIES"), NULL, 10);
	r.started = start(&r);
	at = follow(&r, &status);
	reap(&r, r.started);
	for (w = 0; w < r.started; w++)
		for (k = 0; k < nr_sums; k++)
			sums[k] += r.worker_sums[w * nr_sums + k];
	for (; at < r.nr_chunks; at++)	/* left by a worker that died */
		status = max_status(status, print_chunk(&r, &r.chunks[at],
							 true, &files));
	if (files)
		trace("parent", 0, 0, 0, files, 0);
	run_free(&r);
	return status;
}
