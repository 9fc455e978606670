// SPDX-License-Identifier: GPL-2.0
/*
 * kdev.c: the kdev-t rule, report-only.  2.4's kdev_t and its helpers are
 * gone; an inode's device number is a dev_t.  kdev_t and its helpers are
 * 2.4-only and always reported.  MINOR()/MAJOR() of an i_rdev still build
 * today, so they are reported only in a file that shows 2.4 code already
 * (another finding, or kdev_t): there they are the 2.4 idiom that
 * iminor()/imajor() replace.
 *
 * kdev-minor (a fix): 2.5.2 made kdev_t a struct and read it with
 * minor()/major(), which 2.4.x took over as macros of MINOR()/MAJOR();
 * 2.6.0-test6 ("32-bit dev_t: internal use") removed them, after
 * 2.6.0-test5 had brought iminor()/imajor().  A call minor(X->i_rdev)
 * becomes iminor(X) (X a postfix expression: an inode), major() imajor();
 * minor() of anything else MINOR() of it, which a dev_t takes.  Not where
 * the file or a local header declares or defines minor/major itself, nor
 * in a program (the C library's <sys/sysmacros.h> has them).
 */
#include <stdio.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"
#include "gone.h"

enum { W_KDEV_T, W_MINOR, W_MAJOR, W_LMINOR, W_LMAJOR, W_HELPERS };

static const char *const words[] = {
	[W_KDEV_T] = "kdev_t", [W_MINOR] = "MINOR", [W_MAJOR] = "MAJOR",
	[W_LMINOR] = "minor", [W_LMAJOR] = "major",
	/* the helpers */
	"kdev_t_to_nr", "to_kdev_t", "kdevname", "mk_kdev", "kdev_none",
	"kdev_same",
	NULL
};

static const enum rule_id rules[] = { R_KDEV_T, R_KDEV_MINOR, NR_RULES };

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

/* Does the header h declare or define name (any use but after '.' or '->')? */
static bool header_names(const struct header *hd, const char *name)
{
	const struct token *t;
	size_t len = strlen(name);

	for (t = hd->tl.tok; t->type != TOKEN_EOF; t++)
		if (t->type == TOKEN_IDENT && t->len == len &&
		    !memcmp(hd->buf + t->pos, name, len) &&
		    !after_member_op(hd->buf, &hd->tl, (size_t)(t - hd->tl.tok)))
			return true;
	return false;
}

/*
 * Does the file (its hit at token i is not a call: a #define, a
 * declaration "unsigned minor(...)", a definition) or a local header have
 * a minor/major of its own?
 */
static bool own_name(struct porter *pt, const struct hit *h)
{
	const struct token_list *tl = pt->tl;
	size_t i = h->tok, p = code_before(tl, i);
	const struct token *pt_ = p == SCAN_NONE ? NULL : &tl->tok[p];

	if (h->flags & H_PP)
		return (h->flags & H_ARG) && h->kw == KW_DEFINE;
	if (!is_call(pt->buf, tl, i))
		return false;	/* a variable or parameter: no call */
	return pt_ && ((pt_->type == TOKEN_IDENT &&
			!match_ident(pt->buf, pt_, "return") &&
			!match_ident(pt->buf, pt_, "case")) ||
		       match_op(pt->buf, pt_, '*')) &&
	       !after_member_op(pt->buf, tl, p);
}

/*
 * minor(X->i_rdev) at token i: the '->' of X->i_rdev when X, from the
 * call's '(' to it, is a postfix expression (names, '.', '->' and
 * bracketed groups: no operator that binds less); else SCAN_NONE.
 */
static size_t rdev_arrow(const struct porter *pt, size_t i, size_t *close)
{
	const struct token_list *tl = pt->tl;
	size_t lp = next_code(tl, i), last, arrow, k;

	*close = match_close(pt->buf, tl, lp, '(', ')');
	if (*close == SCAN_NONE)
		return SCAN_NONE;
	last = prev_code(tl, *close);
	arrow = prev_code(tl, last);
	if (arrow <= lp || !match_ident(pt->buf, &tl->tok[last], "i_rdev") ||
	    !token_is(pt->buf, &tl->tok[arrow], "->"))
		return SCAN_NONE;
	for (k = next_code(tl, lp); k < arrow; k = next_code(tl, k)) {
		const struct token *t = &tl->tok[k];

		if (match_op(pt->buf, t, '(') || match_op(pt->buf, t, '[')) {
			k = match_close(pt->buf, tl, k, pt->buf[t->pos],
					pt->buf[t->pos] == '(' ? ')' : ']');
			if (k == SCAN_NONE)
				return SCAN_NONE;
			continue;
		}
		if (t->type != TOKEN_IDENT && !token_is(pt->buf, t, "->") &&
		    !match_op(pt->buf, t, '.'))
			return SCAN_NONE;
	}
	return arrow;
}

/* minor()/major() of 2.5's kdev_t: iminor()/imajor(), MINOR()/MAJOR(). */
static void kdev_minor(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	bool own[2] = { false, false };
	struct target tg;
	size_t k;

	for (k = 0; k < n; k++)
		if ((h[k].word == W_LMINOR || h[k].word == W_LMAJOR) &&
		    !(h[k].flags & H_DEAD) && own_name(pt, &h[k]))
			own[h[k].word - W_LMINOR] = true;
	for (k = 0; k < n; k++) {
		size_t i = h[k].tok, close, arrow;
		const struct token *t = &tl->tok[i];
		bool minor = h[k].word == W_LMINOR;
		struct header_set *hs;
		char msg[320];
		size_t j;

		if ((h[k].word != W_LMINOR && h[k].word != W_LMAJOR) ||
		    (h[k].flags & (H_PP | H_DEAD)) || own[!minor] ||
		    scan_is_dead(&pt->sc, i) || !is_call(pt->buf, tl, i) ||
		    after_member_op(pt->buf, tl, i))
			continue;
		if (not_x86_kernel(pt))
			return;		/* a program: <sys/sysmacros.h> */
		hs = file_headers(pt);
		for (j = 0; hs && j < hs->nr; j++)
			if (header_names(&hs->h[j], minor ? "minor" : "major")) {
				own[!minor] = true;
				break;
			}
		if (own[!minor])
			continue;
		target_init(&tg, pt);
		arrow = rdev_arrow(pt, i, &close);
		snprintf(msg, sizeof(msg),
			 "%s() of a kdev_t was 2.5's (2.4 took it over as a macro of %s()), gone since 2.6.0: %s",
			 minor ? "minor" : "major", minor ? "MINOR" : "MAJOR",
			 arrow != SCAN_NONE ? (minor ? "an inode's number is read with iminor(inode) (2.6.0)" :
					       "an inode's number is read with imajor(inode) (2.6.0)") :
			 (minor ? "MINOR() of the device number" : "MAJOR() of the device number"));
		if (!target_finding(&tg, t->pos, R_KDEV_MINOR, true, msg))
			continue;
		edits_for(pt, R_KDEV_MINOR);
		if (arrow == SCAN_NONE) {
			add_edit(pt, t->pos, t->len, minor ? "MINOR" : "MAJOR");
			continue;
		}
		add_edit(pt, t->pos, t->len, minor ? "iminor" : "imajor");
		add_edit(pt, tl->tok[arrow].pos,
			 tok_end(&tl->tok[prev_code(tl, close)]) - tl->tok[arrow].pos, "");
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	const struct token_list *tl = pt->tl;
	bool cue = pt->nr_found[1] > 0;
	size_t k, i, first = pt->nr_found[0];

	kdev_minor(pt, h, n);
	for (k = 0; k < n; k++) {
		const struct token *t = &tl->tok[i = h[k].tok];

		if ((h[k].flags & H_PP) || h[k].word == W_MINOR ||
		    h[k].word == W_MAJOR || h[k].word == W_LMINOR ||
		    h[k].word == W_LMAJOR || scan_is_dead(&pt->sc, i) ||
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
