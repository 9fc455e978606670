// SPDX-License-Identifier: GPL-2.0
/* suggest: messages that name the fix (see suggest.h). */
#include <errno.h>
#include <string.h>

#include "ruletab.h"
#include "suggest.h"

#define MAX_ID 64

/* Levenshtein distance of a[0, n) and b, rows of at most MAX_ID. */
static size_t distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b), prev[MAX_ID + 1], cur[MAX_ID + 1], i, j, best;

	if (n > MAX_ID || m > MAX_ID)
		return (size_t)-1;
	for (j = 0; j <= m; j++)
		prev[j] = j;
	for (i = 1; i <= n; i++) {
		cur[0] = i;
		for (j = 1; j <= m; j++) {
			best = prev[j - 1] + (a[i - 1] != b[j - 1]);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			cur[j] = best;
		}
		memcpy(prev, cur, (m + 1) * sizeof(prev[0]));
	}
	return prev[m];
}

const char *suggest_rule(const char *id, size_t len)
{
	const char *best = NULL;
	size_t d, best_d = 3;
	int r;

	for (r = 0; r < NR_RULES; r++) {
		d = distance(id, len, rule_table[r].id);
		if (d < best_d) {
			best_d = d;
			best = rule_table[r].id;
		}
	}
	return best;
}

void suggest_fixed(FILE *out, const char *path, const size_t count[NR_RULES])
{
	size_t total = 0;
	const char *sep = ": ";
	int r;

	for (r = 0; r < NR_RULES; r++)
		total += count[r];
	if (!total)
		return;
	fprintf(out, "%s: %s: fixed %zu site%s", program_invocation_short_name,
		path, total, total == 1 ? "" : "s");
	for (r = 0; r < NR_RULES; r++) {
		if (!count[r])
			continue;
		fprintf(out, "%s%s", sep, rule_table[r].id);
		if (count[r] > 1)
			fprintf(out, " (%zu)", count[r]);
		sep = ", ";
	}
	fputc('\n', out);
}
