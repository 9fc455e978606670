/* SPDX-License-Identifier: GPL-2.0 */
/*
 * changes: the table of API changes (changes.def): what the table-driven
 * fix family (rules/changes.c) fixes, and the advice the atlas's findings
 * (rules/gone.c) give for what they find gone.
 */
#ifndef MODPORT_CHANGES_H
#define MODPORT_CHANGES_H

#include <stdbool.h>
#include <stddef.h>

enum change_kind {
	C_RENAME, C_HEADER, C_REMOVE_LINE, C_REMOVE_WORD, C_UNWRAP, C_EXPAND,
	C_DROP_ARG, C_ADD_ARG, C_QUOTE_ARG, C_INCLUDE, C_PERSON, C_METHOD,
	C_SETUP, C_CLASH, C_REWRITE, C_MEMBER, C_LINKMODE, C_ARGTYPE,
	C_RETYPE,
};

enum { CALL_ANY, CALL_STATEMENT, CALL_LAST_NULL, CALL_AGED = 0x100 };

struct api_change {
	enum change_kind kind;
	const char *old, *new;
	const char *gone, *since;	/* "6.12"; "" none */
	int arg;
	const char *advice;
};

extern const struct api_change api_changes[];
extern const size_t nr_api_changes;

/* The change whose old form is name[0..len) (or "<name>"), or NULL. */
const struct api_change *change_for(const char *name, size_t len);
/* The row of "struct tag" (a type whose header is no longer brought in). */
const struct api_change *change_for_tag(const char *tag, size_t len);
const char *change_kind_name(enum change_kind k);
/*
 * The words the rows that keep() selects are found by, for a family's
 * word list (NULL-terminated, made once; exits on ENOMEM): the old form,
 * a struct row's tag, a MEMBER row's member, a header's "<path>".
 */
const char **change_words(bool (*keep)(const struct api_change *ch));
/* Its gone and since versions as KV(); 0 for "". */
unsigned int change_gone(const struct api_change *ch);
unsigned int change_since(const struct api_change *ch);

#endif
