// SPDX-License-Identifier: GPL-2.0
/* brings.c: the table of brings.def (brings.h). */
#include <string.h>

#include "brings.h"
#include "ruletab.h"

struct brings_row {
	const char *rel, *hdr, *by;
};

static const char all_old[] =
#define BRINGS_ALL(list) list;
#define BRINGS(rel, hdr, list)
#include "brings.def"
#undef BRINGS
#undef BRINGS_ALL
;

static const struct brings_row rows[] = {
#define BRINGS_ALL(list)
#define BRINGS(rel, hdr, list) { rel, hdr, list },
#include "brings.def"
#undef BRINGS
#undef BRINGS_ALL
};

#define NR_ROWS (sizeof(rows) / sizeof(rows[0]))

/* Is name[0..len) a word of the space-separated list? */
static bool in_list(const char *list, const char *name, size_t len)
{
	const char *p = list, *end;

	for (; len && *p; p = *end ? end + 1 : end) {
		end = strchr(p, ' ');
		if (!end)
			end = p + strlen(p);
		if ((size_t)(end - p) == len && !memcmp(p, name, len))
			return true;
	}
	return false;
}

bool brings_old_header(const char *name, size_t len)
{
	return in_list(all_old, name, len);
}

bool brings_release(size_t k, kv_code *kv, const char **name)
{
	size_t i, n = 0;

	for (i = 0; i < NR_ROWS; i++) {
		if (i && !strcmp(rows[i].rel, rows[i - 1].rel))
			continue;
		if (n++ != k)
			continue;
		*name = rows[i].rel;
		*kv = (kv_code)kernel_version(rows[i].rel);
		return true;
	}
	return false;
}

bool brings(const char *rel, const char *hdr, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		if (!strcmp(rows[i].rel, rel) && !strcmp(rows[i].hdr, hdr))
			return in_list(rows[i].by, name, len);
	return false;
}

bool brings_known(const char *hdr)
{
	size_t i;

	for (i = 0; i < NR_ROWS; i++)
		if (!strcmp(rows[i].hdr, hdr))
			return true;
	return false;
}
