/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Porting a file: port_file() runs the rule engine (engine.h) over a
 * tokenized file and returns findings (what check reports) and edits (what
 * fix applies); rule code never touches the character reader.
 */
#ifndef MODPORT_RULES_H
#define MODPORT_RULES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "ruletab.h"
#include "token.h"

enum severity { SEV_WARNING, SEV_NOTE, SEV_ERROR };

struct finding {
	size_t pos;		/* byte offset */
	enum rule_id rule;
	enum severity severity;
	bool fixable;		/* fix has an edit for it */
	bool deferred;		/* a later pass of fix fixes it */
	size_t id;		/* 1, 2, ... in the order found */
	char *msg;		/* allocated */
};

/* Replace buf[pos, pos + del) with text. */
struct edit {
	size_t pos;
	size_t del;
	size_t seq;		/* order of insertions at one offset */
	size_t owner;		/* id of the finding it fixes, or 0 */
	char *text;
};

struct port_opts {
	const char *name;	/* --name, or NULL: the file's stem */
	const char *license;	/* --license, or NULL */
	bool annotate;		/* --annotate */
	const char *param_perm;	/* --param-perm, or NULL: 0 */
	const struct rule_set *rules;	/* --rules, --ignore, --target; NULL: all */
};

struct port {
	struct finding *f;
	size_t nr_f, alloc_f;
	struct edit *e;
	size_t nr_e, alloc_e;
	size_t last_id, last_seq;	/* of findings, of edits */
	size_t open_pos;	/* unterminated comment/literal, or -1 */
	bool open_comment;
};

/* Apply the rules to a tokenized file.  Returns 0 or -ENOMEM. */
int port_file(const char *path, const char *buf, size_t len,
	      const struct token_list *tl, const struct port_opts *opts,
	      struct port *out);

/*
 * A watch over the identifiers of port_file()'s walk (comments aside),
 * whose hash_span() the walk makes for its own filters anyway: whether
 * the last walk met one whose span's bit is set in the span_bloom_has()
 * filter bits (mask: its words, less one) and that seen() takes, or one
 * with a splice (whatever it spells).  For a question about a few names
 * among the millions of a tree's identifiers, with no walk of its own.
 * bits NULL: no watch, and engine_watched() is always true.
 */
void engine_watch(const uint64_t *bits, size_t mask,
		  bool (*seen)(uint64_t span));
bool engine_watched(void);
void port_free(struct port *p);

/*
 * Append an edit, or a finding whose message is fmt with ap (port.c).
 * Return 0 or -ENOMEM.
 */
int port_add_edit(struct port *out, size_t pos, size_t del, const char *text);
int port_add_finding(struct port *out, size_t pos, enum rule_id rule,
		     enum severity sev, bool fixable, const char *fmt,
		     va_list ap) __attribute__((format(printf, 6, 0)));

/*
 * Move the findings and edits of from to the end of p, numbered after
 * p's (from is left empty).  Returns 0 or -ENOMEM.
 */
int port_append(struct port *p, struct port *from);

/* Move finding f to the end of out (f keeps no message).  0 or -ENOMEM. */
int port_take_finding(struct port *out, struct finding *f);

/* The findings by offset (notes after the rest at one offset). */
void port_sort_findings(struct port *p);

/*
 * Where two rules edit the same bytes, keep the edits of the finding found
 * first; the other finding is left unfixed (reported, for another pass of
 * fix).  Returns 0 or -ENOMEM.
 */
int port_settle(struct port *out);

/* The module name for path: its stem as a C identifier. */
void module_name(const char *path, char *name, size_t size);
bool is_identifier(const char *s);

#endif
