// SPDX-License-Identifier: GPL-2.0
/* What a local header can name, kept for the run (hdrsum.h). */
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "hashset.h"
#include "hashspan.h"
#include "hdrcache.h"
#include "hdrsum.h"
#include "ppdirs.h"
#include "scan.h"
#include "source.h"
#include "token.h"

struct entry {
	char *path;		/* NULL: a free slot */
	uint64_t hash;		/* of path */
	unsigned long checked;	/* hdrcache_writes() when last looked at */
	struct stat st;
	bool present;		/* a file was read there */
	bool shared;		/* s is a shared one's (not freed here) */
	struct header_summary s;
};

static struct entry *table;
static size_t size, used;	/* size: a power of 2 (or 0) */

/*
 * A summary in the shared memory, its keys, #include names and path
 * after it: s's pointers point there (the memory is mapped before the
 * processes part, at one address in each).
 */
struct shared_sum {
	uint64_t hash;		/* of path */
	struct stat st;
	struct header_summary s;
	const char *path;
};

/*
 * The shared memory: a table of slots, each the offset (from the start)
 * of a shared_sum in the arena that follows, 0 where free: set with a
 * compare-and-swap once the summary is written.  used: the arena's bytes
 * taken, with a fetch-and-add (past its end when it is full).
 */
struct shared_area {
	atomic_size_t used;
	size_t size;		/* of the whole mapping */
	size_t arena;		/* where the arena starts */
	size_t mask;		/* the table's slots - 1 */
	atomic_size_t slot[];
};

/* The arena's bytes a header may take, on average, and at most in all. */
#define SHARE_PER_HEADER ((size_t)32 << 10)
#define SHARE_MAX ((size_t)1 << 30)

static struct shared_area *shared;
static size_t shared_taken;
static unsigned long shared_writes;	/* hdrcache_writes() at the start */

bool hdrsum_may_name(const struct header_summary *s, const char *name,
		     size_t len)
{
	return s->any || hashset_has(&s->ids, hashset_key(name, len));
}

static size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

static void summary_free(struct header_summary *s)
{
	size_t k;

	hashset_free(&s->ids);
	for (k = 0; k < s->nr_inc; k++)
		free(s->inc[k]);
	free(s->inc);
	memset(s, 0, sizeof(*s));
}

/* The #include "x" names of the text, from its directives pd (ppdirs.h). */
static int add_includes(struct header_summary *s, const char *buf,
			const struct token_list *tl, const struct ppdirs *pd)
{
	size_t k, name;

	if (pd->nr_inc) {
		s->inc = malloc(pd->nr_inc * sizeof(*s->inc));
		if (!s->inc)
			return -ENOMEM;
	}
	for (k = 0; k < pd->nr_inc; k++) {
		const struct token *t;

		name = pd->d[pd->inc[k]].name;
		if (name == SCAN_NONE)
			continue;
		t = &tl->tok[name];
		if (t->type != TOKEN_STRING || buf[t->pos] != '"')
			continue;
		s->inc[s->nr_inc] = strndup(buf + t->pos, t->len);
		if (!s->inc[s->nr_inc++])
			return -ENOMEM;
	}
	return 0;
}

/*
 * The summary of the text buf, its tokens tl and directives pd: the
 * identifiers of its code at file scope, where tl->body has no span (a
 * struct's members, a function's body and the directives declare nothing
 * there).
 */
static int summarize(struct header_summary *s, const char *buf,
		     const struct token_list *tl, const struct ppdirs *pd)
{
	size_t i, b = 0;
	/* a text spells a name four times, as a rule: room for a quarter */
	int ret = hashset_reserve(&s->ids, tl->nr / 8);

	for (i = 0; !ret && i < tl->nr; i++) {
		const struct token *t = &tl->tok[i];

		if (b < tl->nr_body && i == tl->body[b]) {
			i = tl->body[b + 1];	/* to the brace back at 0 */
			b += 2;
			continue;
		}
		if (t->type != TOKEN_IDENT)
			continue;
		if (t->flags & TF_SPLICE)
			s->any = true;	/* in a directive too */
		if (!(t->flags & TF_PP))
			ret = hashset_add(&s->ids,
					  hashset_key(buf + t->pos, t->len));
	}
	return ret ? ret : add_includes(s, buf, tl, pd);
}

/* e's summary dropped: freed, unless it is a shared one's. */
static void entry_forget(struct entry *e)
{
	if (e->shared)
		memset(&e->s, 0, sizeof(e->s));
	else
		summary_free(&e->s);
	e->shared = false;
}

/*
 * Read the header at e->path into e, and its stat() as it was read; 0 or
 * -ENOMEM; e->present false where there is no regular file to read.  Its
 * text and tokens are hdrcache's: the rule that asks for a summary often
 * reads the header next (static-redecl, gone).
 */
static int load(struct entry *e)
{
	const struct cached_header *ch;
	int ret;

	e->present = false;
	ch = hdrcache_peek(e->path, &ret);
	if (!ch)
		return ret;	/* no file it can read there, or -ENOMEM */
	e->st = ch->st;
	ret = summarize(&e->s, ch->buf, &ch->tl, ch->dirs);
	if (ret)
		summary_free(&e->s);
	e->present = !ret;
	return ret;
}

/*
 * The slot of path: its entry, or the free slot where it goes.  From the
 * hash's top bits: its low ones vary little among paths of one folder
 * (hashspan.h), and runs of taken slots grew to 34 probes a search.
 */
static struct entry *slot(const char *path, uint64_t hash)
{
	size_t k = (size_t)(hash >> 32) & (size - 1);

	while (table[k].path && (table[k].hash != hash ||
				 strcmp(table[k].path, path)))
		k = (k + 1) & (size - 1);
	return &table[k];
}

static int grow(void)
{
	struct entry *old = table;
	size_t n = size, k;

	size = size ? 2 * size : 1024;
	table = calloc(size, sizeof(*table));
	if (!table) {
		table = old;
		size = n;
		return -ENOMEM;
	}
	for (k = 0; k < n; k++)
		if (old[k].path)
			*slot(old[k].path, old[k].hash) = old[k];
	free(old);
	return 0;
}

/* The shared summary of path (its hash), or NULL. */
static const struct shared_sum *find_shared(const char *path, uint64_t hash)
{
	size_t k = (size_t)(hash >> 32) & shared->mask, probes, off;
	const struct shared_sum *sum;

	for (probes = 0; probes <= shared->mask; probes++) {
		off = atomic_load(&shared->slot[k]);
		if (!off)
			return NULL;
		sum = (const struct shared_sum *)((const char *)shared + off);
		if (sum->hash == hash && !strcmp(sum->path, path))
			return sum;
		k = (k + 1) & shared->mask;
	}
	return NULL;
}

/* Is the last part of out[0..n) (root: 1 after a leading '/') ".."? */
static bool ends_in_dotdot(const char *out, size_t n, size_t root)
{
	size_t start = n;

	while (start > root && out[start - 1] != '/')
		start--;
	return n - start == 2 && out[start] == '.' && out[start + 1] == '.';
}

/*
 * path with its "." and "dir/.." parts taken out, as the words say (a
 * link's ".." goes elsewhere: the caller asks stat()), into out
 * (PATH_MAX bytes); false where it has none, or is too long.
 */
static bool lexical_path(const char *path, char *out)
{
	size_t n = 0, len, root = *path == '/';
	const char *p = path + root, *slash;
	bool changed = false;

	if (!strstr(path, "/./") && !strstr(path, "/../"))
		return false;
	if (root)
		out[n++] = '/';
	while (*p) {
		slash = strchr(p, '/');
		len = slash ? (size_t)(slash - p) : strlen(p);
		if (len == 0 || (len == 1 && *p == '.')) {
			changed = true;		/* "//" or "/./" */
		} else if (len == 2 && p[0] == '.' && p[1] == '.' &&
			   n > root && !ends_in_dotdot(out, n, root)) {
			while (n > root && out[n - 1] != '/')
				n--;		/* the part before it */
			if (n > root)
				n--;		/* and its slash */
			changed = true;
		} else {
			if (n + 1 + len >= PATH_MAX)
				return false;
			if (n > root)
				out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p += len + (slash != NULL);
	}
	out[n] = 0;
	return changed && n > root;
}

/*
 * The summary put of path spelt with "." or "..": the one of its lexical
 * path, where stat() says path is that file.
 */
static const struct shared_sum *find_shared_lexical(const char *path)
{
	const struct shared_sum *sum;
	char lex[PATH_MAX];
	struct stat st;

	if (!lexical_path(path, lex))
		return NULL;
	sum = find_shared(lex, hash_span(lex, strlen(lex)));
	return sum && !stat(path, &st) && st.st_dev == sum->st.st_dev &&
	       st.st_ino == sum->st.st_ino ? sum : NULL;
}

/*
 * e with the summary another process put, of the file as it was when
 * they parted: where none was written since.
 */
static bool take_shared(struct entry *e)
{
	const struct shared_sum *sum = NULL;

	if (shared && hdrcache_writes() == shared_writes) {
		sum = find_shared(e->path, e->hash);
		if (!sum)
			sum = find_shared_lexical(e->path);
	}
	if (!sum)
		return false;
	e->s = sum->s;
	e->st = sum->st;
	e->present = true;
	e->shared = true;
	shared_taken++;
	return true;
}

const struct header_summary *hdrsum_get(const char *path, int *err)
{
	uint64_t hash = hash_span(path, strlen(path));
	struct entry *e;
	struct stat st;

	*err = 0;
	if (2 * (used + 1) > size && (*err = grow()))
		return NULL;
	e = slot(path, hash);
	if (e->path && e->checked == hdrcache_writes())
		return e->present ? &e->s : NULL;
	if (!e->path) {		/* a file or not, it is looked at once */
		e->path = strdup(path);
		if (!e->path) {
			*err = -ENOMEM;
			return NULL;
		}
		e->hash = hash;
		used++;
	}
	e->checked = hdrcache_writes();
	/* read before, and a file written since: is it the same? */
	if (e->present && !stat(path, &st) && S_ISREG(st.st_mode) &&
	    source_unchanged(&e->st, &st))
		return &e->s;
	entry_forget(e);
	if (!e->present && take_shared(e))
		return &e->s;
	*err = load(e);		/* no file to read: not present */
	return e->present ? &e->s : NULL;
}

/* The slot for a summary at off: 0, or -1 where the table is full. */
static int publish(uint64_t hash, size_t off)
{
	size_t k = (size_t)(hash >> 32) & shared->mask, probes, none;

	for (probes = 0; probes <= shared->mask; probes++) {
		none = 0;
		if (atomic_compare_exchange_strong(&shared->slot[k], &none,
						   off))
			return 0;
		k = (k + 1) & shared->mask;
	}
	return -1;
}

int hdrsum_share_start(size_t headers, size_t room)
{
	size_t slots = 16, arena;
	void *map;

	if (shared || !headers)
		return 0;
	while (slots < 2 * headers)
		slots *= 2;
	arena = align8(sizeof(*shared) + slots * sizeof(shared->slot[0]));
	if (!room)
		room = headers < SHARE_MAX / SHARE_PER_HEADER ?
		       headers * SHARE_PER_HEADER : SHARE_MAX;
	map = mmap(NULL, arena + room, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (map == MAP_FAILED)
		return -ENOMEM;
	shared = map;		/* zeroed: every slot free, nothing used */
	shared_writes = hdrcache_writes();
	shared->size = arena + room;
	shared->arena = arena;
	shared->mask = slots - 1;
	return 0;
}

/* Where a summary of need bytes goes in the arena: its offset, or 0. */
static size_t take_room(size_t need)
{
	size_t at = atomic_fetch_add(&shared->used, need);
	size_t room = shared->size - shared->arena;

	return at <= room && need <= room - at ? shared->arena + at : 0;
}

/* s, its header's path and stat() st, copied into the arena at off. */
static struct shared_sum *copy_shared(size_t off, size_t slots,
				      const struct header_summary *s,
				      const char *path, const struct stat *st)
{
	struct shared_sum *sum = (struct shared_sum *)((char *)shared + off);
	uint64_t *keys = (uint64_t *)((char *)sum + align8(sizeof(*sum)));
	char *p;
	size_t k, n;

	hashset_copy(&sum->s.ids, keys, slots, &s->ids);
	sum->s.any = s->any;
	sum->s.inc = (char **)(keys + slots);
	sum->s.nr_inc = s->nr_inc;
	p = (char *)(sum->s.inc + s->nr_inc);
	for (k = 0; k < s->nr_inc; k++) {
		n = strlen(s->inc[k]) + 1;
		sum->s.inc[k] = memcpy(p, s->inc[k], n);
		p += n;
	}
	n = strlen(path);
	sum->path = memcpy(p, path, n + 1);
	sum->hash = hash_span(path, n);
	sum->st = *st;
	return sum;
}

bool hdrsum_share_put(const char *path, const char *buf,
		      const struct token_list *tl, const struct stat *st)
{
	struct header_summary s = { 0 };
	struct ppdirs pd = { 0 };
	size_t slots, need, off, k;
	bool put = false;

	if (!shared || ppdirs_build(&pd, buf, tl) ||
	    summarize(&s, buf, tl, &pd))
		goto out;
	slots = hashset_slots(s.ids.nr);
	need = align8(sizeof(struct shared_sum)) + slots * sizeof(uint64_t) +
	       s.nr_inc * sizeof(char *) + strlen(path) + 1;
	for (k = 0; k < s.nr_inc; k++)
		need += strlen(s.inc[k]) + 1;
	off = take_room(align8(need));
	if (off)
		put = !publish(copy_shared(off, slots, &s, path, st)->hash,
			       off);
out:
	summary_free(&s);
	ppdirs_free(&pd);
	return put;
}

size_t hdrsum_shared_taken(void)
{
	return shared_taken;
}

void hdrsum_free(void)
{
	size_t k;

	for (k = 0; k < size; k++) {
		if (!table[k].path)
			continue;
		free(table[k].path);
		entry_forget(&table[k]);
	}
	free(table);
	table = NULL;
	size = used = 0;
	if (shared)
		munmap(shared, shared->size);
	shared = NULL;
}
