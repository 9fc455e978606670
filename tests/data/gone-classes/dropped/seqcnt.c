/* SEQCNT_ZERO(name) only stringifies name (SEQCOUNT_DEP_MAP_INIT's #lockname, or nothing): init_task.c's. */
#include <linux/sched.h>
#include <linux/seqlock.h>

struct task_struct demo_task = {
	.vtime.seqcount	= SEQCNT_ZERO(demo_task.vtime_seqcount),
};
