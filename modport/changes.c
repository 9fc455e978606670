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

const struct api_change *change_for(const char *name, size_t len)
{
	size_t i;

	if (len > 2 && name[0] == '<' && name[len - 1] == '>') {
		name++;
		len -= 2;
	}
	for (i = 0; i < nr_api_changes; i++)
		if (strcspn(api_changes[i].old, "(") == len &&
		    !memcmp(api_changes[i].old, name, len))
			return &api_changes[i];
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
		[C_REWRITE] = "rewrite",
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
