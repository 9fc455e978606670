/*
 * task-state (5.14 renamed task_struct's state to __state): 2.4's
 * "current->state = S;" becomes set_current_state(S), after a label too;
 * current->need_resched becomes need_resched(); spin-lock-unlocked in a
 * function: a static lock becomes
 * DEFINE_SPINLOCK(), an assignment spin_lock_init().  The negative
 * control: a read of current->state is reported, not rewritten.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

struct demo_queue {
	spinlock_t s_lock;
};

static struct demo_queue demo_q;

static int demo_wait(int ready)
{
	static spinlock_t demo_lock = SPIN_LOCK_UNLOCKED;

	demo_q.s_lock = (spinlock_t)SPIN_LOCK_UNLOCKED;
	spin_lock(&demo_lock);
	spin_unlock(&demo_lock);
	current->state = TASK_INTERRUPTIBLE;
	if (!ready)
		schedule_timeout(1);
	if (current->need_resched)
		schedule();
	if (current->state != TASK_RUNNING)
		goto out;
	return 0;
out:
	current->state = TASK_RUNNING;
	return 1;
}
