// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nameset.h"

static uint64_t hash_name(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;

	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

/* The slot of s[0..len): where it is, or the empty one it would take. */
static size_t slot(const struct nameset *ns, const char *s, size_t len)
{
	size_t j = hash_name(s, len) & (ns->size - 1);

	while (ns->name[j] && (strncmp(ns->name[j], s, len) ||
			       ns->name[j][len]))
		j = (j + 1) & (ns->size - 1);
	return j;
}

static int grow(struct nameset *ns)
{
	struct nameset big = { .size = ns->size ? 2 * ns->size : 256 };
	size_t i;

	big.name = calloc(big.size, sizeof(*big.name));
	if (!big.name)
		return -ENOMEM;
	for (i = 0; i < ns->size; i++)
		if (ns->name[i])
			big.name[slot(&big, ns->name[i],
				      strlen(ns->name[i]))] = ns->name[i];
	free(ns->name);
	ns->name = big.name;
	ns->size = big.size;
	return 0;
}

int nameset_add(struct nameset *ns, const char *s)
{
	size_t len = strlen(s), j;

	if (2 * (ns->used + 1) > ns->size && grow(ns))
		return -ENOMEM;
	j = slot(ns, s, len);
	if (ns->name[j])
		return 0;
	ns->name[j] = strdup(s);
	if (!ns->name[j])
		return -ENOMEM;
	ns->used++;
	return 0;
}

bool nameset_has(const struct nameset *ns, const char *s, size_t len)
{
	return ns->size && ns->name[slot(ns, s, len)];
}

void nameset_free(struct nameset *ns)
{
	size_t i;

	for (i = 0; i < ns->size; i++)
		free(ns->name[i]);
	free(ns->name);
	memset(ns, 0, sizeof(*ns));
}
