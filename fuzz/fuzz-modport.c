// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-modport: modport's whole fix of one file - tokenize, every rule,
 * rewrite, again until nothing changes (settle.c), the diff, and the fix
 * of the result again - on bytes from AFL++ or from files (fuzz/harness.c).
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
#include "../modport/rules.h"
#include "../modport/settle.h"
#include "../modport/token.h"

/*
 * Fix buf to its fixed point (settle.c, as modport fix does); the fixed
 * text in *out (malloc'ed) when it changed.
 */
static void port_once(const char *buf, size_t len, char **out, size_t *out_len)
{
	struct port_opts opts = { .license = "GPL" };
	struct token_list tl = { 0 };
	struct settled s;
	int ret;

	*out = NULL;
	ret = settle_fix("fuzz.c", buf, len, &opts, &tl, &s);
	if (ret && ret != -ENOMEM)
		abort();	/* overlapping edits (-EINVAL), or worse */
	if (!ret && s.buf && s.last.open_pos == (size_t)-1) {
		*out = s.buf;
		*out_len = s.len;
		s.buf = NULL;
	}
	settled_free(&s);
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
