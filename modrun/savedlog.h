/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What modrun parse reads: a --log (the guest's report, the console's
 * lines, the boots), never modrun's own printed verdict (a saved stdout),
 * nor a file that holds none of a log's lines.
 */
#ifndef MODRUN_SAVEDLOG_H
#define MODRUN_SAVEDLOG_H

#include <stdbool.h>

struct savedlog {
	bool log_line;		/* a line only a --log has */
	bool verdict_line;	/* "# modrun: kernel ...": modrun's stdout */
	bool guest_header;	/* "# modrun-init: ...": the guest's report */
};

void savedlog_line(struct savedlog *sl, const char *line);
/* NULL when it is a log, else why not (one line). */
const char *savedlog_refusal(const struct savedlog *sl);

#endif
