/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the rule files share: the state of one file's port and the helpers
 * that record findings and edits.  Private to rules.c and series.c.
 */
#ifndef MODPORT_PORTER_H
#define MODPORT_PORTER_H

#include "decl.h"
#include "diag.h"
#include "include.h"
#include "rules.h"
#include "scan.h"

#define NAME_MAX_LEN 128

struct porter {
	const char *path;
	const char *buf;
	size_t len;
	const struct token_list *tl;
	const struct port_opts *opts;
	struct port *out;
	struct scan sc;
	const char *eol;
	bool fires[ENTRY_KINDS];
	bool wrapped[ENTRY_KINDS];	/* by module-wrapper */
	char name[ENTRY_KINDS][NAME_MAX_LEN + 16];
	size_t reg_pos[2 * SCAN_MAX_DECLS];	/* registrations: where */
	size_t reg_del[2 * SCAN_MAX_DECLS];	/* bytes they replace */
	char reg_text[2 * SCAN_MAX_DECLS][2 * NAME_MAX_LEN + 512];
	int nr_reg;
	struct decl_table decls;	/* file scope, read on demand */
	bool decls_read;
	struct header_set *headers;	/* local headers, read on demand */
	bool headers_read;
	size_t *cued;			/* tokens the cued rules look at */
	size_t nr_cued, alloc_cued;
};

int add_finding(struct porter *pt, size_t pos, const char *rule,
		enum severity sev, bool fixable, const char *fmt, ...)
	FORMAT_ATTR(6);
int add_edit(struct porter *pt, size_t pos, size_t del, const char *text);

size_t line_start(const char *buf, size_t pos);
size_t line_end(const char *buf, size_t len, size_t pos);
size_t after_eol(const char *buf, size_t len, size_t pos);

static inline size_t tok_end(const struct token *t)
{
	return t->pos + t->len;
}

/* The bytes the directive at '#' token hash occupies (its line if alone). */
void define_range(struct porter *pt, size_t hash, size_t *from, size_t *to);

/* Where a new #include line goes (rules.c). */
size_t include_pos(const struct porter *pt, bool *eol_first);

/* MODULE_PARM at token i (param.c). */
int rule_module_parm(struct porter *pt, size_t i, bool *converted);

/* module-wrapper (wrapper.c): 1 if it took the kind over. */
int rule_wrapper(struct porter *pt, int kind);

/*
 * Delete buf[from, to): the whole line when nothing else is on it, else
 * the range and the blanks after it (series.c).
 */
int delete_line_range(struct porter *pt, size_t from, size_t to);

/* gnu-initializer (gnuinit.c). */
int rule_gnu_initializer(struct porter *pt);

/* use-count (usecount.c). */
int rule_use_count(struct porter *pt);

/* Report-only rules: cli-sti, sleep-on, task-queue, ... (legacy.c). */
int rule_legacy(struct porter *pt);

/*
 * Report-only rules for what still builds today, so they need a 2.4 cue:
 * cue, another finding in the file (kdev.c, irqhandler.c).  They look only
 * at the tokens rule_legacy()'s walk put in pt->cued: "void" at the top
 * level, kdev_t and its helpers, MINOR and MAJOR.
 */
int rule_kdev(struct porter *pt, bool cue);
bool is_kdev_name(const char *buf, const struct token *t);	/* kdev_t, helpers */
int rule_irq_handler(struct porter *pt, bool cue);

/* The porting series' rules beyond the article (series.c). */
int rule_series(struct porter *pt);

#endif
