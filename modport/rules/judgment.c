// SPDX-License-Identifier: GPL-2.0
/*
 * judgment.c: the report-only rules for the interfaces since 2.6 whose
 * replacement needs a person (the LDD3 examples' leftovers), so that every
 * site modport does not convert is named by a finding, with the modern
 * interface to use:
 *
 *	block-request		request_queue_t, elv_next_request(),
 *				end_request(), blk_init_queue()
 *	(net-device-ops: none left here; netdev.c converts or reports
 *	the method pointers and the old NAPI)
 *	tty-driver		alloc_tty_driver(), put_tty_driver()
 *	bus-id			dev->bus_id, .hotplug of a bus_type
 *
 * Each applies as the target asks (target.h), as a report, in a file that
 * shows its age with another finding or with an old member in the
 * initializer of its structure (a modern file uses these names for other
 * things).  Timers, work items, tasklets and struct timeval are fixed,
 * or reported with the reason, by timer.c, work.c, tasklet.c, timeval.c,
 * and the big kernel lock by bkl.c.
 */
#include "../engine.h"
#include "../target.h"

/* How a name must appear to be the old interface. */
enum shape {
	CALL,		/* f( ... ), not a member */
	CALL3,		/* f(a, b, c): three arguments */
	MEMBER,		/* .m = or ->m */
	SET,		/* x->m = f: a method set by hand */
	NAME,		/* anywhere in code */
	STRUCT,		/* struct name */
};

static const struct judgment {
	const char *word;
	enum rule_id rule;
	enum shape shape;
	const char *why;
	const char *in;	/* a member of this struct's initializer: no doubt */
} table[] = {
	{ "request_queue_t", R_BLOCK_REQUEST, NAME, "request_queue_t is gone since 2.6.23, and the request-function block layer since 5.0: struct request_queue, and a blk-mq driver (blk_mq_alloc_disk(), struct blk_mq_ops .queue_rq) or a bio-based one (.submit_bio)", NULL },
	{ "elv_next_request", R_BLOCK_REQUEST, CALL, "elv_next_request() is gone since 2.6.31, the request-function block layer since 5.0: a blk-mq .queue_rq gets each request", NULL },
	{ "end_request", R_BLOCK_REQUEST, CALL, "end_request() is gone since 2.6.31: blk_mq_end_request(rq, status) in a blk-mq driver", NULL },
	{ "blk_init_queue", R_BLOCK_REQUEST, CALL, "blk_init_queue() is gone since 5.0: blk_mq_alloc_disk() with a struct blk_mq_tag_set, or blk_alloc_disk() for a bio-based driver", NULL },
	{ "alloc_tty_driver", R_TTY_DRIVER, CALL, "alloc_tty_driver() is gone since 5.15: tty_alloc_driver(lines, flags), which returns an ERR_PTR, and tty_driver_kref_put()", NULL },
	{ "put_tty_driver", R_TTY_DRIVER, CALL, "put_tty_driver() is gone since 5.15: tty_driver_kref_put()", NULL },
	{ "bus_id", R_BUS_ID, MEMBER, "struct device has no bus_id since 2.6.30: dev_name(dev) to read it, dev_set_name(dev, fmt, ...) to set it", "device" },
	{ "hotplug", R_BUS_ID, MEMBER, "bus_type's .hotplug is gone since 2.6.16: .uevent(const struct device *, struct kobj_uevent_env *) with add_uevent_var()", "bus_type" },
};

#define NR_JUDGMENTS (sizeof(table) / sizeof(table[0]))

static const char *words[NR_JUDGMENTS + 1];

static const enum rule_id rules[] = {
	R_BLOCK_REQUEST,
	R_TTY_DRIVER, R_BUS_ID, NR_RULES
};

static bool shaped(const struct porter *pt, const struct judgment *j,
		   size_t i)
{
	const struct token_list *tl = pt->tl;
	const char *buf = pt->buf;
	size_t p = prev_code(tl, i), n = next_code(tl, i), open, close, c[3];
	bool member = after_member_op(buf, tl, i);

	switch (j->shape) {
	case CALL:
		return is_call(buf, tl, i);
	case CALL3:
		return is_call(buf, tl, i) &&
		       call_parens(buf, tl, i, &open, &close) &&
		       call_args(buf, tl, open, close, c, 3) == 2;
	case MEMBER:
		return member;
	case SET:
		return member && token_is(buf, &tl->tok[p], "->") &&
		       match_op(buf, &tl->tok[n], '=') && tl->tok[n].len == 1;
	case NAME:
		return !member;
	case STRUCT:
		return p != i && match_ident(buf, &tl->tok[p], "struct");
	}
	return false;
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct target tg;
	size_t k;

	/*
	 * These names are common in modern code too (bus_id, hotplug and
	 * struct timeval are members and types of other structures, tools
	 * have their own setup_timer()): the file must show its age with
	 * another finding first, or with a member no modern structure has
	 * (.bus_id of a struct device, .hotplug of a struct bus_type).
	 */
	bool aged = pt->nr_found[1];

	for (k = 0; k < n && !aged; k++)
		aged = table[h[k].word].in && !(h[k].flags & (H_DEAD | H_PP)) &&
		       after_member_op(pt->buf, pt->tl, h[k].tok) &&
		       initializer_of(pt->buf, pt->tl, h[k].tok,
				      table[h[k].word].in) != SCAN_NONE;
	if (!aged)
		return;
	target_init(&tg, pt);
	for (k = 0; k < n; k++, h++) {
		const struct judgment *j = &table[h->word];

		if ((h->flags & (H_DEAD | H_PP)) || !shaped(pt, j, h->tok))
			continue;
		target_finding(&tg, pt->tl->tok[h->tok].pos, j->rule, false,
			       j->why);
	}
}

static const struct family judgment = {
	.name = "judgment", .rules = rules, .words = words, .run = run,
};

static void __attribute__((constructor)) judgment_words(void)
{
	size_t k;

	for (k = 0; k < NR_JUDGMENTS; k++)
		words[k] = table[k].word;
}
FAMILY(judgment)
