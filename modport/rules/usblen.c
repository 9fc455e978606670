// SPDX-License-Identifier: GPL-2.0
/*
 * usblen.c: usb_bulk_msg() and usb_interrupt_msg() write the length they
 * moved through an int *.  2.6-era drivers passed the address of their
 * size_t count (LDD3's usb-skeleton: &count), which GCC warned about and
 * wrote in its low half; GCC 14, and the kernel's
 * -Werror=incompatible-pointer-types, reject it.  Reported where the
 * argument is the address of a name the file declares size_t, ssize_t,
 * long or loff_t: an int's address, then its value copied, is the port.
 *
 *	usb-length	the actual length's pointer is not an int *
 */
#include "shape.h"

static const char *const words[] = {
	"usb_bulk_msg", "usb_interrupt_msg", NULL
};

static const enum rule_id rules[] = { R_USB_LENGTH, NR_RULES };

#define LENGTH_ARG 4	/* usb_*_msg(dev, pipe, data, len, &actual, timeout) */

/* The type word of name x's nearest declaration before it, or SCAN_NONE. */
static size_t declared_as(const struct porter *pt, size_t x)
{
	size_t i, before;

	for (i = sh_decl_before(pt, x, x); i != SCAN_NONE;
	     i = sh_decl_before(pt, x, i)) {
		before = sh_prev(pt, i);
		if (sh_is_ident(pt, before))
			return before;
	}
	return SCAN_NONE;
}

static void one(struct porter *pt, size_t i)
{
	static const char *const wide[] = {
		"size_t", "ssize_t", "long", "loff_t", NULL
	};
	const struct token *t = pt->tl->tok;
	size_t open, close, comma[LENGTH_ARG + 2], amp, x, type, k;

	if (!call_parens(pt->buf, pt->tl, i, &open, &close) ||
	    call_args(pt->buf, pt->tl, open, close, comma, LENGTH_ARG + 2) !=
	    LENGTH_ARG + 1)
		return;
	amp = next_code(pt->tl, comma[LENGTH_ARG - 1]);
	x = next_code(pt->tl, amp);
	if (!sh_op(pt, amp, "&") || t[x].type != TOKEN_IDENT ||
	    next_code(pt->tl, x) != comma[LENGTH_ARG])
		return;
	type = declared_as(pt, x);
	if (type == SCAN_NONE)
		return;
	for (k = 0; wide[k]; k++)
		if (match_ident(pt->buf, &t[type], wide[k]))
			break;
	if (!wide[k])
		return;
	add_finding(pt, t[amp].pos, R_USB_LENGTH, SEV_WARNING, false,
		    "%.*s() writes the length it moved through an int *, and %.*s is a %s: an incompatible pointer (an error with today's kernels' -Werror=incompatible-pointer-types, and in GCC 14), written in its low half; pass an int's address and copy its value after the call; port it by hand",
		    (int)t[i].len, pt->buf + t[i].pos, (int)t[x].len,
		    pt->buf + t[x].pos, wide[k]);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)) &&
		    !after_member_op(pt->buf, pt->tl, h[k].tok))
			one(pt, h[k].tok);
}

static const struct family usblen = {
	.name = "usblen", .rules = rules, .words = words, .run = run,
};
FAMILY(usblen)
