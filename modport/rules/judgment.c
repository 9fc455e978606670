// SPDX-License-Identifier: GPL-2.0
/*
 * judgment.c: the report-only rules for the interfaces since 2.6 whose
 * replacement needs a person (the LDD3 examples' leftovers), so that every
 * site modport does not convert is named by a finding, with the modern
 * interface to use:
 *
 *	timer-setup		init_timer(), setup_timer(): timer_setup()
 *	work-3-args		INIT_WORK/PREPARE_WORK/DECLARE_WORK with data
 *	tasklet-data		DECLARE_TASKLET(name, func, data)
 *	timeval			do_gettimeofday(), current_kernel_time(),
 *				struct timeval
 *	aio-methods		.aio_read, .aio_write, aio_complete()
 *	nopage			.nopage, NOPAGE_SIGBUS, NOPAGE_OOM,
 *				VM_FAULT_MINOR
 *	block-request		request_queue_t, elv_next_request(),
 *				end_request(), blk_init_queue()
 *	(net-device-ops: none left here; netdev.c converts or reports
 *	the method pointers and the old NAPI)
 *	tty-driver		alloc_tty_driver(), put_tty_driver()
 *	bkl			lock_kernel(), unlock_kernel()
 *	bus-id			dev->bus_id, .hotplug of a bus_type
 *
 * Each applies as the target asks (target.h), as a report, in a file that
 * shows its age with another finding or with an old member in the
 * initializer of its structure (a modern file uses these names for other
 * things).
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
	{ "init_timer", R_TIMER_SETUP, CALL, "init_timer() is gone since 4.15: timer_setup(&t, f, 0) with a void f(struct timer_list *t) that finds its data with from_timer() (timer_container_of() since 6.16): the timer must sit in the structure it serves", NULL },
	{ "setup_timer", R_TIMER_SETUP, CALL, "setup_timer() is gone since 4.15: timer_setup(&t, f, 0) with a void f(struct timer_list *t) that finds its data with from_timer() (timer_container_of() since 6.16)", NULL },
	{ "INIT_WORK", R_WORK_3_ARGS, CALL3, "INIT_WORK() takes two arguments since 2.6.20: the handler gets the struct work_struct * and finds its data with container_of() (a delayed one: struct delayed_work, INIT_DELAYED_WORK())", NULL },
	{ "PREPARE_WORK", R_WORK_3_ARGS, CALL3, "PREPARE_WORK() with data is gone since 2.6.20: INIT_WORK(w, f), and the handler finds its data with container_of()", NULL },
	{ "DECLARE_WORK", R_WORK_3_ARGS, CALL3, "DECLARE_WORK() takes two arguments since 2.6.20: the handler gets the struct work_struct * and finds its data with container_of()", NULL },
	{ "DECLARE_TASKLET", R_TASKLET_DATA, CALL3, "DECLARE_TASKLET(name, func, data) takes two arguments since 5.9: a void func(struct tasklet_struct *t) that finds its data with from_tasklet()", NULL },
	{ "do_gettimeofday", R_TIMEVAL, CALL, "do_gettimeofday() is gone since 5.0 (y2038): ktime_get_real_ts64() into a struct timespec64, or ktime_get() for intervals", NULL },
	{ "current_kernel_time", R_TIMEVAL, CALL, "current_kernel_time() is gone since 5.6 (y2038): ktime_get_coarse_real_ts64() into a struct timespec64", NULL },
	{ "timeval", R_TIMEVAL, STRUCT, "struct timeval is gone from the kernel since 5.6 (y2038): struct timespec64 (tv_nsec, not tv_usec) or ktime_t", NULL },
	{ "aio_read", R_AIO_METHODS, MEMBER, "file_operations' .aio_read is gone since 4.1: .read_iter(struct kiocb *, struct iov_iter *)", NULL },
	{ "aio_write", R_AIO_METHODS, MEMBER, "file_operations' .aio_write is gone since 4.1: .write_iter(struct kiocb *, struct iov_iter *)", NULL },
	{ "aio_complete", R_AIO_METHODS, CALL, "aio_complete() is gone from drivers since 4.1: a read_iter/write_iter that finishes later calls iocb->ki_complete()", NULL },
	{ "nopage", R_NOPAGE, MEMBER, "vm_operations' .nopage is gone since 2.6.26: .fault, vm_fault_t f(struct vm_fault *vmf) that sets vmf->page and returns 0 or VM_FAULT_SIGBUS", NULL },
	{ "NOPAGE_SIGBUS", R_NOPAGE, NAME, "NOPAGE_SIGBUS is gone since 2.6.26: a .fault handler returns VM_FAULT_SIGBUS", NULL },
	{ "NOPAGE_OOM", R_NOPAGE, NAME, "NOPAGE_OOM is gone since 2.6.26: a .fault handler returns VM_FAULT_OOM", NULL },
	{ "VM_FAULT_MINOR", R_NOPAGE, NAME, "VM_FAULT_MINOR is gone since 2.6.26: a .fault handler returns 0 when it found the page", NULL },
	{ "request_queue_t", R_BLOCK_REQUEST, NAME, "request_queue_t is gone since 2.6.23, and the request-function block layer since 5.0: struct request_queue, and a blk-mq driver (blk_mq_alloc_disk(), struct blk_mq_ops .queue_rq) or a bio-based one (.submit_bio)", NULL },
	{ "elv_next_request", R_BLOCK_REQUEST, CALL, "elv_next_request() is gone since 2.6.31, the request-function block layer since 5.0: a blk-mq .queue_rq gets each request", NULL },
	{ "end_request", R_BLOCK_REQUEST, CALL, "end_request() is gone since 2.6.31: blk_mq_end_request(rq, status) in a blk-mq driver", NULL },
	{ "blk_init_queue", R_BLOCK_REQUEST, CALL, "blk_init_queue() is gone since 5.0: blk_mq_alloc_disk() with a struct blk_mq_tag_set, or blk_alloc_disk() for a bio-based driver", NULL },
	{ "alloc_tty_driver", R_TTY_DRIVER, CALL, "alloc_tty_driver() is gone since 5.15: tty_alloc_driver(lines, flags), which returns an ERR_PTR, and tty_driver_kref_put()", NULL },
	{ "put_tty_driver", R_TTY_DRIVER, CALL, "put_tty_driver() is gone since 5.15: tty_driver_kref_put()", NULL },
	{ "lock_kernel", R_BKL, CALL, "the big kernel lock is gone since 2.6.39: a mutex of the driver's own around what it protects", NULL },
	{ "unlock_kernel", R_BKL, CALL, "the big kernel lock is gone since 2.6.39: a mutex of the driver's own around what it protects", NULL },
	{ "bus_id", R_BUS_ID, MEMBER, "struct device has no bus_id since 2.6.30: dev_name(dev) to read it, dev_set_name(dev, fmt, ...) to set it", "device" },
	{ "hotplug", R_BUS_ID, MEMBER, "bus_type's .hotplug is gone since 2.6.16: .uevent(const struct device *, struct kobj_uevent_env *) with add_uevent_var()", "bus_type" },
};

#define NR_JUDGMENTS (sizeof(table) / sizeof(table[0]))

static const char *words[NR_JUDGMENTS + 1];

static const enum rule_id rules[] = {
	R_TIMER_SETUP, R_WORK_3_ARGS, R_TASKLET_DATA, R_TIMEVAL,
	R_AIO_METHODS, R_NOPAGE, R_BLOCK_REQUEST,
	R_TTY_DRIVER, R_BKL, R_BUS_ID, NR_RULES
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
