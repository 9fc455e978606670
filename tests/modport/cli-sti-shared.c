/*
 * Negative controls: a section that reaches data through a pointer (a
 * structure other files' code, and their interrupt handlers, may share)
 * and a flags variable that is not unsigned long.  The global lock
 * guarded shared data from every handler; a spinlock of this file guards
 * it from this file alone.  Reported, not fixed.
 */
#include <linux/module.h>

struct port {
	int count;
};

static void port_bump(struct port *p)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	p->count++;
	restore_flags(flags);
}

MODULE_LICENSE("GPL");
