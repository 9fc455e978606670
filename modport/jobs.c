// SPDX-License-Identifier: GPL-2.0
/*
 * jobs.c: the files of a run ported by several processes (jobs.h).
 *
 * The list is cut into chunks: the files of one folder, at most
 * CHUNK_MAX of them, so that a process reads a folder's local headers
 * once (hdrcache).  Each worker claims the next chunk from a counter in
 * shared memory, ports it with its stdout and stderr sent to two memory
 * files of its own, notes where the chunk's output lies, and tells the
 * parent on a pipe - of a chunk that printed something, or of the one the
 * parent waits for: a chunk that printed nothing wakes no one (a tree's
 * thousands of folders woke the parent, which took a core from a worker,
 * 10,000 times).  The parent copies the chunks' output to its own stdout
 * and stderr in the list's order, as soon as the chunks before are done:
 * the first lines come while the rest is ported.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jobs.h"

#define CHUNK_MAX 64

enum { FREE, CLAIMED, DONE };

#define NO_CHUNK ((size_t)-1)

struct chunk {
	size_t first, nr;	/* items [first, first + nr) */
	atomic_int state;
	int status;
	unsigned int worker;
	off_t out_off, out_len, err_off, err_len;
};

struct run {
	const struct jobs_list *l;
	jobs_fn fn;
	void *arg;
	size_t *sums, nr_sums;
	unsigned int jobs;
	void *map;		/* shared: next, want, the chunks, the sums */
	size_t map_len;
	atomic_size_t *next;
	/*
	 * The chunk whose end the parent waits to hear of, output of a later
	 * one being ready; NO_CHUNK while it waits for output only.
	 */
	atomic_size_t *want;
	struct chunk *chunks;
	size_t nr_chunks;
	size_t *worker_sums;	/* jobs * nr_sums */
	int out[JOBS_MAX], err[JOBS_MAX];
	pid_t pid[JOBS_MAX];
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

/* The length of path's folder part ("a/b/c.c": 3), 0 for none. */
static size_t folder_len(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? (size_t)(slash - path) : 0;
}

static bool same_folder(const char *a, const char *b)
{
	size_t n = folder_len(a);

	return a && b && n == folder_len(b) && !memcmp(a, b, n);
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
		if (c)
			c[n - 1].nr++;
	}
	return n;
}

static int run_chunk(struct run *r, const struct chunk *c)
{
	int status = 0;
	size_t k;

	for (k = c->first; k < c->first + c->nr; k++)
		status = max_status(status, r->fn(&r->l->v[k], r->arg));
	return status;
}

/*
 * MODPORT_TRACE_JOBS=FILE: who ported how many files, and told the parent
 * of how many chunks, a line each.
 */
static void trace(const char *who, unsigned int k, size_t told, size_t files)
{
	const char *path = getenv("MODPORT_TRACE_JOBS");
	char line[96];
	int fd, n;

	if (!path || !*path)
		return;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	n = snprintf(line, sizeof(line), "%s %u pid %ld told %zu files %zu\n",
		     who, k, (long)getpid(), told, files);
	if (write(fd, line, (size_t)n) != n)
		n = -1;
	close(fd);
}

static void __attribute__((noreturn)) worker(struct run *r, unsigned int w)
{
	size_t files = 0, told = 0;

	prctl(PR_SET_PDEATHSIG, SIGKILL);	/* stdout closed: parent gone */
	if (getppid() != r->parent)
		_exit(3);
	close(r->pipe[0]);
	if (dup2(r->out[w], STDOUT_FILENO) < 0 ||
	    dup2(r->err[w], STDERR_FILENO) < 0)
		_exit(3);
	memset(r->sums, 0, r->nr_sums * sizeof(*r->sums));
	for (;;) {
		size_t n = atomic_fetch_add(r->next, 1);
		struct chunk *c;

		if (n >= r->nr_chunks)
			break;
		c = &r->chunks[n];
		c->worker = w;
		atomic_store(&c->state, CLAIMED);
		c->out_off = lseek(STDOUT_FILENO, 0, SEEK_CUR);
		c->err_off = lseek(STDERR_FILENO, 0, SEEK_CUR);
		c->status = run_chunk(r, c);
		if (fflush(stdout) || c->out_off < 0 || c->err_off < 0)
			_exit(3);
		c->out_len = lseek(STDOUT_FILENO, 0, SEEK_CUR) - c->out_off;
		c->err_len = lseek(STDERR_FILENO, 0, SEEK_CUR) - c->err_off;
		memcpy(&r->worker_sums[w * r->nr_sums], r->sums,
		       r->nr_sums * sizeof(*r->sums));
		files += c->nr;
		atomic_store(&c->state, DONE);
		/* after the store: print_done() reads them in the other order */
		if (!c->out_len && !c->err_len && atomic_load(r->want) != n)
			continue;
		if (write(r->pipe[1], &n, sizeof(n)) != sizeof(n))
			_exit(3);
		told++;
	}
	trace("job", w + 1, told, files);
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

static int print_chunk(struct run *r, const struct chunk *c)
{
	if (copy_out(r->out[c->worker], c->out_off, c->out_len, stdout) ||
	    fflush(stdout) ||
	    copy_out(r->err[c->worker], c->err_off, c->err_len, stderr))
		return 2;
	return c->status;
}

static void run_free(struct run *r)
{
	unsigned int w;

	for (w = 0; w < r->jobs; w++) {
		if (r->out[w] >= 0)
			close(r->out[w]);
		if (r->err[w] >= 0)
			close(r->err[w]);
	}
	if (r->pipe[0] >= 0)
		close(r->pipe[0]);
	if (r->pipe[1] >= 0)
		close(r->pipe[1]);
	if (r->map)
		munmap(r->map, r->map_len);
}

/* The shared memory, the memory files and the pipe; 0 or -1. */
static int run_setup(struct run *r)
{
	size_t nr = count_chunks(r->l, NULL), sums, chunks;
	unsigned int w;

	sums = (r->jobs * r->nr_sums * sizeof(size_t) + 63) & ~(size_t)63;
	chunks = nr * sizeof(struct chunk);
	r->map_len = 64 + sums + chunks;
	r->map = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->map == MAP_FAILED) {
		r->map = NULL;
		return -1;
	}
	r->next = r->map;
	atomic_init(r->next, 0);
	r->want = (atomic_size_t *)((char *)r->map + sizeof(*r->next));
	atomic_init(r->want, NO_CHUNK);
	r->worker_sums = (size_t *)((char *)r->map + 64);
	r->chunks = (struct chunk *)((char *)r->map + 64 + sums);
	r->nr_chunks = count_chunks(r->l, r->chunks);
	for (w = 0; w < r->jobs; w++) {
		r->out[w] = memfd_create("modport-stdout", MFD_CLOEXEC);
		r->err[w] = memfd_create("modport-stderr", MFD_CLOEXEC);
		if (r->out[w] < 0 || r->err[w] < 0)
			return -1;
	}
	return pipe2(r->pipe, O_CLOEXEC);
}

/* Start the workers; how many started. */
static unsigned int start(struct run *r)
{
	unsigned int w;

	fflush(stdout);
	fflush(stderr);
	for (w = 0; w < r->jobs; w++) {
		r->pid[w] = fork();
		if (r->pid[w] == 0)
			worker(r, w);
		if (r->pid[w] < 0)
			break;
	}
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
					     print_chunk(r, &r->chunks[at++]));
		if (at >= r->nr_chunks || at >= heard) {
			atomic_store(r->want, NO_CHUNK);
			return at;
		}
		atomic_store(r->want, at);
		if (atomic_load(&r->chunks[at].state) != DONE)
			return at;
	}
}

/*
 * Print the chunks as they are done, in order, as the workers tell of
 * them; the next one not printed (jobs_run() prints the rest, done
 * silently, once every worker is gone).
 */
static size_t follow(struct run *r, int *status)
{
	size_t at = 0, heard = 0, n;

	while (at < r->nr_chunks) {
		ssize_t got = read(r->pipe[0], &n, sizeof(n));

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
		status = max_status(status, fn(&l->v[k], arg));
	return status;
}

int jobs_run(const struct jobs_list *l, unsigned int jobs, jobs_fn fn,
	     void *arg, size_t *sums, size_t nr_sums)
{
	struct run r = { .l = l, .fn = fn, .arg = arg, .sums = sums,
			 .nr_sums = nr_sums, .pipe = { -1, -1 },
			 .parent = getpid() };
	unsigned int started, w;
	size_t at, k, files = 0;
	int status = 0;

	if (jobs <= 1 || l->nr <= 1)
		return run_serial(l, fn, arg);
	r.jobs = jobs > JOBS_MAX ? JOBS_MAX : jobs;
	for (w = 0; w < r.jobs; w++)
		r.out[w] = r.err[w] = -1;
	if (run_setup(&r)) {	/* no processes to share: one is enough */
		run_free(&r);
		return run_serial(l, fn, arg);
	}
	started = start(&r);
	at = follow(&r, &status);
	reap(&r, started);
	for (w = 0; w < started; w++)
		for (k = 0; k < nr_sums; k++)
			sums[k] += r.worker_sums[w * nr_sums + k];
	for (; at < r.nr_chunks; at++) {	/* left by a worker that died */
		struct chunk *c = &r.chunks[at];

		if (atomic_load(&c->state) == DONE) {
			status = max_status(status, print_chunk(&r, c));
			continue;
		}
		status = max_status(status, run_chunk(&r, c));
		files += c->nr;
	}
	if (files)
		trace("parent", 0, 0, files);
	run_free(&r);
	return status;
}
