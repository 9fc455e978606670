/* 2.4 interfaces that need a person: reported, never fixed. */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/tqueue.h>
#include <linux/ioport.h>
#include <asm/uaccess.h>

struct regs {
	int cli;
	int (*sti)(void);
	int (*verify_area)(int, void *, unsigned long);
};

/* Used wherever the macro is: reported in its body. */
#define LOCK_ALL(f)	do { save_flags(f); cli(); } while (0)
#define verify_area_ok	1	/* an object-like name: not a call */

static struct tq_struct legacy_task;
static DECLARE_WAIT_QUEUE_HEAD(legacy_wait);

/* The file's own check_region: not the kernel's. */
static int check_region(unsigned long base, unsigned long len)
{
	return base + len > 0x400;
}

static void legacy_irq(struct regs *r, void *buf)
{
	unsigned long flags, save_flags;

	save_flags(flags);
	cli();
	r->cli = 1;
	r->sti();
	sti();
	restore_flags(flags);
	save_flags = flags;		/* a variable, not a call */
	interruptible_sleep_on(&legacy_wait);
	sleep_on_timeout(&legacy_wait, 10);
	queue_task(&legacy_task, &tq_immediate);
	if (verify_area(VERIFY_READ, buf, 4))	/* "verify_area(" in a string */
		return;
	r->verify_area(0, buf, 4);
	if (check_region(0x300, 8))
		return;
}

int legacy_probe(struct net_device *dev)
{
	SET_MODULE_OWNER(dev);
#if 0
	sleep_on(&legacy_wait);
#endif
	return 0;
}

MODULE_LICENSE("GPL");
