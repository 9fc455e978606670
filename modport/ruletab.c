// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kversion.h"
#include "ruletab.h"

#define FIX RULE_FIX
#define REPORT RULE_REPORT

const struct rule_info rule_table[NR_RULES] = {
#define RULE(sym, id, kind, gone, new, summary) \
	[R_##sym] = { id, kind, gone, new, summary },
#include "rules.def"
#undef RULE
};

int rule_lookup(const char *id, size_t len)
{
	int r;

	for (r = 0; r < NR_RULES; r++)
		if (strlen(rule_table[r].id) == len &&
		    !memcmp(rule_table[r].id, id, len))
			return r;
	return -1;
}

long kernel_version(const char *s)
{
	long part[3] = { 0, 0, 0 };
	int n = 0;
	char *end;

	for (;;) {
		if (*s < '0' || *s > '9')
			return -1;
		part[n] = strtol(s, &end, 10);
		if (part[n] > 255 || end - s > 3)
			return -1;
		s = end;
		if (++n == 3 || *s != '.')
			break;
		s++;
	}
	if (*s || n < 2)
		return -1;
	return KV(part[0], part[1], part[2]);
}

void rule_set_all(struct rule_set *rs)
{
	int r;

	for (r = 0; r < NR_RULES; r++)
		rs->on[r] = true;
	rs->target_lo = rs->target_hi = 0;
}

int rule_set_parse(struct rule_set *rs, const char *list, bool keep,
		   const char **bad, size_t *bad_len)
{
	bool named[NR_RULES] = { false };
	const char *p = list;
	int r;

	for (;;) {
		size_t n = strcspn(p, ",");

		r = rule_lookup(p, n);
		if (r < 0) {
			*bad = p;
			*bad_len = n;
			return -1;
		}
		named[r] = true;
		if (!p[n])
			break;
		p += n + 1;
	}
	for (r = 0; r < NR_RULES; r++)
		if (keep ? !named[r] : named[r])
			rs->on[r] = false;
	return 0;
}

int rule_set_target(struct rule_set *rs, const char *arg)
{
	struct kv_range r;

	/* "6.1" is every 6.1.y: KV(6, 1, 0) to KV(6, 1, 255) (kversion.h). */
	if (kv_parse_target(arg, &r))
		return -1;
	rs->target_lo = r.lo;
	rs->target_hi = r.hi;
	return 0;
}

const char *show_version(unsigned int kv, char *buf, size_t size)
{
	if (!kv)
		snprintf(buf, size, "-");
	else if (kv & 0xff)
		snprintf(buf, size, "%u.%u.%u", kv >> 16, (kv >> 8) & 0xff,
			 kv & 0xff);
	else
		snprintf(buf, size, "%u.%u", kv >> 16, (kv >> 8) & 0xff);
	return buf;
}
