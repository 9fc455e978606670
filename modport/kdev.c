// SPDX-License-Identifier: GPL-2.0
/*
 * kdev.c: the kdev-t rule, report-only.  2.4's kdev_t and its helpers are
 * gone; an inode's device number is a dev_t.  kdev_t and its helpers are
 * 2.4-only and always reported.  MINOR()/MAJOR() of an i_rdev still build
 * today, so they are reported only in a file that shows 2.4 code already
 * (another finding, or kdev_t): there they are the 2.4 idiom that
 * iminor()/imajor() replace.
 */
#include <errno.h>
#include <string.h>

#include "porter.h"

#define KDEV_RULE "kdev-t"

static const char *const kdev_helpers[] = {
	"kdev_t_to_nr", "to_kdev_t", "kdevname", "mk_kdev", "kdev_none",
	"kdev_same",
};

bool is_kdev_name(const char *buf, const struct token *t)
{
	if (buf[t->pos] != 'k' && buf[t->pos] != 't' && buf[t->pos] != 'm')
		return false;
	return token_is(buf, t, "kdev_t") || TOKEN_IN(buf, t, kdev_helpers);
}

static bool is_helper_call(const struct porter *pt, size_t i)
{
	const struct token *t = &pt->tl->tok[i];

	return match_op(pt->buf, &pt->tl->tok[next_code(pt->tl, i)], '(') &&
	       t->type == TOKEN_IDENT && TOKEN_IN(pt->buf, t, kdev_helpers);
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
	return add_finding(pt, pt->tl->tok[i].pos, KDEV_RULE, SEV_WARNING,
			   false, "%s: %s; port it by hand", what, why);
}

int rule_kdev(struct porter *pt, bool cue)
{
	const struct token_list *tl = pt->tl;
	size_t k, i, first = pt->out->nr_f;
	int ret = 0;

	for (k = 0; !ret && k < pt->nr_cued; k++) {
		const struct token *t = &tl->tok[i = pt->cued[k]];

		if (t->len == 4 || t->len == 5 ||
		    scan_is_dead(&pt->sc, i) || is_member_name(pt->buf, tl, i))
			continue;	/* void, MINOR, MAJOR: not here */
		if (match_ident(pt->buf, t, "kdev_t"))
			ret = report(pt, i, "kdev_t",
				     "gone since 2.5: a device number is a dev_t (MAJOR(), MINOR(), MKDEV()), and an inode's is read with imajor()/iminor()");
		else if (is_helper_call(pt, i))
			ret = add_finding(pt, t->pos, KDEV_RULE, SEV_WARNING,
					  false,
					  "%.*s(): a kdev_t helper, gone since 2.5: work on dev_t with MAJOR(), MINOR() and MKDEV() (print it as %%u:%%u); port it by hand",
					  (int)t->len, pt->buf + t->pos);
	}
	cue = cue || pt->out->nr_f > first;
	for (k = 0; cue && !ret && k < pt->nr_cued; k++) {
		const struct token *t = &tl->tok[i = pt->cued[k]];

		if (t->len == 5 && is_rdev_number(pt, i) &&
		    !scan_is_dead(&pt->sc, i))
			ret = add_finding(pt, t->pos, KDEV_RULE, SEV_WARNING,
					  false,
					  "%.*s() of i_rdev is 2.4's kdev_t idiom: the inode's number is a dev_t now; use %s(inode); port it by hand",
					  (int)t->len, pt->buf + t->pos,
					  pt->buf[t->pos + 1] == 'I' ? "iminor" :
					  "imajor");
	}
	return ret ? -ENOMEM : 0;
}
