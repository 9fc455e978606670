// SPDX-License-Identifier: GPL-2.0
/* target: what the kernels of --target ask of a rule (target.h). */
#include <stdlib.h>
#include <string.h>

#include "atlas.h"
#include "target.h"

/* The compat #defines of a rename, for kernels before its "since". */
static const char *const *shim_of(enum rule_id rule)
{
	static const char *const del_timer[] = {
		"#define timer_delete del_timer",
		"#define timer_delete_sync del_timer_sync", NULL
	};

	static const char *const from_timer[] = {
		"#define timer_container_of from_timer", NULL
	};

	if (rule == R_FROM_TIMER)
		return from_timer;
	return rule == R_DEL_TIMER ? del_timer : NULL;
}

void target_init(struct target *tg, struct porter *pt)
{
	tg->pt = pt;
	kv_target(pt->opts->rules, &tg->r);
	kv_format_range(&tg->r, tg->range, sizeof(tg->range));
}

uint32_t target_atlas_releases(const struct rule_set *rs, char *range,
			       size_t size)
{
	struct kv_range r;

	kv_target(rs, &r);
	kv_format_range(&r, range, size);
	return atlas_releases_in(r.lo, r.hi);
}

enum need target_need(const struct target *tg, enum rule_id rule)
{
	const struct rule_info *ri = &rule_table[rule];

	if (ri->gone && tg->r.hi < ri->gone)
		return NEED_NONE;	/* every kernel of the target has it */
	return tg->r.lo >= ri->since ? NEED_FIX : NEED_REPORT;
}

bool target_from(const struct target *tg, unsigned int kv)
{
	return tg->r.lo >= kv;
}

bool target_finding(struct target *tg, size_t pos, enum rule_id rule,
		    bool fix, const char *msg)
{
	enum need n = target_need(tg, rule);
	char since[16];

	if (n == NEED_NONE)
		return false;
	if (n == NEED_REPORT && fix && shim_of(rule) &&
	    (!rule_table[rule].gone || tg->r.lo < rule_table[rule].gone)) {
		tg->shim[rule] = true;
		add_finding(tg->pt, pos, rule, SEV_WARNING, true,
			    "%s; for the kernels of %s before %s, a compat #define after the includes keeps the old name",
			    msg, tg->range,
			    show_version(rule_table[rule].since, since, sizeof(since)));
		return true;
	}
	if (n == NEED_REPORT) {
		add_finding(tg->pt, pos, rule, SEV_WARNING, false,
			    "%s; the target %s reaches below %s, where the new form does not exist: keep both under #if LINUX_VERSION_CODE >= KERNEL_VERSION(...), or narrow --target; port it by hand",
			    msg, tg->range,
			    show_version(rule_table[rule].since, since, sizeof(since)));
		return false;
	}
	add_finding(tg->pt, pos, rule, SEV_WARNING, fix,
		    fix ? "%s" : "%s; port it by hand", msg);
	return fix;
}

void target_shims(struct target *tg)
{
	struct porter *pt = tg->pt;
	const char *eol = pt->eol;
	bool eol_first = false;
	size_t pos;
	int r;

	for (r = 0; r < NR_RULES && !tg->shim[r]; r++)
		;
	if (r == NR_RULES)
		return;		/* the common case: no compat block */
	if (pt->sc.last_any_include != SCAN_NONE) {
		pos = line_end(pt->buf, pt->len, pt->tl->tok[pt->sc.last_any_include].pos);
		eol_first = pos == pt->len;
		pos = after_eol(pt->buf, pt->len, pos);
	} else {
		pos = include_pos(pt, &eol_first);
	}
	for (r = 0; r < NR_RULES; r++) {
		const char *const *line = shim_of((enum rule_id)r);
		unsigned int v = rule_table[r].since;
		bool has_version_h;
		char *text, *more;

		if (!tg->shim[r])
			continue;
		has_version_h = porter_has_version_h(pt, pt->len);
		text = porter_printf(pt, "%s%s%s#if LINUX_VERSION_CODE < KERNEL_VERSION(%u, %u, %u)%s",
				     eol_first ? eol : "",
				     has_version_h ? "" : "#include <linux/version.h>",
				     has_version_h ? "" : eol,
				     v >> 16, (v >> 8) & 0xff, v & 0xff, eol);
		for (; text && *line; line++, text = more) {
			more = porter_printf(pt, "%s%s%s", text, *line, eol);
			free(text);
		}
		more = text ? porter_printf(pt, "%s#endif%s", text, eol) : NULL;
		edits_for(pt, (enum rule_id)r);
		if (more)
			add_edit(pt, pos, 0, more);
		free(text);
		free(more);
		tg->shim[r] = false;
	}
}

bool target_shim_define(const struct porter *pt, size_t i)
{
	const struct token *tok = pt->tl->tok;
	int r;

	if (!i || !(tok[i].flags & TF_PP) || tok[i - 1].type != TOKEN_IDENT)
		return false;
	for (r = 0; r < NR_RULES; r++) {
		const char *const *line = shim_of((enum rule_id)r);

		for (; line && *line; line++) {
			const char *def = *line + strlen("#define ");
			size_t n = tok[i - 1].len;

			if (!strncmp(def, pt->buf + tok[i - 1].pos, n) &&
			    def[n] == ' ' &&
			    !strncmp(def + n + 1, pt->buf + tok[i].pos, tok[i].len) &&
			    !def[n + 1 + tok[i].len])
				return true;
		}
	}
	return false;
}
