// SPDX-License-Identifier: GPL-2.0
/* changes.c: the table of API changes (changes.h), made from changes.def. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "changes.h"
#include "ruletab.h"

const struct api_change api_changes[] = {
#define CHANGE(kind, old, new, gone, since, arg, advice) \
	{ C_##kind, old, new, gone, since, arg, advice },
#include "changes.def"
#undef CHANGE
};
const size_t nr_api_changes = sizeof(api_changes) / sizeof(api_changes[0]);

/*
 * The rows by the name of their old form (a call pattern's name): an
 * open-addressing table made on first use, as the gone rule asks for
 * every name the atlas knows.  The first row of a name wins.
 */
#define BY_NAME_SIZE 512	/* a power of two, more than twice the rows */

static const struct api_change *by_name[BY_NAME_SIZE];

static size_t name_slot(const char *name, size_t len)
{
	size_t h = 5381, k;

	for (k = 0; k < len; k++)
		h = h * 33 + (unsigned char)name[k];
	return h & (BY_NAME_SIZE - 1);
}

static size_t old_len(const struct api_change *ch)
{
	return strcspn(ch->old, "(");
}

static void index_names(void)
{
	size_t i, j;

	for (i = 0; i < nr_api_changes; i++) {
		const struct api_change *ch = &api_changes[i];

		for (j = name_slot(ch->old, old_len(ch)); by_name[j];
		     j = (j + 1) & (BY_NAME_SIZE - 1))
			if (old_len(by_name[j]) == old_len(ch) &&
			    !memcmp(by_name[j]->old, ch->old, old_len(ch)))
				break;	/* the first row of the name stays */
		if (!by_name[j])
			by_name[j] = ch;
	}
}

const struct api_change *change_for(const char *name, size_t len)
{
	static bool indexed;
	size_t j;

	_Static_assert(sizeof(api_changes) / sizeof(api_changes[0]) * 2 <
		       BY_NAME_SIZE, "BY_NAME_SIZE: more than twice the rows");
	if (!indexed) {
		index_names();
		indexed = true;
	}
	if (len > 2 && name[0] == '<' && name[len - 1] == '>') {
		name++;
		len -= 2;
	}
	for (j = name_slot(name, len); by_name[j];
	     j = (j + 1) & (BY_NAME_SIZE - 1))
		if (old_len(by_name[j]) == len &&
		    !memcmp(by_name[j]->old, name, len))
			return by_name[j];
	return NULL;
}

const struct api_change *change_for_tag(const char *tag, size_t len)
{
	size_t i;

	for (i = 0; i < nr_api_changes; i++)
		if (!strncmp(api_changes[i].old, "struct ", 7) &&
		    strlen(api_changes[i].old + 7) == len &&
		    !memcmp(api_changes[i].old + 7, tag, len))
			return &api_changes[i];
	return NULL;
}

static void *or_exit(void *p)
{
	if (!p) {
		fprintf(stderr, "modport: %s\n", strerror(ENOMEM));
		exit(2);
	}
	return p;
}

const char **change_words(bool (*keep)(const struct api_change *ch))
{
	const char **words = or_exit(calloc(nr_api_changes + 1,
					    sizeof(*words)));
	size_t i, n = 0;

	for (i = 0; i < nr_api_changes; i++) {
		const struct api_change *ch = &api_changes[i];
		char *hdr;

		if (!keep(ch))
			continue;
		if (!strncmp(ch->old, "struct ", 7)) {
			words[n++] = ch->old + 7;	/* the tag */
			continue;
		}
		if ((ch->kind == C_MEMBER || ch->kind == C_RETYPE) &&
		    strchr(ch->old, '.')) {
			words[n++] = strchr(ch->old, '.') + 1;	/* the member */
			continue;
		}
		if (strchr(ch->old, '(')) {	/* a call pattern: its name */
			words[n++] = or_exit(strndup(ch->old,
						     strcspn(ch->old, "(")));
			continue;
		}
		if (!strchr(ch->old, '/')) {
			words[n++] = ch->old;
			continue;
		}
		hdr = or_exit(malloc(strlen(ch->old) + 3));
		sprintf(hdr, "<%s>", ch->old);
		words[n++] = hdr;
	}
	return words;
}

const char *change_kind_name(enum change_kind k)
{
	static const char *const names[] = {
		[C_RENAME] = "rename", [C_HEADER] = "header",
		[C_REMOVE_LINE] = "remove-line", [C_REMOVE_WORD] = "remove-word",
		[C_UNWRAP] = "unwrap", [C_EXPAND] = "expand",
		[C_DROP_ARG] = "drop-arg", [C_ADD_ARG] = "add-arg",
		[C_QUOTE_ARG] = "quote-arg", [C_INCLUDE] = "include",
		[C_PERSON] = "person", [C_METHOD] = "method",
		[C_SETUP] = "setup", [C_CLASH] = "clash",
		[C_REWRITE] = "rewrite", [C_MEMBER] = "member",
		[C_LINKMODE] = "linkmode", [C_ARGTYPE] = "argtype",
		[C_RETYPE] = "retype",
	};

	return names[k];
}

static unsigned int version_of(const char *s)
{
	long kv = *s ? kernel_version(s) : 0;

	return kv > 0 ? (unsigned int)kv : 0;
}

unsigned int change_gone(const struct api_change *ch)
{
	return version_of(ch->gone);
}

unsigned int change_since(const struct api_change *ch)
{
	return version_of(ch->since);
}
