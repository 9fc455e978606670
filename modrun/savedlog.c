// SPDX-License-Identifier: GPL-2.0
/* savedlog: is this a --log? (see savedlog.h) */
#include <string.h>

#include "savedlog.h"

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

void savedlog_line(struct savedlog *sl, const char *line)
{
	if (starts(line, "KTAP version ") || starts(line, "TAP version ") ||
	    starts(line, "console: ") || starts(line, "modrun-boot: ") ||
	    starts(line, "# modrun-each: "))
		sl->log_line = true;
	if (starts(line, "# modrun-init: "))
		sl->guest_header = sl->log_line = true;
	if (starts(line, "# modrun: kernel "))
		sl->verdict_line = true;
}

const char *savedlog_refusal(const struct savedlog *sl)
{
	if (sl->verdict_line && !sl->guest_header)
		return "modrun's printed verdict, not a --log: parse reads the log saved with --log FILE";
	if (!sl->log_line)
		return "not a modrun --log (no KTAP report, no console line): parse reads the log saved with --log FILE";
	return NULL;
}
