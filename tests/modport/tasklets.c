/*
 * Tasklets of the 2.6 era with a data word: modport's tasklet-data converts
 * them to the 5.9 forms where the shape allows it, and reports the rest.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/workqueue.h>

static struct state {
	int count;
} state;

/* A global tasklet whose data is a constant. */
static void count_fn(unsigned long);
static DECLARE_TASKLET(count_tasklet, count_fn, (unsigned long)&state);

static void count_fn(unsigned long ptr)
{
	((struct state *)ptr)->count++;
}

/* Data 0, and the handler serves a work item too: the 5.9 legacy form. */
static void shared_fn(unsigned long unused)
{
}

static DECLARE_TASKLET(shared_tasklet, shared_fn, 0);
static struct work_struct shared_work;

/* tasklet_init() with the holder as data. */
struct dev {
	int hi;
	struct tasklet_struct tlet;
};

static void dev_fn(unsigned long arg)
{
	struct dev *dev = (struct dev *)arg;

	if (dev->hi)
		tasklet_hi_schedule(&dev->tlet);
}

/* Reported: data that changes. */
static void cookie_fn(unsigned long cookie)
{
}

static unsigned long cookie;
static DECLARE_TASKLET(cookie_tasklet, cookie_fn, cookie);

static void start(struct dev *dev)
{
	tasklet_init(&dev->tlet, dev_fn, (unsigned long)dev);
	INIT_WORK(&shared_work, (void (*)(void *)) shared_fn, NULL);
	tasklet_schedule(&count_tasklet);
	tasklet_schedule(&shared_tasklet);
	tasklet_schedule(&cookie_tasklet);
}

MODULE_LICENSE("GPL");
