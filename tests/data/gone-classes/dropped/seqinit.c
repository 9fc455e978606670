/* The negative control: seqcount_init() compiles its argument. */
#include <linux/sched.h>
#include <linux/seqlock.h>

struct task_struct demo_task;

static void demo_init(void)
{
	seqcount_init(&demo_task.vtime_seqcount);
}
