// SPDX-License-Identifier: GPL-2.0
/* One fix to its fixed point: port, apply, port again (settle.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buildfile.h"
#include "rewrite.h"
#include "settle.h"

int settle_pass(const char *path, const char *buf, size_t len,
		const struct port_opts *opts, struct token_list *tl,
		struct port *p)
{
	if (buildfile_name(path))
		return buildfile_port(buf, len, opts->rules, p);
	if (tokenize(buf, len, tl))
		return -ENOMEM;
	return port_file(path, buf, len, tl, opts, p);
}

int settle_pass_tokens(const char *path, const char *buf, size_t len,
		       const struct port_opts *opts,
		       const struct token_list *tl, struct port *p)
{
	return port_file(path, buf, len, tl, opts, p);
}

/* The bound: SETTLE_MAX_PASSES, or MODPORT_MAX_PASSES (1 to 100). */
static unsigned max_passes(void)
{
	const char *s = getenv("MODPORT_MAX_PASSES");
	char *end;
	long n;

	if (!s || !*s)
		return SETTLE_MAX_PASSES;
	n = strtol(s, &end, 10);
	return *end || n < 1 || n > 100 ? SETTLE_MAX_PASSES : (unsigned)n;
}

static void count_fixed(const struct port *p, size_t fixed[NR_RULES])
{
	size_t k;

	for (k = 0; k < p->nr_f; k++)
		if (p->f[k].fixable)
			fixed[p->f[k].rule]++;
}

/*
 * The leftovers of a pass that changed the file: what it did not fix and
 * does not wait for (deferred), moved to kept, where the next pass's
 * file has them.  A rule may see a shape only before another's fix
 * changes it (a 2.4 entry point without a license): what it said stays
 * said.
 */
static int keep_leftovers(struct port *p, struct port *kept)
{
	size_t k;
	int ret = 0;

	for (k = 0; k < kept->nr_f; k++)
		kept->f[k].pos = rewrite_pos(p->e, p->nr_e, kept->f[k].pos);
	for (k = 0; k < p->nr_f && !ret; k++) {
		struct finding *f = &p->f[k];

		if (f->fixable || f->deferred)
			continue;
		f->pos = rewrite_pos(p->e, p->nr_e, f->pos);
		ret = port_take_finding(kept, f);
	}
	return ret;
}

/* Is there a finding of rule at pos in p? */
static bool found_at(const struct port *p, enum rule_id rule, size_t pos)
{
	size_t k;

	for (k = 0; k < p->nr_f; k++)
		if (p->f[k].rule == rule && p->f[k].pos == pos)
			return true;
	return false;
}

/*
 * The last pass's findings and what earlier passes left (once: the last
 * pass's word on a site wins), by offset.
 */
static int merge_kept(struct port *last, struct port *kept)
{
	size_t k;
	int ret = 0;

	for (k = 0; k < kept->nr_f && !ret; k++) {
		struct finding *f = &kept->f[k];

		if (found_at(last, f->rule, f->pos))
			continue;
		ret = port_take_finding(last, f);
	}
	port_sort_findings(last);
	return ret;
}

/* Apply p's edits to cur into *next; 0 with *next NULL: nothing changes. */
static int apply(const char *cur, size_t len, struct port *p, char **next,
		 size_t *next_len)
{
	*next = NULL;
	if (!p->nr_e)
		return 0;
	*next = rewrite(cur, len, p->e, p->nr_e, next_len);
	if (!*next)
		return -errno;
	if (*next_len == len && !memcmp(*next, cur, len)) {
		free(*next);
		*next = NULL;
	}
	return 0;
}

int settle_fix(const char *path, const char *buf, size_t len,
	       const struct port_opts *opts, struct token_list *tl,
	       struct settled *out)
{
	unsigned bound = max_passes();
	struct port kept = { 0 };
	const char *cur = buf;
	size_t cur_len = len;
	int ret;

	memset(out, 0, sizeof(*out));
	for (;;) {
		char *next;
		size_t next_len;

		ret = settle_pass(path, cur, cur_len, opts, tl, &out->last);
		if (ret || out->last.open_pos != (size_t)-1)
			break;
		ret = apply(cur, cur_len, &out->last, &next, &next_len);
		if (ret)
			break;
		if (!next) {
			ret = merge_kept(&out->last, &kept);
			break;
		}
		if (out->passes == bound) {	/* it would change again */
			size_t k;

			free(next);
			out->unsettled = true;
			for (k = 0; k < out->last.nr_f; k++)
				out->last.f[k].fixable = false;
			ret = merge_kept(&out->last, &kept);
			break;
		}
		count_fixed(&out->last, out->fixed);
		ret = keep_leftovers(&out->last, &kept);
		port_free(&out->last);
		if (ret)
			break;
		free(out->buf);
		out->buf = next;
		out->len = next_len;
		cur = next;
		cur_len = next_len;
		out->passes++;
	}
	port_free(&kept);
	return ret;
}

void settled_free(struct settled *s)
{
	port_free(&s->last);
	free(s->buf);
	memset(s, 0, sizeof(*s));
}
