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

/*
 * The last #include before the file's first code: one after code (2.4's
 * aha152x.c ends with #include "scsi_module.c") would put the definition
 * after its uses.  Its "include" token, or SCAN_NONE.
 */
static size_t include_before_code(const struct porter *pt)
{
	const struct token *t;
	size_t last = SCAN_NONE, i;

	for (i = 0; (t = &pt->tl->tok[i])->type != TOKEN_EOF && !is_code(t);
	     i++)
		if ((t->flags & TF_PP) && match_ident(pt->buf, t, "include"))
			last = i;
	return last;
}

int add_after_includes(struct porter *pt, const char *hdr, const char *def)
{
	bool eol_first = false, inc = hdr && !includes_header(pt, hdr);
	size_t pos, last = include_before_code(pt);
	char *text;

	if (last != SCAN_NONE) {
		pos = line_end(pt->buf, pt->len, pt->tl->tok[last].pos);
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
