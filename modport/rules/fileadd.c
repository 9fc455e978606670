// SPDX-License-Identifier: GPL-2.0
/*
 * fileadd.c: a definition of the file's own after its includes (see
 * fileadd.h).
 */
#include <stdlib.h>
#include <string.h>

#include "fileadd.h"

bool includes_header(const struct porter *pt, const char *hdr)
{
	const struct token *t;
	size_t n = strlen(hdr);

	for (t = pt->tl->tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_HEADER && t->len == n &&
		    !memcmp(pt->buf + t->pos, hdr, n))
			return true;
	return false;
}

int add_after_includes(struct porter *pt, const char *hdr, const char *def)
{
	bool eol_first = false, inc = hdr && !includes_header(pt, hdr);
	size_t pos;
	char *text;

	if (pt->sc.last_any_include != SCAN_NONE) {
		pos = line_end(pt->buf, pt->len,
			       pt->tl->tok[pt->sc.last_any_include].pos);
		eol_first = pos == pt->len;
		pos = after_eol(pt->buf, pt->len, pos);
	} else {
		pos = include_pos(pt, &eol_first);
	}
	text = porter_printf(pt, "%s%s%s%s%s%s", eol_first ? pt->eol : "",
			     inc ? "#include " : "", inc ? hdr : "",
			     inc ? pt->eol : "", pt->eol, def);
	if (text)
		add_edit(pt, pos, 0, text);
	free(text);
	return pt->error;
}

char *file_own_name(struct porter *pt, const char *suffix)
{
	char stem[NAME_MAX_LEN], *name;

	module_name(pt->path ? pt->path : "driver", stem, sizeof(stem));
	name = porter_printf(pt, "%s_%s", stem, suffix);
	if (name && file_decl(pt, name, strlen(name))) {
		free(name);
		return NULL;
	}
	return name;
}
