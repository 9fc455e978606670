/*
 * A 2.6.19-era module with work items that take data: one held by the
 * object it serves and queued with a delay (a struct delayed_work once
 * ported), one global whose data is a constant.  modport's work-3-args
 * must leave a module that builds, loads and runs both on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <linux/completion.h>

static DECLARE_COMPLETION(work_done);

struct work_job {
	int value;
	struct work_struct work;
};

static void work_job_fn(void *p)
{
	struct work_job *job = (struct work_job *) p;

	printk(KERN_INFO "modport work: delayed job %d\n", job->value);	/* expect: modport work: delayed job 42 */
	kfree(job);
	complete(&work_done);
}

static struct work_struct work_plain;
static int work_count = 7;

static void work_plain_fn(void *data)
{
	int *count = data;

	printk(KERN_INFO "modport work: plain %d\n", *count);	/* expect: modport work: plain 7 */
	complete(&work_done);
}

static int __init work_fixture_init(void)
{
	struct work_job *job = kmalloc(sizeof(*job), GFP_KERNEL);

	if (!job)
		return -ENOMEM;
	job->value = 42;
	INIT_WORK(&job->work, work_job_fn, job);
	schedule_delayed_work(&job->work, HZ / 100);
	wait_for_completion(&work_done);
	INIT_WORK(&work_plain, work_plain_fn, &work_count);
	schedule_work(&work_plain);
	wait_for_completion(&work_done);
	return 0;
}

static void __exit work_fixture_exit(void)
{
}

module_init(work_fixture_init);
module_exit(work_fixture_exit);
MODULE_LICENSE("GPL");
