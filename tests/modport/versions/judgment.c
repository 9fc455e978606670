/*
 * A 2.6.10-era driver's leftovers that need a person: each is reported
 * with the modern interface (rules/judgment.c).  <linux/config.h> shows
 * the file's age; a modern file using these names for other things stays
 * silent (linux-source-6.1 in modport-versions.t).
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/interrupt.h>
#include <linux/time.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/blkdev.h>
#include <linux/netdevice.h>
#include <linux/tty_driver.h>
#include <linux/smp_lock.h>
#include <linux/device.h>

static struct timer_list old_timer;
static struct work_struct old_work;
static void old_tasklet_fn(unsigned long data);
DECLARE_TASKLET(old_tasklet, old_tasklet_fn, 0);
static void old_work_fn(void *data);
static DECLARE_WORK(old_static_work, old_work_fn, NULL);
static request_queue_t *old_queue;
static struct tty_driver *old_tty;

static void old_stamp(void)
{
	struct timeval tv;
	struct timespec ts;

	do_gettimeofday(&tv);
	ts = current_kernel_time();
}

static struct page *old_nopage(struct vm_area_struct *vma,
			       unsigned long address, int *type)
{
	if (type)
		*type = VM_FAULT_MINOR;
	return NOPAGE_SIGBUS;
}

static struct vm_operations_struct old_vm_ops = {
	.nopage = old_nopage,
};

static ssize_t old_aio_read(struct kiocb *iocb, char __user *buf,
			    size_t count, loff_t pos)
{
	aio_complete(iocb, count, 0);
	return -EIOCBQUEUED;
}

static struct file_operations old_fops = {
	.aio_read = old_aio_read,
};

static void old_request(request_queue_t *q)
{
	struct request *req;

	while ((req = elv_next_request(q)) != NULL)
		end_request(req, 1);
}

static int old_setup(struct net_device *dev)
{
	dev->hard_start_xmit = NULL;
	netif_rx_schedule(dev);
	return 0;
}

static int __init old_init(void)
{
	init_timer(&old_timer);
	INIT_WORK(&old_work, old_work_fn, NULL);
	old_queue = blk_init_queue(old_request, NULL);
	old_tty = alloc_tty_driver(1);
	lock_kernel();
	unlock_kernel();
	return 0;
}

static void __exit old_exit(void)
{
	put_tty_driver(old_tty);
}

static int old_match(struct device *dev, struct device_driver *drv)
{
	return !strcmp(dev->bus_id, drv->name);
}

module_init(old_init);
module_exit(old_exit);
MODULE_LICENSE("GPL");
