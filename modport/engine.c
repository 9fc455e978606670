// SPDX-License-Identifier: GPL-2.0
/*
 * engine.c: the families' registry, the table of names, and the one walk
 * over a file's tokens that tracks braces, conditional groups (#if 0 is
 * dead), directives and #define bodies, and records for each family the
 * tokens it asked for.  Then port_file() runs the families in order.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "directive.h"
#include "engine.h"
#include "hashspan.h"
#include "source.h"

/* The registry: filled by the FAMILY() constructors, sorted on first use. */
struct slot {
	const struct family *f;
	const char *const *words;	/* f->words */
	struct hit *hits;	/* this file's hits, reused file to file */
	size_t nr, alloc;
};

static struct slot *slots;
static size_t nr_slots, alloc_slots;

void family_register(const struct family *f)
{
	if (nr_slots == alloc_slots) {
		size_t n = alloc_slots ? 2 * alloc_slots : 16;
		struct slot *s = realloc(slots, n * sizeof(*s));

		if (!s) {
			fprintf(stderr, "modport: cannot register rule family %s: %s\n",
				f->name, strerror(ENOMEM));
			exit(2);
		}
		slots = s;
		alloc_slots = n;
	}
	slots[nr_slots++] = (struct slot){ .f = f };
}

/* A family runs at the place of its first rule in rules.def. */
static int first_rule(const struct family *f)
{
	int r = NR_RULES, k;

	for (k = 0; f->rules[k] != NR_RULES; k++)
		if ((int)f->rules[k] < r)
			r = (int)f->rules[k];
	return r;
}

static int cmp_slot(const void *a, const void *b)
{
	int x = first_rule(((const struct slot *)a)->f);
	int y = first_rule(((const struct slot *)b)->f);

	return (x > y) - (x < y);
}

/*
 * The table of names: every word a family wants, chained in buckets by a
 * hash of its length and its first and last bytes, so that a token that no
 * family wants costs one load.  Punctuators have their own table, by their
 * first byte.
 */
#define NAME_BUCKETS_MIN 1024

struct name {
	const char *word;
	size_t len;
	unsigned int slot;
	int index;		/* in the family's words */
	struct name *next;
};

static struct name **bucket;
static unsigned int *filters;	/* the slots whose family has wants() */
static struct span_filter *span_filters;	/* theirs, this file's */
static size_t nr_filters;
static size_t nr_buckets;	/* a power of two, twice the words or more */
static struct name *punct[256];
static unsigned int flag_slots;	/* token flags some family wants */
static struct name *names;	/* storage */
static bool ready;

/* The bucket of a name whose hash_span() is span. */
static inline unsigned int name_bucket(uint64_t span)
{
	return (unsigned int)(span >> 32) & (unsigned int)(nr_buckets - 1);
}

/* The words of every family, and buckets for twice as many. */
static size_t gather_words(void)
{
	size_t k, w, n = 0;

	filters = calloc(nr_slots ? nr_slots : 1, sizeof(*filters));
	span_filters = calloc(nr_slots ? nr_slots : 1, sizeof(*span_filters));
	if (!filters || !span_filters)
		return (size_t)-1;
	for (k = 0; k < nr_slots; k++) {
		const struct family *f = slots[k].f;

		slots[k].words = f->words;
		if (f->wants)
			filters[nr_filters++] = (unsigned int)k;
		for (w = 0; slots[k].words && slots[k].words[w]; w++)
			n++;
	}
	for (nr_buckets = NAME_BUCKETS_MIN; nr_buckets < 2 * n;)
		nr_buckets *= 2;
	bucket = calloc(nr_buckets, sizeof(*bucket));
	return bucket ? n : (size_t)-1;
}

/*
 * Is the word w[0..len) a punctuator (one to three bytes, no letter,
 * digit nor '_'), not a name or a <header>?
 */
static bool is_punctuator(const char *w, size_t len)
{
	size_t k;

	for (k = 0; k < len; k++)
		if (ident_byte(w[k]))
			return false;
	return len >= 1 && len <= 3;
}

static void engine_init(void)
{
	size_t k, n, w;
	struct name *nm;

	qsort(slots, nr_slots, sizeof(*slots), cmp_slot);
	n = gather_words();
	names = n == (size_t)-1 ? NULL : calloc(n ? n : 1, sizeof(*names));
	if (!names) {
		fprintf(stderr, "modport: %s\n", strerror(ENOMEM));
		exit(2);
	}
	/* Backwards, so that each chain lists the families in order. */
	for (k = nr_slots; k-- > 0;) {
		const struct family *f = slots[k].f;
		const char *const *words = slots[k].words;

		flag_slots |= f->want_flags;
		for (w = 0; words && words[w]; w++) {
			struct name **head;

			nm = &names[--n];
			nm->word = words[w];
			nm->len = strlen(nm->word);
			nm->slot = (unsigned int)k;
			nm->index = (int)w;
			head = is_punctuator(nm->word, nm->len) ?
			       &punct[(unsigned char)nm->word[0]] :
			       &bucket[name_bucket(hash_span(nm->word, nm->len))];
			nm->next = *head;
			*head = nm;
		}
	}
	ready = true;
}

size_t family_count(void)
{
	if (!ready)
		engine_init();
	return nr_slots;
}

const struct family *family_at(size_t k)
{
	if (!ready)
		engine_init();
	return slots[k].f;
}

/* The walk's state: conditionals as the scan of old had them. */

struct cond {
	unsigned int group;
	bool dead;		/* this branch is dead */
	bool parent_dead;
	bool taken;		/* an earlier branch was #if 1 */
	int depth;		/* live brace depth at the #if */
};

struct walk {
	struct porter *pt;
	const char *buf;
	const struct token_list *tl;
	struct cond *cond;	/* the open groups, as deep as the file goes */
	int nr_cond, alloc_cond;
	unsigned int groups;
	int live_depth;		/* braces of live code */
	int depth;		/* braces of all code */
	size_t func;		/* the '{' that opened depth 1 */
	bool dead;		/* in an #if 0 group now (current_dead()) */
	size_t dead_start;
	/* The directive being walked. */
	size_t arg;		/* its argument token, or SCAN_NONE */
	size_t body;		/* a #define's body, or SCAN_NONE */
	unsigned char kw;
	bool pp_dead;
	/*
	 * The names the file #undef'd outside any #if, not defined again
	 * nor possibly by an #include since: "#undef USE_ENTROPY_DEV" makes
	 * a later "#ifdef USE_ENTROPY_DEV" dead, as "#if 0" is.
	 */
	size_t *undef;
	size_t nr_undef, alloc_undef;
	bool watching;		/* engine_watch()'s, not met yet */
};

static bool current_dead(const struct walk *w)
{
	return w->nr_cond && w->cond[w->nr_cond - 1].dead;
}

static unsigned int current_group(const struct walk *w)
{
	return w->nr_cond ? w->cond[w->nr_cond - 1].group : 0;
}

static void add_dead(struct walk *w, size_t start, size_t end)
{
	struct scan *sc = &w->pt->sc;

	if (sc->nr_dead == sc->alloc_dead) {
		size_t n = sc->alloc_dead ? 2 * sc->alloc_dead : 8;
		size_t (*d)[2] = realloc(sc->dead, n * sizeof(*d));

		if (!d) {
			porter_fail(w->pt, -ENOMEM);
			return;
		}
		sc->dead = d;
		sc->alloc_dead = n;
	}
	sc->dead[sc->nr_dead][0] = start;
	sc->dead[sc->nr_dead++][1] = end;
}

/* The value of #if 0 / #if 1 (the sole token after the name), else -1. */
static int if_value(const struct walk *w, size_t name)
{
	size_t v = pp_next(w->tl, name);
	const struct token *t;

	if (v == SCAN_NONE || pp_next(w->tl, v) != SCAN_NONE)
		return -1;
	t = &w->tl->tok[v];
	if (t->type != TOKEN_NUMBER || t->len != 1)
		return -1;
	return w->buf[t->pos] == '0' ? 0 : w->buf[t->pos] == '1' ? 1 : -1;
}

static void push_cond(struct walk *w, int value)
{
	struct cond *c;
	bool parent = current_dead(w);

	if (w->nr_cond == w->alloc_cond) {
		int n = w->alloc_cond ? 2 * w->alloc_cond : 16;
		struct cond *more = realloc(w->cond, (size_t)n * sizeof(*more));

		if (!more) {
			porter_fail(w->pt, -ENOMEM);
			return;
		}
		w->cond = more;
		w->alloc_cond = n;
	}
	c = &w->cond[w->nr_cond++];
	c->group = ++w->groups;
	c->parent_dead = parent;
	c->dead = parent || value == 0;
	c->taken = value == 1;
	c->depth = w->live_depth;
}

/* #elif (value as if_value) or #else (value 1). */
static void next_branch(struct walk *w, int value, bool is_else)
{
	struct cond *c;

	if (!w->nr_cond)
		return;
	c = &w->cond[w->nr_cond - 1];
	c->group = ++w->groups;
	w->live_depth = c->depth;
	c->dead = c->parent_dead || c->taken || (!is_else && value == 0);
	if (value == 1 && !is_else)
		c->taken = true;
}

static unsigned char keyword(const char *buf, const struct token *t)
{
	static const char *const kw[] = {
		[KW_DEFINE] = "define", [KW_UNDEF] = "undef",
		[KW_INCLUDE] = "include", [KW_IF] = "if", [KW_IFDEF] = "ifdef",
		[KW_IFNDEF] = "ifndef", [KW_ELIF] = "elif", [KW_ELSE] = "else",
		[KW_ENDIF] = "endif",
	};
	const char *s = buf + t->pos;
	unsigned char k;

	if (t->flags & TF_SPLICE) {	/* rare: spelt across lines */
		for (k = KW_DEFINE; k < KW_OTHER; k++)
			if (token_is(buf, t, kw[k]))
				return k;
		return KW_OTHER;
	}
	/* by length, then bytes the compiler compares inline: a call of
	 * token_is_spelt() a directive was 1.4% of the instructions of a
	 * check of drivers/gpu and drivers/net */
	switch (t->len) {
	case 2:
		return !memcmp(s, "if", 2) ? KW_IF : KW_OTHER;
	case 4:
		return !memcmp(s, "elif", 4) ? KW_ELIF :
		       !memcmp(s, "else", 4) ? KW_ELSE : KW_OTHER;
	case 5:
		return !memcmp(s, "undef", 5) ? KW_UNDEF :
		       !memcmp(s, "ifdef", 5) ? KW_IFDEF :
		       !memcmp(s, "endif", 5) ? KW_ENDIF : KW_OTHER;
	case 6:
		return !memcmp(s, "define", 6) ? KW_DEFINE :
		       !memcmp(s, "ifndef", 6) ? KW_IFNDEF : KW_OTHER;
	case 7:
		return !memcmp(s, "include", 7) ? KW_INCLUDE : KW_OTHER;
	}
	return KW_OTHER;
}

/* The #undef'd name that token t spells: its index in w->undef, or -1. */
static int undef_of(const struct walk *w, const struct token *t)
{
	size_t k;

	for (k = 0; k < w->nr_undef; k++) {
		const struct token *u = &w->tl->tok[w->undef[k]];

		if (u->len == t->len &&
		    !memcmp(w->buf + u->pos, w->buf + t->pos, t->len))
			return (int)k;
	}
	return -1;
}

/* Note the #undef'd name at token i (without room: never dead, and said). */
static void undef_add(struct walk *w, size_t i)
{
	if (w->nr_undef == w->alloc_undef) {
		size_t n = w->alloc_undef ? 2 * w->alloc_undef : 16;
		size_t *more = realloc(w->undef, n * sizeof(*more));

		if (!more) {
			porter_fail(w->pt, -ENOMEM);
			return;
		}
		w->undef = more;
		w->alloc_undef = n;
	}
	w->undef[w->nr_undef++] = i;
}

/* undef_track() where an #undef is noted, or this directive is one. */
static int undef_noted(struct walk *w)
{
	const struct token *t = w->arg == SCAN_NONE ? NULL :
				&w->tl->tok[w->arg];
	int k;

	if (w->kw == KW_INCLUDE && !current_dead(w)) {
		w->nr_undef = 0;
		return -1;
	}
	if (!t || t->type != TOKEN_IDENT)
		return -1;
	k = undef_of(w, t);
	if (w->kw == KW_DEFINE && k >= 0)
		w->undef[k] = w->undef[--w->nr_undef];
	else if (w->kw == KW_UNDEF && k < 0 && !w->nr_cond)
		undef_add(w, w->arg);
	else if ((w->kw == KW_IFDEF || w->kw == KW_IFNDEF) && k >= 0)
		return w->kw == KW_IFDEF ? 0 : 1;
	return -1;
}

/*
 * Follow #undef X (outside any #if: the file's choice), #define X and
 * #include (which may define X again): the value of "#ifdef X" (0 where
 * X is undefined for certain), else -1.  With none noted - most files,
 * most directives - only an #undef changes anything: -1 without a call.
 */
static inline __attribute__((always_inline)) int undef_track(struct walk *w)
{
	return !w->nr_undef && w->kw != KW_UNDEF ? -1 : undef_noted(w);
}

static void do_conditional(struct walk *w, size_t name)
{
	switch (w->kw) {
	case KW_IF:
		push_cond(w, if_value(w, name));
		break;
	case KW_IFDEF:
	case KW_IFNDEF:
		push_cond(w, undef_track(w));
		break;
	case KW_ELIF:
		next_branch(w, if_value(w, name), false);
		break;
	case KW_ELSE:
		next_branch(w, 1, true);
		break;
	case KW_ENDIF:
		if (w->nr_cond)
			w->nr_cond--;
		break;
	}
}

#define LINUX_DIR "<linux/"

/* Where #include lines are: at the top level, and <linux/init.h>. */
static void do_include(struct walk *w, size_t hash)
{
	struct scan *sc = &w->pt->sc;
	const struct token *t;

	if (w->arg == SCAN_NONE)
		return;
	t = &w->tl->tok[w->arg];
	if (t->type == TOKEN_STRING && !w->nr_cond && !w->live_depth)
		sc->last_any_include = hash;	/* it may bring the kernel's */
	if (t->type != TOKEN_HEADER)
		return;
	if (token_is(w->buf, t, "<linux/init.h>"))
		sc->has_init_h = true;
	if (w->nr_cond || w->live_depth)
		return;
	sc->last_include = sc->last_any_include = hash;
	if (sc->first_linux_include == SCAN_NONE &&
	    t->len > strlen(LINUX_DIR) &&
	    !memcmp(w->buf + t->pos, LINUX_DIR, strlen(LINUX_DIR)))
		sc->first_linux_include = hash;
}

/* The directive at '#' token i: its keyword, argument, body; the groups. */
static void begin_directive(struct walk *w, size_t i)
{
	const struct token_list *tl = w->tl;
	size_t name = pp_next(tl, i);
	bool was_dead = w->dead;

	w->kw = KW_NONE;
	w->arg = w->body = SCAN_NONE;
	w->pp_dead = was_dead;
	if (name == SCAN_NONE || tl->tok[name].type != TOKEN_IDENT)
		return;
	w->kw = keyword(w->buf, &tl->tok[name]);
	w->arg = pp_next(tl, name);
	if (w->kw == KW_DEFINE && w->arg != SCAN_NONE &&
	    tl->tok[w->arg].type == TOKEN_IDENT) {
		struct tokens s = { w->buf, tl };

		w->body = define_body(&s, w->arg);
	}
	if (w->kw != KW_IFDEF && w->kw != KW_IFNDEF)
		undef_track(w);
	do_conditional(w, name);
	w->dead = current_dead(w);
	if (!was_dead && w->dead) {
		size_t end = i;

		while ((tl->tok[end + 1].flags & TF_PP) &&
		       !(tl->tok[end + 1].flags & TF_BOL))
			end++;
		w->dead_start = end + 1;
	} else if (was_dead && !w->dead) {
		add_dead(w, w->dead_start, i);
	}
	w->pp_dead = was_dead && w->dead;
	if (!was_dead && w->kw != KW_DEFINE && w->kw != KW_UNDEF)
		do_include(w, i);
}

static void add_hit(struct walk *w, unsigned int s, size_t i, int word)
{
	struct slot *sl = &slots[s];
	const struct token *t = &w->tl->tok[i];
	bool pp = t->flags & TF_PP;
	struct hit *h;

	if (sl->nr == sl->alloc) {
		size_t n = sl->alloc ? 2 * sl->alloc : 64;

		h = realloc(sl->hits, n * sizeof(*h));
		if (!h) {
			porter_fail(w->pt, -ENOMEM);
			return;
		}
		sl->hits = h;
		sl->alloc = n;
	}
	h = &sl->hits[sl->nr++];
	h->tok = i;
	h->word = word;
	h->depth = w->depth;
	h->live_depth = w->live_depth;
	h->func = w->depth ? w->func : SCAN_NONE;
	h->group = current_group(w);
	h->kw = pp ? w->kw : KW_NONE;
	h->flags = (unsigned char)((pp ? H_PP : 0) |
		   ((pp ? w->pp_dead : w->dead) ? H_DEAD : 0) |
		   (pp && i == w->arg ? H_ARG : 0) |
		   (pp && w->body != SCAN_NONE && i >= w->body ? H_BODY : 0));
}

/*
 * May the family whose filter is sf want identifier i, whose hash_span()
 * is span?  The filter of any name, then that of its place.
 */
static inline bool filter_lets(const struct span_filter *sf,
			       const struct walk *w, size_t i, uint64_t span)
{
	if (!span_bloom_has(sf->bits, sf->mask, span))
		return false;
	if (!sf->member_bits)
		return true;
	/* after '.' or '->' (comments between), as gone's wants() reads it */
	return is_member_op(w->buf, &w->tl->tok[tok_before(w->tl->tok, i)]) ?
	       span_bloom_has(sf->member_bits, sf->member_mask, span) :
	       span_bloom_has(sf->name_bits, sf->name_mask, span);
}

/* engine_watch()'s: what to watch for, and whether the walk met it. */
static struct {
	const uint64_t *bits;
	size_t mask;
	bool (*seen)(uint64_t span);
	bool met;
} watch;

void engine_watch(const uint64_t *bits, size_t mask,
		  bool (*seen)(uint64_t span))
{
	watch.bits = bits;
	watch.mask = mask;
	watch.seen = seen;
	watch.met = false;
}

bool engine_watched(void)
{
	return !watch.bits || watch.met;
}

/* The families that want token i for its flags (want_flags). */
static inline __attribute__((always_inline)) void
flag_hits(struct walk *w, size_t i, unsigned int flags, unsigned int wanted)
{
	unsigned int k;

	if (!(flags & wanted))
		return;
	for (k = 0; k < nr_slots; k++)
		if (slots[k].f->want_flags & flags)
			add_hit(w, k, i, -1);
}

/* The families that want punctuator i. */
static inline __attribute__((always_inline)) void
punct_hits(struct walk *w, const struct token *t, size_t i)
{
	const struct name *nm;

	for (nm = punct[(unsigned char)w->buf[t->pos]]; nm; nm = nm->next)
		if (nm->len == t->len &&
		    (t->len == 1 || !memcmp(nm->word, w->buf + t->pos, t->len)))
			add_hit(w, nm->slot, i, nm->index);
}

/* The families that want identifier or <header> i. */
static inline __attribute__((always_inline)) void
name_hits(struct walk *w, const struct token *t, size_t i)
{
	const struct name *nm;
	unsigned int k;
	uint64_t span = hash_span(w->buf + t->pos, t->len);

	if (w->watching && t->type == TOKEN_IDENT &&
	    ((t->flags & TF_SPLICE) ||
	     (span_bloom_has(watch.bits, watch.mask, span) &&
	      watch.seen(span)))) {
		watch.met = true;
		w->watching = false;
	}
	for (k = 0; k < nr_filters; k++) {
		const struct span_filter *sf = &span_filters[k];

		if (sf->bits && t->type == TOKEN_IDENT &&
		    !filter_lets(sf, w, i, span))
			continue;	/* a name it cannot want */
		if (slots[filters[k]].f->wants(w->pt, i, span))
			add_hit(w, filters[k], i, -1);
	}
	if (t->flags & TF_SPLICE) {	/* slow and rare: every name */
		for (k = 0; k < nr_buckets; k++)
			for (nm = bucket[k]; nm; nm = nm->next)
				if (token_is(w->buf, t, nm->word))
					add_hit(w, nm->slot, i, nm->index);
		return;
	}
	for (nm = bucket[name_bucket(span)]; nm;
	     nm = nm->next)
		if (nm->len == t->len &&
		    span_eq(nm->word, w->buf + t->pos, t->len))
			add_hit(w, nm->slot, i, nm->index);
}

/* A code brace: TF_LBRACE or TF_RBRACE (the tokenizer's, of code only). */
static inline void code_brace(struct walk *w, size_t i, unsigned int flags)
{
	if (flags & TF_LBRACE) {
		if (!w->depth++)
			w->func = i;
		w->live_depth += !w->dead;
	} else {
		w->depth -= w->depth > 0;
		if (!w->dead && w->live_depth > 0)
			w->live_depth--;
	}
}

/*
 * Each token by its type, the state the walk keeps (directives, code
 * braces, an open literal or comment) first, then the families that want
 * it.  By the tokenizer's flags: only a directive's '#' has both TF_PP and
 * TF_BOL (token.h), only a code brace TF_LBRACE or TF_RBRACE; a name or a
 * number moves no state.
 */
static void walk_tokens(struct porter *pt)
{
	struct walk w = { .pt = pt, .buf = pt->buf, .tl = pt->tl,
			  .func = SCAN_NONE, .arg = SCAN_NONE,
			  .body = SCAN_NONE };
	const struct token *tok = pt->tl->tok;
	const unsigned int wanted = flag_slots;	/* in a register */
	struct scan *sc = &pt->sc;
	size_t i;

	sc->first_linux_include = sc->last_include = SCAN_NONE;
	sc->last_any_include = SCAN_NONE;
	sc->open_tok = SCAN_NONE;
	watch.met = false;
	w.watching = watch.bits != NULL;
	for (i = 0; i < nr_filters; i++) {
		const struct family *f = slots[filters[i]].f;

		if (!f->wants_names || !f->wants_names(pt, &span_filters[i]))
			span_filters[i] = (struct span_filter){ 0 };
	}
	for (i = 0;; i++) {
		const struct token *t = &tok[i];
		unsigned int flags = t->flags;

		/* a name (an identifier, the commonest token, or a <header>) */
		if (t->type == TOKEN_IDENT || t->type == TOKEN_HEADER) {
			flag_hits(&w, i, flags, wanted);
			name_hits(&w, t, i);
			continue;
		}
		switch (t->type) {
		case TOKEN_SPECIAL:
			if ((flags & (TF_PP | TF_BOL)) == (TF_PP | TF_BOL))
				begin_directive(&w, i);
			else if (flags & (TF_LBRACE | TF_RBRACE))
				code_brace(&w, i, flags);
			flag_hits(&w, i, flags, wanted);
			punct_hits(&w, t, i);
			continue;
		case TOKEN_COMMENT:
			/* In a directive, an open comment ends with the file. */
			if ((flags & TF_OPEN) && !(flags & TF_PP) &&
			    sc->open_tok == SCAN_NONE)
				sc->open_tok = i;
			continue;
		case TOKEN_STRING:
			/*
			 * An open ' is left alone: GCC reads assembler (an
			 * apostrophe in a ; comment) that way, up to the end
			 * of the line.
			 */
			if ((flags & TF_OPEN) && !(flags & TF_PP) && !w.dead &&
			    sc->open_tok == SCAN_NONE)
				sc->open_tok = i;
			flag_hits(&w, i, flags, wanted);
			continue;
		case TOKEN_EOF:
			break;
		default:
			flag_hits(&w, i, flags, wanted);
			continue;
		}
		break;
	}
	if (w.dead)
		add_dead(&w, w.dead_start, i);
	free(w.cond);
	free(w.undef);
}

static const char *file_eol(const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);

	return nl && nl > buf && nl[-1] == '\r' ? "\r\n" : "\n";
}

int port_file(const char *path, const char *buf, size_t len,
	      const struct token_list *tl, const struct port_opts *opts,
	      struct port *out)
{
	struct porter *pt = calloc(1, sizeof(*pt));
	size_t k;
	int ret;

	if (!pt)
		return -ENOMEM;
	if (!ready)
		engine_init();
	*pt = (struct porter){ .path = path, .header = source_is_header(path),
			       .buf = buf, .len = len,
			       .tl = tl, .opts = opts, .out = out,
			       .eol = file_eol(buf, len) };
	out->open_pos = (size_t)-1;
	for (k = 0; k < nr_slots; k++)
		slots[k].nr = 0;
	walk_tokens(pt);
	if (!pt->error && pt->sc.open_tok != SCAN_NONE) {
		out->open_pos = tl->tok[pt->sc.open_tok].pos;
		out->open_comment = tl->tok[pt->sc.open_tok].type ==
				    TOKEN_COMMENT;
	}
	for (k = 0; k < nr_slots && !pt->error &&
	     pt->sc.open_tok == SCAN_NONE; k++) {
		pt->muted = false;
		if (slots[k].nr || (!slots[k].f->words && !slots[k].f->wants))
			slots[k].f->run(pt, slots[k].hits, slots[k].nr);
	}
	if (!pt->error)
		porter_fail(pt, port_settle(out));
	port_sort_findings(out);
	ret = pt->error;
	scan_free(&pt->sc);
	decl_free(&pt->decls);
	if (pt->idents_made)
		idindex_free(&pt->idents);
	if (pt->headers)
		include_free(pt->headers);
	free(pt->headers);
	free(pt);
	return ret;
}

void port_free(struct port *p)
{
	size_t k;

	for (k = 0; k < p->nr_e; k++)
		free(p->e[k].text);
	for (k = 0; k < p->nr_f; k++)
		free(p->f[k].msg);
	free(p->f);
	free(p->e);
	memset(p, 0, sizeof(*p));
}
