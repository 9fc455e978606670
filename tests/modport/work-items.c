/*
 * Work items of the 2.6.19 era, with a data argument: modport's work-3-args
 * converts the shapes it can prove and reports the others, with the reason.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/workqueue.h>
#include <linux/slab.h>

/* The data is the object that holds the work, queued with a delay. */
struct deferred {
	int result;
	struct work_struct work;
};

static void deferred_op(void *p)
{
	struct deferred *stuff = (struct deferred *) p;

	printk(KERN_INFO "result %d\n", stuff->result);
	kfree(stuff);
}

static int defer(int result)
{
	struct deferred *stuff = kmalloc(sizeof(*stuff), GFP_KERNEL);

	if (!stuff)
		return -ENOMEM;
	stuff->result = result;
	INIT_WORK(&stuff->work, deferred_op, stuff);
	schedule_delayed_work(&stuff->work, HZ / 100);
	return 0;
}

/* A global work item whose data is a constant, queued both ways. */
static struct work_struct tick_work;
static struct tick_data {
	long delay;
} tick_data;

static void tick(void *ptr)
{
	struct tick_data *data = ptr;

	if (data->delay)
		schedule_delayed_work(&tick_work, data->delay);
	else
		schedule_work(&tick_work);
}

/* A handler that does not read its data, declared first. */
static void quiet(void *);
static DECLARE_WORK(quiet_work, quiet, NULL);

static void quiet(void *unused)
{
	printk(KERN_INFO "quiet\n");
}

/* A handler that keeps its data in a variable of another name. */
struct holder {
	struct work_struct w;
};

static void other_fn(void *arg)
{
	struct holder *h = arg;

	(void)h;
}

/* Reported: a cast handler, and data that is not the holder. */
static void both(unsigned long unused)
{
}

static int setup(struct holder *h, void *cookie)
{
	INIT_WORK(&h->w, (void (*)(void *)) both, NULL);
	INIT_WORK(&h->w, other_fn, cookie);
	schedule_work(&quiet_work);
	INIT_WORK(&tick_work, tick, &tick_data);
	return defer(1);
}

/* A modern one: nothing to do. */
static void modern_fn(struct work_struct *work)
{
}

static DECLARE_WORK(modern, modern_fn);

MODULE_LICENSE("GPL");
