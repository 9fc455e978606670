/* SPDX-License-Identifier: GPL-2.0 */
/*
 * engine: what a rule family sees.  The engine walks a file's tokens once
 * (brace depth, conditional groups and #if 0, directives and #define
 * bodies) and hands each family the tokens it asked for by name - through
 * a table of names, as sparse's ident table - as hits, in token order.
 * Then it runs the families, in the order of rules.def, each on its hits.
 * A family is one file in rules/ that registers itself with FAMILY(); its
 * state is its own.  What families share is a service with one owner here:
 * the file (buffer, tokens, the walk's scan), findings and edits, the
 * file-scope declarations and the local headers.  Errors are sticky: the
 * first one is kept in pt->error, and the engine checks it.
 */
#ifndef MODPORT_ENGINE_H
#define MODPORT_ENGINE_H

#include "decl.h"
#include "diag.h"
#include "idindex.h"
#include "include.h"
#include "rules.h"
#include "ruletab.h"
#include "scan.h"

#define NAME_MAX_LEN 128

#define PORTER_REMOVED_MAX 32

/* The state of one file's port. */
struct porter {
	const char *path;
	bool header;			/* a .h: source_is_header(path) */
	const char *buf;
	size_t len;
	const struct token_list *tl;
	const struct port_opts *opts;
	struct port *out;
	struct scan sc;			/* what the walk found */
	const char *eol;		/* the file's line end */
	int error;			/* sticky: the first error, or 0 */
	bool muted;			/* edits of a rule not selected */
	size_t nr_found[2];		/* findings made: [0] all, [1] warnings */
	struct decl_table decls;	/* file scope, read on demand */
	bool decls_read;
	struct header_set *headers;	/* local headers, read on demand */
	bool headers_read;
	bool header_begun;		/* file_header()'s hdrcache_begin() */
	struct id_index idents;		/* the file's names, found on demand */
	bool idents_made;
	bool not_x86_known, not_x86;	/* not_x86_kernel() (rules/gone.h) */
	bool never_built_known, never_built;	/* kbuild_never_built() */
	size_t removed[PORTER_REMOVED_MAX][2];	/* code a rule removes */
	size_t nr_removed;
};

/* Where a hit is. */
enum hit_flag {
	H_DEAD = 1,	/* in an #if 0 group */
	H_PP = 2,	/* in a directive */
	H_BODY = 4,	/* in a #define's body */
	H_ARG = 8,	/* the directive's argument: #define ARG, #include ARG */
};

/* The directive a hit is in. */
enum keyword {
	KW_NONE, KW_DEFINE, KW_UNDEF, KW_INCLUDE, KW_IF, KW_IFDEF, KW_IFNDEF,
	KW_ELIF, KW_ELSE, KW_ENDIF, KW_OTHER,
};

/*
 * A filter of names by their hash_span(): span_bloom_has() (hashspan.h);
 * and, for the names it lets through, one for a name after '.' or '->'
 * (comments between) and one for the others.
 */
struct span_filter {
	const uint64_t *bits;
	size_t mask;		/* its words, less one (a power of two less one) */
	const uint64_t *name_bits, *member_bits;	/* both or neither */
	size_t name_mask, member_mask;
};

struct hit {
	size_t tok;		/* token index */
	size_t func;		/* the '{' that opened depth 1, or SCAN_NONE */
	int word;		/* index in the family's words; -1: a flag */
	int depth;		/* code braces, #if 0 groups included */
	int live_depth;		/* braces of live code */
	unsigned int group;	/* conditional group (0: none) */
	unsigned char flags;	/* enum hit_flag */
	unsigned char kw;	/* enum keyword, KW_NONE outside directives */
};

/*
 * A family of rules: the rules it reports (ending with NR_RULES), the
 * tokens it wants - identifiers, <header> names, or one-character
 * punctuators, NULL-terminated - and with want_flags, every token with one
 * of those token flags (TF_NEWLINE).  run() gets its hits in token order.
 */
struct family {
	const char *name;
	const enum rule_id *rules;
	const char *const *words;
	unsigned int want_flags;
	/*
	 * Or a filter: every identifier and <header> (token i) it wants is
	 * a hit (word -1).  For word lists too large for the table (the
	 * atlas), or that depend on the options (the target).  span: the
	 * token's hash_span() (hashspan.h) of its bytes as in the file.
	 */
	bool (*wants)(const struct porter *pt, size_t i, uint64_t span);
	/*
	 * With wants, may be: the names it can want, once a file.  Fill sf
	 * and return true, and an identifier whose span's bit is clear is
	 * not asked of wants() (a <header> is).
	 */
	bool (*wants_names)(const struct porter *pt, struct span_filter *sf);
	void (*run)(struct porter *pt, const struct hit *h, size_t n);
};

void family_register(const struct family *f);
#define FAMILY(f)							\
	static void __attribute__((constructor)) register_##f(void)	\
	{								\
		family_register(&f);					\
	}

/* The registered families, in the order they run. */
size_t family_count(void);
const struct family *family_at(size_t k);

/* Record a finding; a rule not selected makes it (and its edits) muted. */
int add_finding(struct porter *pt, size_t pos, enum rule_id rule,
		enum severity sev, bool fixable, const char *fmt, ...)
	FORMAT_ATTR(6);
/*
 * The finding just made waits for another rule's edit: a later pass of
 * fix fixes it (or finds it again), so this pass does not leave it.
 */
void porter_defer(struct porter *pt);
/* Replace buf[pos, pos + del) with text (nothing while muted). */
int add_edit(struct porter *pt, size_t pos, size_t del, const char *text);
/* The edits that follow belong to rule (muted if it is not selected). */
void edits_for(struct porter *pt, enum rule_id rule);
bool rule_on(const struct porter *pt, enum rule_id rule);
/*
 * buf[from, to) is code a rule removes (a function that served only what
 * it deletes): the findings that later families make there are dropped,
 * and their edits.
 */
void porter_removes(struct porter *pt, size_t from, size_t to);
/* Set the sticky error (the first one stays); returns it. */
int porter_fail(struct porter *pt, int err);

/* A printf'd string on the heap, or NULL with the sticky error set. */
char *porter_printf(struct porter *pt, const char *fmt, ...) FORMAT_ATTR(2);
/*
 * Room for element nr in the vector *vec of *alloc elements of size bytes:
 * 0, or the sticky error.  GROW(pt, v, nr, alloc) for a typed vector v.
 */
int porter_grow(struct porter *pt, void *vec, size_t nr, size_t *alloc,
		size_t size);
#define GROW(pt, v, nr, alloc) porter_grow(pt, &(v), nr, &(alloc), sizeof(*(v)))

size_t line_start(const char *buf, size_t pos);
size_t line_end(const char *buf, size_t len, size_t pos);
size_t after_eol(const char *buf, size_t len, size_t pos);

static inline size_t tok_end(const struct token *t)
{
	return t->pos + t->len;
}

/* The bytes the directive at '#' token hash occupies (its line if alone). */
void define_range(struct porter *pt, size_t hash, size_t *from, size_t *to);

/* Where a new #include line goes, and whether a line end goes first. */
size_t include_pos(const struct porter *pt, bool *eol_first);

/*
 * Delete buf[from, to): the whole line when nothing else is on it, else
 * the range and the blanks after it (and before it, at the line's end).
 */
int delete_line_range(struct porter *pt, size_t from, size_t to);

/*
 * Has a rule not in mine (NR_RULES-terminated) made a finding on the line
 * of pos?  That rule names what is there.
 */
bool porter_line_taken(const struct porter *pt, size_t pos,
		       const enum rule_id *mine);

/* Are buf[from, to) only spaces and tabs? */
bool only_blanks(const char *buf, size_t from, size_t to);

/*
 * Does the file include <linux/version.h> before pos, or an edit made so
 * far put it there?
 */
bool porter_has_version_h(const struct porter *pt, size_t pos);
/*
 * The #include <linux/version.h> that an #if LINUX_VERSION_CODE at pos
 * needs: "" when it is there; else, for an #if before where a new
 * #include goes, the line to put before it; else it is added there (an
 * edit: a compat block after the includes uses it too) and "" returned.
 */
const char *porter_version_h(struct porter *pt, size_t pos);
/*
 * Keep a fix both ways: buf[from, to) becomes "#if LINUX_VERSION_CODE >=
 * KERNEL_VERSION(since)", the lines buf[from, old_to) with the fix made
 * in them (del bytes at pos become text), "#else", the lines as they are,
 * "#endif", each on its own line (and the #include <linux/version.h> it
 * needs).  A NULL text (a failed porter_printf()) adds nothing.  Returns
 * the sticky error.
 */
int porter_keep_both(struct porter *pt, size_t from, size_t old_to,
		     size_t to, unsigned int since, size_t pos, size_t del,
		     const char *text);
/*
 * Add what the target's newer kernels alone want: at pos (a line's
 * start), "#if LINUX_VERSION_CODE >= KERNEL_VERSION(since)", the lines
 * (each with its line end), "#endif" (and the #include <linux/version.h>
 * it needs).  A NULL lines adds nothing.  Returns the sticky error.
 */
int porter_add_since(struct porter *pt, size_t pos, unsigned int since,
		     const char *lines);
/*
 * Is the line of pos the old form that a fix kept for older kernels:
 * "#if LINUX_VERSION_CODE >= ... NEW #else OLD #endif"?
 */
bool porter_kept_old(const struct porter *pt, size_t pos);

/* Does an edit made so far replace or delete the byte at pos? */
bool porter_edited(const struct porter *pt, size_t pos);

/*
 * Is the .c at path #included by a sibling .c (part of that unit: its
 * names come from there)?  It reads the folder: ask it late, and once.
 */
bool sibling_includes(const char *path);

/*
 * The file's definition "NAME(...) {" of the name of token i: the index
 * of its NAME, or SCAN_NONE.
 */
size_t porter_fn_definition(const struct porter *pt, size_t i);

/* Services: the file-scope declarations, the local headers (or NULL). */
const struct decl *file_decl(struct porter *pt, const char *name,
			     size_t len);
struct header_set *file_headers(struct porter *pt);
struct cached_header;
/*
 * One local header of the file, the one at path, read alone (hdrcache.h:
 * valid while the file is ported), where a rule needs few of them: NULL
 * with *err 0 where none can be read, -ENOMEM where memory ran out.
 */
const struct cached_header *file_header(struct porter *pt, const char *path,
					int *err);
/* The file's code identifiers by spelling (idindex.h), or NULL: ENOMEM. */
struct id_index *file_idents(struct porter *pt);
/*
 * The uses of the names that the identifiers at toks[0..n) spell gathered
 * in the file's index in one walk (idindex_gather()), when they are two
 * or more: a rule that will ask for each of them, where the second name
 * asked alone would index every identifier of the file (one is found by
 * idindex_find()'s walk as cheaply).  Without memory for the list, each
 * is found as it is asked.
 */
void file_idents_gather(struct porter *pt, const size_t *toks, size_t n);
/*
 * Does fn say yes to an #include of one of the file's local headers (its
 * TOKEN_HEADER t in the text buf)?
 */
typedef bool local_header_fn(const char *buf, const struct token *t,
			     void *arg);
bool local_header_any(struct porter *pt, local_header_fn *fn, void *arg);

#endif
