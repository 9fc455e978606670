/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ruletab: the table of rules made from rules.def - the IDs findings use
 * (enum rule_id, so that no ID string is spelled twice), what each rule
 * is, and the selection of --rules, --ignore and --target.
 */
#ifndef MODPORT_RULETAB_H
#define MODPORT_RULETAB_H

#include <stdbool.h>
#include <stddef.h>

/* A kernel version as LINUX_VERSION_CODE spells it. */
#define KV(a, b, c) (((a) << 16) | ((b) << 8) | (c))

enum rule_kind { RULE_FIX, RULE_REPORT };

enum rule_id {
#define RULE(sym, id, kind, gone, new, summary) R_##sym,
#include "rules.def"
#undef RULE
	NR_RULES
};

struct rule_info {
	const char *id;
	enum rule_kind kind;
	unsigned int gone;	/* KV(): the old interface went away, or 0 */
	unsigned int since;	/* KV(): the new one appeared */
	const char *summary;
};

extern const struct rule_info rule_table[NR_RULES];

static inline const char *rule_name(enum rule_id r)
{
	return rule_table[r].id;
}

/* The rule called id[0..len), or -1. */
int rule_lookup(const char *id, size_t len);

/* "2.6.17" or "6.1" as KV(); -1 if it is not a version. */
long kernel_version(const char *s);

/*
 * What the user selected: --rules and --ignore (a set of rules) and
 * --target (a kernel range).
 */
struct rule_set {
	bool on[NR_RULES];
	unsigned int target_lo, target_hi;	/* KV(); 0: no --target */
};

void rule_set_all(struct rule_set *rs);

/*
 * Apply "--rules=ID,..." (keep only those) or "--ignore=ID,..." (drop
 * those).  Returns 0, or -1 with *bad pointing at the unknown ID (its
 * length in *bad_len).
 */
int rule_set_parse(struct rule_set *rs, const char *list, bool keep,
		   const char **bad, size_t *bad_len);

/* "--target=VERSION" or "LO..HI"; 0, or -1 if it cannot be read. */
int rule_set_target(struct rule_set *rs, const char *arg);

/* "2.6.17" for KV(2, 6, 17), "-" for 0; into buf. */
const char *show_version(unsigned int kv, char *buf, size_t size);

#endif
