// SPDX-License-Identifier: GPL-2.0
/* target: what the kernels of --target ask of a rule (target.h). */
#include "target.h"

void target_init(struct target *tg, struct porter *pt)
{
	tg->pt = pt;
	kv_target(pt->opts->rules, &tg->r);
	kv_format_range(&tg->r, tg->range, sizeof(tg->range));
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
