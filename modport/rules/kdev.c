// SPDX-License-Identifier: GPL-2.0
/*
 * kdev.c: the kdev-t rule, report-only.  2.4's kdev_t and its helpers are
 * gone; an inode's device number is a dev_t.  kdev_t and its helpers are
 * 2.4-only and always reported.  MINOR()/MAJOR() of an i_rdev still build
 * today, so they are reported only in a file that shows 2.4 code already
 * (another finding, or kdev_t): there they are the 2.4 idiom that
 * iminor()/imajor() replace.
 */
#include <string.h>

#include "../engine.h"

enum { W_KDEV_T, W_MINOR, W_MAJOR, W_HELPERS };

static const char *const words[] = {
	[W_KDEV_T] = "kdev_t", [W_MINOR] = "MINOR", [W_MAJOR] = "MAJOR",
	/* the helpers */
	"kdev_t_to_nr", "to_kdev_t", "kdevname", "mk_kdev", "kdev_none",
	"kdev_same",
	NULL
};

static const enum rule_id rules[] = { R_KDEV_T, NR_RULES };

static bool is_helper_call(const struct porter *pt, const struct hit *h)
{
	return h->word >= W_HELPERS &&
	       match_op(pt->buf, &pt->tl->tok[next_code(pt->tl, h->tok)], '(');
}

/* MINOR( or MAJOR( at i whose argument ends in ->i_rdev or .i_rdev. */
static bool is_rdev_number(const struct porter *pt, size_t i)
{
	const struct token_list *tl = pt->tl;
	const struct token *t = &tl->tok[i];
	size_t lp = next_code(tl, i), rp, last, before;

	if ((!match_ident(pt->buf, t, "MINOR") &&
	     !match_ident(pt->buf, t, "MAJOR")) ||
	    !match_op(pt->buf, &tl->tok[lp], '(') ||
	    (rp = match_close(pt->buf, tl, lp, '(', ')')) == SCAN_NONE)
		return false;
	last = prev_code(tl, rp);
	before = prev_code(tl, last);
	return before > lp && match_ident(pt->buf, &tl->tok[last], "i_rdev") &&
	       (token_is(pt->buf, &tl->tok[before], "->") ||
		match_op(pt->buf, &tl->tok[before], '.'));
}

static int report(struct porter *pt, size_t i, const char *what,
		  const char *why)
{
	return add_finding(pt, pt->tl->tok[i].pos, R_KDEV_T, SEV_WARNING,
			   false, "%s: %s; port it by hand", what, why);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	bool cue = pt->nr_found[1] > 0;
	size_t k, i, first = pt->nr_found[0];

	for (k = 0; k < n; k++) {
		const struct token *t = &tl->tok[i = h[k].tok];

		if ((h[k].flags & H_PP) || h[k].word == W_MINOR ||
		    h[k].word == W_MAJOR || scan_is_dead(&pt->sc, i) ||
		    is_member_name(pt->buf, tl, i))
			continue;	/* MINOR, MAJOR: not here */
		if (h[k].word == W_KDEV_T)
			report(pt, i, "kdev_t",
			       "gone since 2.5: a device number is a dev_t (MAJOR(), MINOR(), MKDEV()), and an inode's is read with imajor()/iminor()");
		else if (is_helper_call(pt, &h[k]))
			add_finding(pt, t->pos, R_KDEV_T, SEV_WARNING, false,
				    "%.*s(): a kdev_t helper, gone since 2.5: work on dev_t with MAJOR(), MINOR() and MKDEV() (print it as %%u:%%u); port it by hand",
				    (int)t->len, pt->buf + t->pos);
	}
	cue = cue || pt->nr_found[0] > first;
	for (k = 0; cue && k < n; k++) {
		const struct token *t = &tl->tok[i = h[k].tok];

		if (!(h[k].flags & H_PP) &&
		    (h[k].word == W_MINOR || h[k].word == W_MAJOR) &&
		    is_rdev_number(pt, i) && !scan_is_dead(&pt->sc, i))
			add_finding(pt, t->pos, R_KDEV_T, SEV_WARNING, false,
				    "%.*s() of i_rdev is 2.4's kdev_t idiom: the inode's number is a dev_t now; use %s(inode); port it by hand",
				    (int)t->len, pt->buf + t->pos,
				    h[k].word == W_MINOR ? "iminor" : "imajor");
	}
}

static const struct family kdev = {
	.name = "kdev", .rules = rules, .words = words, .run = run,
};
FAMILY(kdev)
