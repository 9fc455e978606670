/*
 * A 2.6-era module with tasklets that carry data: a global one whose data
 * is a constant (DECLARE_TASKLET), one held by its object (tasklet_init).
 * modport's tasklet-data must leave a module that builds, loads and runs
 * both on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/interrupt.h>
#include <linux/completion.h>

static DECLARE_COMPLETION(tasklet_done);
static int tasklet_value = 9;

static void tasklet_global_fn(unsigned long);
static DECLARE_TASKLET(tasklet_global, tasklet_global_fn, (unsigned long)&tasklet_value);

static void tasklet_global_fn(unsigned long data)
{
	printk(KERN_INFO "modport tasklets: constant %d\n", *(int *)data);	/* expect: modport tasklets: constant 9 */
	complete(&tasklet_done);
}

struct tasklet_dev {
	int id;
	struct tasklet_struct tlet;
};

static void tasklet_dev_fn(unsigned long arg)
{
	struct tasklet_dev *dev = (struct tasklet_dev *)arg;

	printk(KERN_INFO "modport tasklets: holder %d\n", dev->id);	/* expect: modport tasklets: holder 3 */
	complete(&tasklet_done);
}

static int __init tasklets_fixture_init(void)
{
	struct tasklet_dev *dev = kmalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return -ENOMEM;
	dev->id = 3;
	tasklet_init(&dev->tlet, tasklet_dev_fn, (unsigned long)dev);
	tasklet_schedule(&dev->tlet);
	wait_for_completion(&tasklet_done);
	tasklet_kill(&dev->tlet);
	kfree(dev);
	tasklet_schedule(&tasklet_global);
	wait_for_completion(&tasklet_done);
	return 0;
}

static void __exit tasklets_fixture_exit(void)
{
	tasklet_kill(&tasklet_global);
}

module_init(tasklets_fixture_init);
module_exit(tasklets_fixture_exit);
MODULE_LICENSE("GPL");
