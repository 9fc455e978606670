// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-modport: modport's whole port of one file - tokenize, every rule,
 * rewrite, the diff, and the port of the result again - on bytes from
 * AFL++ or from files (fuzz/harness.c).
 *
 * A crash, a sanitizer report, or an abort() below is a finding:
 * overlapping edits (rewrite() fails with EINVAL), or an error that is not
 * a lack of memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "../modport/diff.h"
#include "../modport/rewrite.h"
#include "../modport/rules.h"
#include "../modport/token.h"

/* Port buf; the fixed text in *out (malloc'ed) when there are edits. */
static void port_once(const char *buf, size_t len, char **out, size_t *out_len)
{
	struct port_opts opts = { .license = "GPL" };
	struct token_list tl = { 0 };
	struct port p = { 0 };

	*out = NULL;
	if (tokenize(buf, len, &tl)) {
		token_list_free(&tl);
		return;
	}
	if (port_file("fuzz.c", buf, len, &tl, &opts, &p)) {
		if (errno != ENOMEM)
			abort();
	} else if (p.nr_e && p.open_pos == (size_t)-1) {
		errno = 0;
		*out = rewrite(buf, len, p.e, p.nr_e, out_len);
		if (!*out && errno != ENOMEM)
			abort();	/* overlapping edits */
	}
	port_free(&p);
	token_list_free(&tl);
}

void fuzz_one(const unsigned char *data, size_t len)
{
	char *buf = malloc(len + 1), *fixed, *again;
	size_t fixed_len, again_len;

	if (!buf)
		return;
	memcpy(buf, data, len);
	buf[len] = '\0';
	port_once(buf, len, &fixed, &fixed_len);
	if (fixed) {
		diff_print(fuzz_devnull, "fuzz.c", buf, len, fixed, fixed_len);
		port_once(fixed, fixed_len, &again, &again_len);
		free(again);
		free(fixed);
	}
	free(buf);
}
