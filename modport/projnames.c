// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "atlas.h"
#include "harvest.h"
#include "hdrindex.h"
#include "nameset.h"
#include "projnames.h"
#include "source.h"

static struct nameset members;
static int state;	/* 0: not read, 1: read, -ENOMEM */

static void harvested(void *arg, const struct harvest_name *hn)
{
	int *ret = arg;

	/*
	 * Only a name that some kernel's struct has as a member is ever
	 * asked for (projnames.h): a tree's millions of register macros
	 * (amdgpu's) need no room.
	 */
	if ((hn->kind == HK_MEMBER || hn->kind == HK_MACRO) &&
	    atlas_mask(ATLAS_ANY_MEMBER, NULL, 0, hn->name, strlen(hn->name)) &&
	    nameset_add(&members, hn->name))
		*ret = -ENOMEM;
}

/* One header; one that cannot be read declares nothing. */
static int read_header(const char *path)
{
	struct token_list tl = { 0 };
	size_t len;
	char *buf = source_slurp(path, &len);
	int ret = 0;

	if (!buf)
		return 0;
	if (tokenize(buf, len, &tl))
		ret = -ENOMEM;
	else if (harvest(buf, &tl, HARVEST_NAMES_ONLY, harvested, &ret))
		ret = -ENOMEM;
	token_list_free(&tl);
	free(buf);
	return ret;
}

static int read_all(void)
{
	size_t k, n = hdrindex_count();
	int ret = 0;

	for (k = 0; !ret && k < n; k++)
		ret = read_header(hdrindex_path(k));
	return ret ? ret : 1;
}

int projnames_member(const char *s, size_t len)
{
	if (!state)
		state = read_all();
	if (state < 0)
		return state;
	return nameset_has(&members, s, len);
}

int projnames_load(void)
{
	if (!state)
		state = read_all();
	return state < 0 ? state : 0;
}

void projnames_free(void)
{
	nameset_free(&members);
	state = 0;
}
