// SPDX-License-Identifier: GPL-2.0
/*
 * apis.c: the token-level API changes that 2.6-era drivers meet on the
 * kernels of the target (issue 10; the LDD3 examples by number of sites),
 * each as the target asks (target.h).
 *
 *	removed-header		<asm/system.h>, <linux/smp_lock.h> go;
 *				<asm/semaphore.h> -> <linux/semaphore.h>,
 *				<linux/genhd.h> -> <linux/blkdev.h>
 *	init-mutex		init_MUTEX(s) -> sema_init(s, 1), _LOCKED: 0;
 *				DECLARE_MUTEX(n) -> struct semaphore n =
 *				__SEMAPHORE_INITIALIZER(n, 1)
 *	spin-lock-unlocked	spinlock_t x = SPIN_LOCK_UNLOCKED; ->
 *				DEFINE_SPINLOCK(x);
 *	access-ok		access_ok(type, addr, size) -> (addr, size)
 *	f-dentry		f_dentry -> f_path.dentry
 *	current-uid		current->uid/euid -> __kuid_val(current_uid())
 *	irq-flags		SA_SHIRQ -> IRQF_SHARED, SA_INTERRUPT goes
 *	kmem-cache-t		kmem_cache_t -> struct kmem_cache; the
 *				destructor argument (NULL) of
 *				kmem_cache_create() goes
 *	usercopy		that 2.6.22-era kmem_cache_create(), in a
 *				file that copies to or from user space,
 *				-> kmem_cache_create_usercopy() with the
 *				whole object as its region (4.16)
 *	system-utsname		system_utsname.x -> utsname()->x
 *	del-timer		del_timer[_sync]() -> timer_delete[_sync]()
 *	no-llseek		.llseek = no_llseek goes
 *	task-state		current->state = S; -> set_current_state(S);
 *	pci-for-each-dev	pci_for_each_dev(d) -> d = NULL; for_each_pci_dev(d)
 *	class-create		class_create(THIS_MODULE, n) -> class_create(n)
 *	ioremap-nocache		ioremap_nocache() -> ioremap()
 *	usb-buffer		usb_buffer_alloc/free -> usb_alloc/free_coherent
 *	usb-log			usb's err()/info()/warn()/dbg() ->
 *				pr_err()/pr_info()/pr_warn()/pr_debug()
 *	vm-reserved		VM_RESERVED -> (VM_DONTEXPAND | VM_DONTDUMP)
 *	vm-flags		vma->vm_flags |= F; -> vm_flags_set(vma, F);
 *				&= ~F -> vm_flags_clear(vma, F)
 */
#include <stdlib.h>
#include <string.h>

#include "../directive.h"
#include "../engine.h"
#include "../target.h"

enum {
	W_ASM_SYSTEM, W_SMP_LOCK, W_ASM_SEMAPHORE, W_GENHD,
	W_INIT_MUTEX, W_INIT_MUTEX_LOCKED, W_DECLARE_MUTEX,
	W_SPIN_LOCK_UNLOCKED, W_ACCESS_OK, W_F_DENTRY, W_CURRENT,
	W_SA_SHIRQ, W_SA_INTERRUPT, W_KMEM_CACHE_T, W_KMEM_CACHE_CREATE,
	W_SYSTEM_UTSNAME, W_DEL_TIMER, W_DEL_TIMER_SYNC, W_DEL_SINGLESHOT,
	W_NO_LLSEEK, W_CLASS_CREATE, W_IOREMAP_NOCACHE, W_USB_BUFFER_ALLOC,
	W_USB_BUFFER_FREE, W_ERR, W_INFO, W_WARN, W_DBG,
	W_VM_RESERVED, W_USB_H, W_VM_FLAGS, W_PCI_FOR_EACH_DEV,
};

static const char *const words[] = {
	[W_ASM_SYSTEM] = "<asm/system.h>",
	[W_SMP_LOCK] = "<linux/smp_lock.h>",
	[W_ASM_SEMAPHORE] = "<asm/semaphore.h>",
	[W_GENHD] = "<linux/genhd.h>",
	[W_INIT_MUTEX] = "init_MUTEX",
	[W_INIT_MUTEX_LOCKED] = "init_MUTEX_LOCKED",
	[W_DECLARE_MUTEX] = "DECLARE_MUTEX",
	[W_SPIN_LOCK_UNLOCKED] = "SPIN_LOCK_UNLOCKED",
	[W_ACCESS_OK] = "access_ok",
	[W_F_DENTRY] = "f_dentry",
	[W_CURRENT] = "current",
	[W_SA_SHIRQ] = "SA_SHIRQ",
	[W_SA_INTERRUPT] = "SA_INTERRUPT",
	[W_KMEM_CACHE_T] = "kmem_cache_t",
	[W_KMEM_CACHE_CREATE] = "kmem_cache_create",
	[W_SYSTEM_UTSNAME] = "system_utsname",
	[W_DEL_TIMER] = "del_timer",
	[W_DEL_TIMER_SYNC] = "del_timer_sync",
	[W_DEL_SINGLESHOT] = "del_singleshot_timer_sync",
	[W_NO_LLSEEK] = "no_llseek",
	[W_CLASS_CREATE] = "class_create",
	[W_IOREMAP_NOCACHE] = "ioremap_nocache",
	[W_USB_BUFFER_ALLOC] = "usb_buffer_alloc",
	[W_USB_BUFFER_FREE] = "usb_buffer_free",
	[W_ERR] = "err",
	[W_INFO] = "info",
	[W_WARN] = "warn",
	[W_DBG] = "dbg",
	[W_VM_RESERVED] = "VM_RESERVED",
	[W_USB_H] = "<linux/usb.h>",
	[W_VM_FLAGS] = "vm_flags",
	[W_PCI_FOR_EACH_DEV] = "pci_for_each_dev",
	NULL
};

static const enum rule_id rules[] = {
	R_REMOVED_HEADER, R_INIT_MUTEX, R_SPIN_LOCK_UNLOCKED, R_ACCESS_OK,
	R_F_DENTRY, R_CURRENT_UID, R_IRQ_FLAGS, R_KMEM_CACHE_T, R_USERCOPY,
	R_SYSTEM_UTSNAME, R_DEL_TIMER, R_NO_LLSEEK, R_CLASS_CREATE,
	R_IOREMAP_NOCACHE, R_USB_BUFFER, R_USB_LOG,
	R_VM_RESERVED, R_VM_FLAGS, R_TASK_STATE, R_PCI_FOR_EACH_DEV, NR_RULES
};

struct ctx {
	struct porter *pt;
	const struct token *tok;
	const char *buf;
	struct target tg;
	bool usb;		/* the file includes <linux/usb.h> */
	bool access_ok2;	/* the file calls access_ok(addr, size) too */
};

/* One finding for rule at token i (target_finding()). */
static bool finding(struct ctx *c, size_t i, enum rule_id rule, bool fix,
		    const char *msg)
{
	return target_finding(&c->tg, c->tok[i].pos, rule, fix, msg);
}

static void rename_tok(struct ctx *c, size_t i, const char *to)
{
	add_edit(c->pt, c->tok[i].pos, c->tok[i].len, to);
}

static void header(struct ctx *c, const struct hit *h)
{
	static const struct {
		const char *to;	/* NULL: the line goes */
		const char *msg;
	} hd[] = {
		[W_ASM_SYSTEM] = { NULL, "<asm/system.h> is gone since 3.4 (split into <asm/barrier.h>, <asm/switch_to.h>, ...; the headers that need them include them): the line goes" },
		[W_SMP_LOCK] = { NULL, "<linux/smp_lock.h> is gone since 2.6.39 with the big kernel lock: the line goes (lock_kernel() users need a lock of their own)" },
		[W_ASM_SEMAPHORE] = { "<linux/semaphore.h>", "<asm/semaphore.h> is gone since 2.6.26: semaphores are declared in <linux/semaphore.h>" },
		[W_GENHD] = { "<linux/blkdev.h>", "<linux/genhd.h> is gone since 5.18: gendisk is declared in <linux/blkdev.h>" },
	};
	size_t i = h->tok, hash, from, to;

	if (!(h->flags & H_ARG) || h->kw != KW_INCLUDE)
		return;
	if (!finding(c, i, R_REMOVED_HEADER, true, hd[h->word].msg))
		return;
	if (hd[h->word].to) {
		rename_tok(c, i, hd[h->word].to);
		return;
	}
	hash = directive_of(c->pt->tl, i);
	define_range(c->pt, hash, &from, &to);
	add_edit(c->pt, from, to - from, "");
}

static void init_mutex(struct ctx *c, const struct hit *h)
{
	size_t i = h->tok, open, close, comma[1];

	if (!is_call(c->buf, c->pt->tl, i) || !call_parens(c->buf, c->pt->tl, i, &open, &close) ||
	    call_args(c->buf, c->pt->tl, open, close, comma, 1) != 0)
		return;
	if (h->word == W_DECLARE_MUTEX) {
		/* DECLARE_MUTEX(name) -> struct semaphore name = ...(name, 1) */
		char *text;
		size_t nl = c->tok[close].pos - tok_end(&c->tok[open]);

		if (!finding(c, i, R_INIT_MUTEX, true,
			     "DECLARE_MUTEX() is gone since 2.6.37 (a semaphore, despite its name): struct semaphore NAME = __SEMAPHORE_INITIALIZER(NAME, 1)"))
			return;
		text = porter_printf(c->pt, "struct semaphore %.*s = __SEMAPHORE_INITIALIZER(%.*s, 1)",
				     (int)nl, c->buf + tok_end(&c->tok[open]),
				     (int)nl, c->buf + tok_end(&c->tok[open]));
		if (!text)
			return;
		add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[close]) - c->tok[i].pos, text);
		free(text);
		return;
	}
	if (!finding(c, i, R_INIT_MUTEX, true, h->word == W_INIT_MUTEX ?
		     "init_MUTEX() is gone since 2.6.37: sema_init(sem, 1)" :
		     "init_MUTEX_LOCKED() is gone since 2.6.37: sema_init(sem, 0)"))
		return;
	rename_tok(c, i, "sema_init");
	add_edit(c->pt, c->tok[close].pos, 0,
		 h->word == W_INIT_MUTEX ? ", 1" : ", 0");
}

/*
 * In a function: the statement "LVALUE = [(spinlock_t)] SPIN_LOCK_UNLOCKED;"
 * becomes spin_lock_init(&LVALUE); (sonypi's queue lock).  False if not
 * that shape.
 */
static bool spin_lock_assign(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, semi = next_code(tl, i), eq = prev_code(tl, i), k;
	size_t first;
	char *text;

	if (match_op(c->buf, &c->tok[eq], ')')) {	/* a cast */
		k = match_open(c->buf, tl, eq, '(', ')');
		if (k == SCAN_NONE || k == 0 ||
		    !match_ident(c->buf, &c->tok[next_code(tl, k)], "spinlock_t"))
			return false;
		eq = prev_code(tl, k);
	}
	if (!match_op(c->buf, &c->tok[eq], '=') || c->tok[eq].len != 1 ||
	    !match_op(c->buf, &c->tok[semi], ';'))
		return false;
	for (first = prev_code(tl, eq); first > 0; first = prev_code(tl, first)) {
		size_t p = prev_code(tl, first);

		if (match_op(c->buf, &c->tok[p], ';') ||
		    match_op(c->buf, &c->tok[p], '{') ||
		    match_op(c->buf, &c->tok[p], '}'))
			break;
		if (c->tok[p].type == TOKEN_IDENT &&
		    match_ident(c->buf, &c->tok[p], "spinlock_t"))
			return false;	/* a declaration */
	}
	if (!finding(c, i, R_SPIN_LOCK_UNLOCKED, true,
		     "SPIN_LOCK_UNLOCKED is gone since 2.6.39 (lockdep needs a name per lock): spin_lock_init(&lock)"))
		return true;
	text = porter_printf(c->pt, "spin_lock_init(&%.*s);",
			     (int)(tok_end(&c->tok[prev_code(tl, eq)]) -
				   c->tok[first].pos),
			     c->buf + c->tok[first].pos);
	if (text)
		add_edit(c->pt, c->tok[first].pos,
			 tok_end(&c->tok[semi]) - c->tok[first].pos, text);
	free(text);
	return true;
}

/* [static] spinlock_t NAME = SPIN_LOCK_UNLOCKED; */
static void spin_lock_unlocked(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, eq = prev_code(tl, i), name, type, semi;
	char *text;

	semi = next_code(tl, i);
	name = eq == SCAN_NONE ? SCAN_NONE : prev_code(tl, eq);
	type = name == SCAN_NONE ? SCAN_NONE : prev_code(tl, name);
	if (h->depth && spin_lock_assign(c, h))
		return;
	if (type == SCAN_NONE || !match_op(c->buf, &c->tok[eq], '=') ||
	    !match_op(c->buf, &c->tok[semi], ';') ||
	    c->tok[name].type != TOKEN_IDENT ||
	    !match_ident(c->buf, &c->tok[type], "spinlock_t") ||
	    (h->depth && !match_ident(c->buf, &c->tok[prev_code(tl, type)],
				      "static"))) {
		finding(c, i, R_SPIN_LOCK_UNLOCKED, false,
			"SPIN_LOCK_UNLOCKED is gone since 2.6.39: DEFINE_SPINLOCK(name) for a static lock, spin_lock_init(&lock) for another");
		return;
	}
	if (!finding(c, i, R_SPIN_LOCK_UNLOCKED, true,
		     "SPIN_LOCK_UNLOCKED is gone since 2.6.39 (lockdep needs a name per lock): DEFINE_SPINLOCK(name)"))
		return;
	text = porter_printf(c->pt, "DEFINE_SPINLOCK(%.*s);", (int)c->tok[name].len,
			     c->buf + c->tok[name].pos);
	if (!text)
		return;
	add_edit(c->pt, c->tok[type].pos, tok_end(&c->tok[semi]) - c->tok[type].pos, text);
	free(text);
}

/* access_ok(TYPE, addr, size): the type goes. */
static void access_ok(struct ctx *c, const struct hit *h)
{
	size_t i = h->tok, open, close, comma[3];

	/* A file with both forms chooses between them (#ifdef): left alone. */
	if (c->access_ok2 || !is_call(c->buf, c->pt->tl, i) || !call_parens(c->buf, c->pt->tl, i, &open, &close) ||
	    call_args(c->buf, c->pt->tl, open, close, comma, 3) != 2)
		return;
	if (!finding(c, i, R_ACCESS_OK, true,
		     "access_ok() takes (addr, size) since 5.0: the VERIFY_READ/VERIFY_WRITE argument goes"))
		return;
	add_edit(c->pt, tok_end(&c->tok[open]),
		 c->tok[next_code(c->pt->tl, comma[0])].pos - tok_end(&c->tok[open]), "");
}

/* x->f_dentry, x.f_dentry */
static void f_dentry(struct ctx *c, const struct hit *h)
{
	if (!after_member_op(c->buf, c->pt->tl, h->tok))
		return;
	if (finding(c, h->tok, R_F_DENTRY, true,
		    "struct file has no f_dentry since 3.19: f_path.dentry"))
		rename_tok(c, h->tok, "f_path.dentry");
}

/*
 * The statement "current->state = S;" at i (m: "state") becomes
 * set_current_state(S); as the kernel's own code has written it since
 * 2.4 (its barrier orders the state before the condition the sleeper
 * tests next).  A read of current->state is reported.
 */
static void task_state(struct ctx *c, size_t i, size_t m)
{
	const struct token_list *tl = c->pt->tl;
	size_t eq = next_code(tl, m), semi, p = prev_code(tl, i);
	char *text;

	for (semi = eq; c->tok[semi].type != TOKEN_EOF &&
	     !match_op(c->buf, &c->tok[semi], ';') &&
	     !match_op(c->buf, &c->tok[semi], '{') &&
	     !match_op(c->buf, &c->tok[semi], '}'); semi = next_code(tl, semi))
		;
	if (!match_op(c->buf, &c->tok[eq], '=') || c->tok[eq].len != 1 ||
	    !match_op(c->buf, &c->tok[semi], ';') || p == i ||
	    !(match_op(c->buf, &c->tok[p], ';') ||
	      match_op(c->buf, &c->tok[p], '{') ||
	      match_op(c->buf, &c->tok[p], '}') ||
	      match_op(c->buf, &c->tok[p], ')') ||
	      match_op(c->buf, &c->tok[p], ':') ||
	      match_ident(c->buf, &c->tok[p], "else"))) {
		finding(c, i, R_TASK_STATE, false,
			"task_struct's state is __state since 5.14: READ_ONCE(current->__state), or task_is_running(current)");
		return;
	}
	if (!finding(c, i, R_TASK_STATE, true,
		     "task_struct's state is __state since 5.14: set_current_state(S), which sets it with the barrier a sleeper needs"))
		return;
	text = porter_printf(c->pt, "set_current_state(%.*s);",
			     (int)(tok_end(&c->tok[prev_code(tl, semi)]) -
				   c->tok[next_code(tl, eq)].pos),
			     c->buf + c->tok[next_code(tl, eq)].pos);
	if (text)
		add_edit(c->pt, c->tok[i].pos,
			 tok_end(&c->tok[semi]) - c->tok[i].pos, text);
	free(text);
}

/* current->need_resched, read: need_resched() (2.5 made it a flag). */
static void need_resched(struct ctx *c, size_t i, size_t m)
{
	size_t after = next_code(c->pt->tl, m);

	if (match_op(c->buf, &c->tok[after], '=') && c->tok[after].len == 1) {
		finding(c, i, R_TASK_STATE, false,
			"task_struct has no need_resched since 2.5: set_tsk_need_resched(), or cond_resched()");
		return;
	}
	if (finding(c, i, R_TASK_STATE, true,
		    "task_struct has no need_resched since 2.5 (a thread flag): need_resched()"))
		add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[m]) - c->tok[i].pos,
			 "need_resched()");
}

/*
 * The statement "pci_for_each_dev(d) BODY" becomes "d = NULL;
 * for_each_pci_dev(d) BODY": 2.4's loop set d itself, 2.6's starts from
 * the NULL that d holds.  It holds a reference on d while it runs; one
 * left by a break or goto stays (a leak, never a use after free).
 */
static void pci_for_each_dev(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, p = prev_code(tl, i), open = next_code(tl, i);
	size_t d = next_code(tl, open), close = next_code(tl, d), ls;
	char *text;

	if (!match_op(c->buf, &c->tok[open], '(') ||
	    c->tok[d].type != TOKEN_IDENT ||
	    !match_op(c->buf, &c->tok[close], ')') || p == i ||
	    !(match_op(c->buf, &c->tok[p], ';') ||
	      match_op(c->buf, &c->tok[p], '{') ||
	      match_op(c->buf, &c->tok[p], '}'))) {
		finding(c, i, R_PCI_FOR_EACH_DEV, false,
			"pci_for_each_dev() is gone since 2.6: for_each_pci_dev(d), which starts from d = NULL and holds a reference on each device");
		return;
	}
	if (!finding(c, i, R_PCI_FOR_EACH_DEV, true,
		     "pci_for_each_dev() is gone since 2.6: for_each_pci_dev(d), which starts from d = NULL and holds a reference on the device it stops at (pci_dev_put() when done)"))
		return;
	ls = line_start(c->buf, c->tok[i].pos);
	text = porter_printf(c->pt, "%.*s = NULL;%s%.*sfor_each_pci_dev",
			     (int)c->tok[d].len, c->buf + c->tok[d].pos,
			     c->pt->eol, (int)(c->tok[i].pos - ls), c->buf + ls);
	if (text)
		add_edit(c->pt, c->tok[i].pos, c->tok[i].len, text);
	free(text);
}

/* current->uid, current->euid */
static void current_uid(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, arrow = next_code(tl, i), m, after;
	const char *fn;

	if (after_member_op(c->buf, c->pt->tl, i) || !c->tok[arrow].len ||
	    !token_is(c->buf, &c->tok[arrow], "->"))
		return;
	m = next_code(tl, arrow);
	if (match_ident(c->buf, &c->tok[m], "state")) {
		task_state(c, i, m);
		return;
	}
	if (match_ident(c->buf, &c->tok[m], "need_resched")) {
		need_resched(c, i, m);
		return;
	}
	if (match_ident(c->buf, &c->tok[m], "uid"))
		fn = "current_uid";
	else if (match_ident(c->buf, &c->tok[m], "euid"))
		fn = "current_euid";
	else
		return;
	after = next_code(tl, m);
	if (match_op(c->buf, &c->tok[after], '=') && c->tok[after].len == 1) {
		finding(c, i, R_CURRENT_UID, false,
			"task_struct has no uid/euid since 2.6.29 (credentials): a write needs prepare_creds()/commit_creds()");
		return;
	}
	if (!finding(c, i, R_CURRENT_UID, true, strcmp(fn, "current_uid") ?
		     "task_struct has no euid since 2.6.29 (credentials): __kuid_val(current_euid()), the uid_t as before" :
		     "task_struct has no uid since 2.6.29 (credentials): __kuid_val(current_uid()), the uid_t as before"))
		return;
	add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[m]) - c->tok[i].pos,
		 strcmp(fn, "current_uid") ? "__kuid_val(current_euid())" :
		 "__kuid_val(current_uid())");
}

/* SA_SHIRQ -> IRQF_SHARED; SA_INTERRUPT goes (with its '|'), or 0. */
static void irq_flags(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, p, n;

	if (h->word == W_SA_SHIRQ) {
		if (finding(c, i, R_IRQ_FLAGS, true,
			    "SA_SHIRQ is gone since 2.6.24: IRQF_SHARED"))
			rename_tok(c, i, "IRQF_SHARED");
		return;
	}
	if (!finding(c, i, R_IRQ_FLAGS, true,
		     "SA_INTERRUPT is gone since 2.6.24 (its successor IRQF_DISABLED since 4.1): handlers run with interrupts off, the flag goes"))
		return;
	p = prev_code(tl, i);
	n = next_code(tl, i);
	if (match_op(c->buf, &c->tok[n], '|') && c->tok[n].len == 1)
		add_edit(c->pt, c->tok[i].pos,
			 c->tok[next_code(tl, n)].pos - c->tok[i].pos, "");
	else if (p != SCAN_NONE && match_op(c->buf, &c->tok[p], '|') &&
		 c->tok[p].len == 1)
		add_edit(c->pt, tok_end(&c->tok[prev_code(tl, p)]),
			 tok_end(&c->tok[i]) - tok_end(&c->tok[prev_code(tl, p)]), "");
	else
		rename_tok(c, i, "0");
}

/*
 * The old kmem_cache_create(name, size, align, flags, ctor, dtor) at i, in
 * a file that copies to or from user space: its objects (LDD3's scullc:
 * the quanta read() and write() copy) are copied from a cache with no
 * usercopy region, which hardened usercopy (4.16, on in distribution
 * kernels) kills with usercopy_abort().  The cache takes the whole object
 * as its region: kmem_cache_create_usercopy(name, size, align, flags, 0,
 * size, ctor), size a name or a number.
 */
static void usercopy(struct ctx *c, size_t i, const size_t *comma)
{
	const struct token_list *tl = c->pt->tl;
	size_t size = next_code(tl, comma[0]), ctor = next_code(tl, comma[3]);
	char *text;

	if ((!ident_used(c->buf, tl, "copy_to_user", 12) &&
	     !ident_used(c->buf, tl, "copy_from_user", 14)) ||
	    next_code(tl, size) != comma[1] ||
	    (c->tok[size].type != TOKEN_IDENT && c->tok[size].type != TOKEN_NUMBER))
		return;
	if (!finding(c, i, R_USERCOPY, true,
		     "a cache whose objects are copied to or from user space needs a usercopy region since 4.16 (hardened usercopy kills the copy: usercopy_abort()); kmem_cache_create_usercopy() with the whole object as its region"))
		return;
	text = porter_printf(c->pt, "0, %.*s, ", (int)c->tok[size].len,
			     c->buf + c->tok[size].pos);
	rename_tok(c, i, "kmem_cache_create_usercopy");
	if (text)
		add_edit(c->pt, c->tok[ctor].pos, 0, text);
	free(text);
}

/* kmem_cache_create(name, size, align, flags, ctor, NULL) */
static void kmem_cache_create(struct ctx *c, const struct hit *h)
{
	size_t i = h->tok, open, close, comma[6], last;

	if (!is_call(c->buf, c->pt->tl, i) || !call_parens(c->buf, c->pt->tl, i, &open, &close) ||
	    call_args(c->buf, c->pt->tl, open, close, comma, 6) != 5)
		return;
	last = next_code(c->pt->tl, comma[4]);
	if (!match_ident(c->buf, &c->tok[last], "NULL") ||
	    next_code(c->pt->tl, last) != close) {
		finding(c, i, R_KMEM_CACHE_T, false,
			"kmem_cache_create() has no destructor since 2.6.23: the sixth argument goes, and what the destructor did must be done before kmem_cache_free()");
		return;
	}
	if (finding(c, i, R_KMEM_CACHE_T, true,
		    "kmem_cache_create() has no destructor argument since 2.6.23: the NULL goes"))
		add_edit(c->pt, c->tok[comma[4]].pos,
			 tok_end(&c->tok[last]) - c->tok[comma[4]].pos, "");
	usercopy(c, i, comma);
}

/* system_utsname.x -> utsname()->x */
static void system_utsname(struct ctx *c, const struct hit *h)
{
	size_t i = h->tok, dot = next_code(c->pt->tl, i);

	if (after_member_op(c->buf, c->pt->tl, i))
		return;
	if (!match_op(c->buf, &c->tok[dot], '.')) {
		finding(c, i, R_SYSTEM_UTSNAME, false,
			"system_utsname is gone since 2.6.19 (UTS namespaces): utsname() or init_utsname()");
		return;
	}
	if (finding(c, i, R_SYSTEM_UTSNAME, true,
		    "system_utsname is gone since 2.6.19 (UTS namespaces): utsname()->field"))
		add_edit(c->pt, c->tok[i].pos, tok_end(&c->tok[dot]) - c->tok[i].pos,
			 "utsname()->");
}

/*
 * .llseek = no_llseek, (or GCC's llseek: no_llseek, which gnu-initializer
 * leaves to this rule when it removes the member: gnu_member_goes())
 */
static void no_llseek(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, eq = prev_code(tl, i), m, dot, comma;
	bool gnu;

	m = eq == SCAN_NONE ? SCAN_NONE : prev_code(tl, eq);
	gnu = eq != SCAN_NONE && match_op(c->buf, &c->tok[eq], ':');
	dot = m == SCAN_NONE || gnu ? m : prev_code(tl, m);
	comma = next_code(tl, i);
	if (dot == SCAN_NONE ||
	    !(gnu || match_op(c->buf, &c->tok[eq], '=')) ||
	    !match_ident(c->buf, &c->tok[m], "llseek") ||
	    !(gnu || match_op(c->buf, &c->tok[dot], '.'))) {
		finding(c, i, R_NO_LLSEEK, false,
			"no_llseek is gone since 6.12: a NULL .llseek means the file cannot seek");
		return;
	}
	if (!finding(c, i, R_NO_LLSEEK, true,
		     "no_llseek is gone since 6.12: a NULL .llseek means the file cannot seek, the member goes"))
		return;
	if (match_op(c->buf, &c->tok[comma], ','))
		delete_line_range(c->pt, c->tok[dot].pos, tok_end(&c->tok[comma]));
	else
		delete_line_range(c->pt, c->tok[dot].pos, tok_end(&c->tok[i]));
}

/*
 * Where the target straddles 6.4, a call alone on its line is kept both
 * ways: "#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)", the line
 * without THIS_MODULE, "#else", the line as it is, "#endif".
 */
static bool class_create_both(struct ctx *c, size_t i, size_t first,
			      size_t second, size_t close)
{
	size_t ls = line_start(c->buf, c->tok[i].pos);
	size_t le = line_end(c->buf, c->pt->len, c->tok[i].pos);

	if (line_start(c->buf, c->tok[close].pos) != ls)
		return false;	/* the call spans lines: reported */
	if (porter_kept_old(c->pt, ls))
		return true;	/* the old form, kept by an earlier fix */
	add_finding(c->pt, c->tok[i].pos, R_CLASS_CREATE, SEV_WARNING, true,
		    "class_create() takes only the name since 6.4: THIS_MODULE goes (both kept under #if LINUX_VERSION_CODE for the target's older kernels)");
	porter_keep_both(c->pt, ls, le, after_eol(c->buf, c->pt->len, le),
			 rule_table[R_CLASS_CREATE].since, c->tok[first].pos,
			 c->tok[second].pos - c->tok[first].pos, "");
	return true;
}

/* class_create(THIS_MODULE, name) */
static void class_create(struct ctx *c, const struct hit *h)
{
	size_t i = h->tok, open, close, comma[2], first;

	if (!is_call(c->buf, c->pt->tl, i) || !call_parens(c->buf, c->pt->tl, i, &open, &close) ||
	    call_args(c->buf, c->pt->tl, open, close, comma, 2) != 1)
		return;
	first = next_code(c->pt->tl, open);
	if (!match_ident(c->buf, &c->tok[first], "THIS_MODULE"))
		return;
	if (target_need(&c->tg, R_CLASS_CREATE) == NEED_REPORT &&
	    class_create_both(c, i, first, next_code(c->pt->tl, comma[0]), close))
		return;
	if (finding(c, i, R_CLASS_CREATE, true,
		    "class_create() takes only the name since 6.4: THIS_MODULE goes"))
		add_edit(c->pt, c->tok[first].pos,
			 c->tok[next_code(c->pt->tl, comma[0])].pos - c->tok[first].pos, "");
}

/* Does s #define the name of token want (in wbuf), function-like or not? */
static bool defines(const struct tokens *s, const char *wbuf,
		    const struct token *want)
{
	size_t i, name;

	for (i = 0; s->tl->tok[i].type != TOKEN_EOF; i++) {
		if ((s->tl->tok[i].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL))
			continue;
		name = define_name(s, i);
		if (name != SCAN_NONE && same_name(s->buf, &s->tl->tok[name], wbuf, want))
			return true;
	}
	return false;
}

/* The file or one of its local headers has its own macro of that name. */
static bool own_macro(struct ctx *c, size_t i)
{
	struct tokens file = { c->buf, c->pt->tl };
	struct header_set *hs;
	size_t k;

	if (defines(&file, c->buf, &c->tok[i]))
		return true;
	hs = file_headers(c->pt);
	for (k = 0; hs && k < hs->nr; k++) {
		struct tokens h = { hs->h[k].buf, &hs->h[k].tl };

		if (defines(&h, c->buf, &c->tok[i]))
			return true;
	}
	return false;
}

/* usb's err(fmt, ...) and friends: printk with KBUILD_MODNAME and "\n". */
static void usb_log(struct ctx *c, const struct hit *h)
{
	static const char *const to[] = {
		[W_ERR] = "pr_err", [W_INFO] = "pr_info", [W_WARN] = "pr_warn",
		[W_DBG] = "pr_debug",
	};
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, open, close, fmt, after;

	if (!c->usb || (h->flags & H_PP) || !is_call(c->buf, c->pt->tl, i) ||
	    !call_parens(c->buf, c->pt->tl, i, &open, &close))
		return;
	fmt = next_code(tl, open);
	if (c->tok[fmt].type != TOKEN_STRING || own_macro(c, i))
		return;
	for (after = fmt; c->tok[next_code(tl, after)].type == TOKEN_STRING;)
		after = next_code(tl, after);
	if (!finding(c, i, R_USB_LOG, true,
		     "usb's err()/info()/warn()/dbg() macros are gone since 3.0: pr_err()/pr_info()/pr_warn()/pr_debug() (with the \"\\n\" they added)"))
		return;
	rename_tok(c, i, to[h->word]);
	add_edit(c->pt, tok_end(&c->tok[after]), 0, " \"\\n\"");
}

/*
 * Where the target straddles 6.3, "vma->vm_flags |= F;" alone on its line
 * is kept both ways: "#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)",
 * "vm_flags_set(vma, F);", "#else", the line as it is, "#endif".  F runs
 * from token e to the ';' at semi.
 */
static bool vm_flags_both(struct ctx *c, size_t v, size_t e, size_t semi,
			  bool set)
{
	size_t ls = line_start(c->buf, c->tok[v].pos);
	size_t le = line_end(c->buf, c->pt->len, c->tok[v].pos);
	char *text;

	if (line_start(c->buf, c->tok[semi].pos) != ls)
		return false;	/* the statement spans lines: reported */
	if (porter_kept_old(c->pt, ls))
		return true;	/* the old form, kept by an earlier fix */
	add_finding(c->pt, c->tok[v].pos, R_VM_FLAGS, SEV_WARNING, true,
		    set ? "vm_flags is read-only since 6.3: vm_flags_set(vma, flags) (both kept under #if LINUX_VERSION_CODE for the target's older kernels)" :
			  "vm_flags is read-only since 6.3: vm_flags_clear(vma, flags) (both kept under #if LINUX_VERSION_CODE for the target's older kernels)");
	text = porter_printf(c->pt, "%s(%.*s, %.*s)",
			     set ? "vm_flags_set" : "vm_flags_clear",
			     (int)c->tok[v].len, c->buf + c->tok[v].pos,
			     (int)(c->tok[semi].pos - c->tok[e].pos),
			     c->buf + c->tok[e].pos);
	porter_keep_both(c->pt, ls, le, after_eol(c->buf, c->pt->len, le),
			 rule_table[R_VM_FLAGS].since, c->tok[v].pos,
			 c->tok[semi].pos - c->tok[v].pos, text);
	free(text);
	return true;
}

/* vma->vm_flags |= F;  vma->vm_flags &= ~F; (vma a plain name) */
static void vm_flags(struct ctx *c, const struct hit *h)
{
	const struct token_list *tl = c->pt->tl;
	size_t i = h->tok, arrow = prev_code(tl, i), v, op, e, semi, before;
	bool set;
	char *text;

	if (arrow == SCAN_NONE || !token_is(c->buf, &c->tok[arrow], "->"))
		return;
	v = prev_code(tl, arrow);
	op = next_code(tl, i);
	if (v == SCAN_NONE || c->tok[v].type != TOKEN_IDENT)
		return;
	if (token_is(c->buf, &c->tok[op], "|="))
		set = true;
	else if (token_is(c->buf, &c->tok[op], "&=") &&
		 match_op(c->buf, &c->tok[next_code(tl, op)], '~'))
		set = false;
	else if (token_is(c->buf, &c->tok[op], "=") ||
		 token_is(c->buf, &c->tok[op], "&=") ||
		 token_is(c->buf, &c->tok[op], "^=")) {
		finding(c, i, R_VM_FLAGS, false,
			"vm_flags is read-only since 6.3: vm_flags_init(), vm_flags_reset(), vm_flags_set() or vm_flags_clear()");
		return;
	} else {
		return;
	}
	before = prev_code(tl, v);
	e = set ? next_code(tl, op) : next_code(tl, next_code(tl, op));
	for (semi = e; semi != SCAN_NONE && c->tok[semi].type != TOKEN_EOF &&
	     !match_op(c->buf, &c->tok[semi], ';'); semi = next_code(tl, semi))
		;
	if (semi == SCAN_NONE || c->tok[semi].type == TOKEN_EOF ||
	    (before != SCAN_NONE && (token_is(c->buf, &c->tok[before], ".") ||
				     token_is(c->buf, &c->tok[before], "->"))))
		return;
	if (target_need(&c->tg, R_VM_FLAGS) == NEED_REPORT &&
	    vm_flags_both(c, v, e, semi, set))
		return;
	if (!finding(c, i, R_VM_FLAGS, true, set ?
		     "vm_flags is read-only since 6.3: vm_flags_set(vma, flags)" :
		     "vm_flags is read-only since 6.3: vm_flags_clear(vma, flags)"))
		return;
	/* Around F, not over it: another rule may edit F (VM_RESERVED). */
	text = porter_printf(c->pt, "%s(%.*s, ",
			     set ? "vm_flags_set" : "vm_flags_clear",
			     (int)c->tok[v].len, c->buf + c->tok[v].pos);
	if (!text)
		return;
	add_edit(c->pt, c->tok[v].pos, c->tok[e].pos - c->tok[v].pos, text);
	add_edit(c->pt, c->tok[semi].pos, 0, ")");
	free(text);
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .tok = pt->tl->tok, .buf = pt->buf };
	size_t k;

	target_init(&c.tg, pt);
	for (k = 0; k < n; k++) {
		size_t open, close, comma[3];

		if (h[k].word == W_USB_H && (h[k].flags & H_ARG))
			c.usb = true;
		if (h[k].word == W_ACCESS_OK && !(h[k].flags & H_PP) &&
		    is_call(c.buf, pt->tl, h[k].tok) &&
		    call_parens(c.buf, pt->tl, h[k].tok, &open, &close) &&
		    call_args(c.buf, pt->tl, open, close, comma, 3) == 1)
			c.access_ok2 = true;
	}
	for (k = 0; k < n; k++, h++) {
		if (h->flags & H_DEAD)
			continue;
		switch (h->word) {
		case W_ASM_SYSTEM:
		case W_SMP_LOCK:
		case W_ASM_SEMAPHORE:
		case W_GENHD:
			header(&c, h);
			break;
		case W_INIT_MUTEX:
		case W_INIT_MUTEX_LOCKED:
		case W_DECLARE_MUTEX:
			if (!(h->flags & H_PP))
				init_mutex(&c, h);
			break;
		case W_SPIN_LOCK_UNLOCKED:
			if (!(h->flags & H_PP))
				spin_lock_unlocked(&c, h);
			break;
		case W_ACCESS_OK:
			if (!(h->flags & H_PP))
				access_ok(&c, h);
			break;
		case W_F_DENTRY:
			f_dentry(&c, h);
			break;
		case W_CURRENT:
			if (!(h->flags & H_PP))
				current_uid(&c, h);
			break;
		case W_SA_SHIRQ:
		case W_SA_INTERRUPT:
			if (!(h->flags & H_PP))
				irq_flags(&c, h);
			break;
		case W_KMEM_CACHE_T:
			if (finding(&c, h->tok, R_KMEM_CACHE_T, true,
				    "the kmem_cache_t typedef is gone since 2.6.23: struct kmem_cache"))
				rename_tok(&c, h->tok, "struct kmem_cache");
			break;
		case W_KMEM_CACHE_CREATE:
			if (!(h->flags & H_PP))
				kmem_cache_create(&c, h);
			break;
		case W_SYSTEM_UTSNAME:
			if (!(h->flags & H_PP))
				system_utsname(&c, h);
			break;
		case W_DEL_TIMER:
		case W_DEL_TIMER_SYNC:
		case W_DEL_SINGLESHOT:
			if (after_member_op(c.buf, pt->tl, h->tok) ||
			    target_shim_define(pt, h->tok) ||
			    !finding(&c, h->tok, R_DEL_TIMER, true,
				     "del_timer(), del_timer_sync() and del_singleshot_timer_sync() are gone since 6.15: timer_delete(), timer_delete_sync() (since 6.2)"))
				break;
			rename_tok(&c, h->tok, h->word == W_DEL_TIMER ? "timer_delete" :
				   "timer_delete_sync");
			break;
		case W_NO_LLSEEK:
			if (!(h->flags & H_PP))
				no_llseek(&c, h);
			break;
		case W_CLASS_CREATE:
			if (!(h->flags & H_PP))
				class_create(&c, h);
			break;
		case W_IOREMAP_NOCACHE:
			if (!after_member_op(c.buf, pt->tl, h->tok) &&
			    finding(&c, h->tok, R_IOREMAP_NOCACHE, true,
				    "ioremap_nocache() is gone since 5.6: ioremap() maps uncached"))
				rename_tok(&c, h->tok, "ioremap");
			break;
		case W_USB_BUFFER_ALLOC:
		case W_USB_BUFFER_FREE:
			if (!after_member_op(c.buf, pt->tl, h->tok) &&
			    finding(&c, h->tok, R_USB_BUFFER, true,
				    "usb_buffer_alloc()/usb_buffer_free() are gone since 2.6.35: usb_alloc_coherent()/usb_free_coherent(), same arguments"))
				rename_tok(&c, h->tok, h->word == W_USB_BUFFER_ALLOC ?
					   "usb_alloc_coherent" : "usb_free_coherent");
			break;
		case W_ERR:
		case W_INFO:
		case W_WARN:
		case W_DBG:
			usb_log(&c, h);
			break;
		case W_VM_FLAGS:
			if (!(h->flags & H_PP))
				vm_flags(&c, h);
			break;
		case W_PCI_FOR_EACH_DEV:
			if (!(h->flags & (H_PP | H_DEAD)) && h->depth)
				pci_for_each_dev(&c, h);
			break;
		case W_VM_RESERVED:
			if (finding(&c, h->tok, R_VM_RESERVED, true,
				    "VM_RESERVED is gone since 3.7: VM_DONTEXPAND | VM_DONTDUMP (and vm_flags_set() for a write since 6.3)"))
				rename_tok(&c, h->tok, "(VM_DONTEXPAND | VM_DONTDUMP)");
			break;
		}
	}
	target_shims(&c.tg);
}

static const struct family apis = {
	.name = "apis", .rules = rules, .words = words, .run = run,
};
FAMILY(apis)
