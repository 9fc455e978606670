/*
 * An LDD3-era character driver whose .aio_read and .aio_write forward to
 * its .read and .write through a helper that completes the request later
 * (scullp's shape): modport's aio-methods rule must leave a module that
 * builds and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/aio.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <linux/uaccess.h>

static int aio_major;

static ssize_t aio_dev_read(struct file *filp, char __user *buf, size_t count,
			    loff_t *f_pos)
{
	return 0;
}

static ssize_t aio_dev_write(struct file *filp, const char __user *buf,
			     size_t count, loff_t *f_pos)
{
	return count;
}

struct async_work {
	struct kiocb *iocb;
	int result;
	struct work_struct work;
};

/*
 * "Complete" an asynchronous operation.
 */
static void aio_do_deferred_op(void *p)
{
	struct async_work *stuff = (struct async_work *) p;
	aio_complete(stuff->iocb, stuff->result, 0);
	kfree(stuff);
}

static int aio_defer_op(int write, struct kiocb *iocb, char __user *buf,
			size_t count, loff_t pos)
{
	struct async_work *stuff;
	int result;

	if (write)
		result = aio_dev_write(iocb->ki_filp, buf, count, &pos);
	else
		result = aio_dev_read(iocb->ki_filp, buf, count, &pos);
	if (is_sync_kiocb(iocb))
		return result;
	stuff = kmalloc(sizeof(*stuff), GFP_KERNEL);
	if (stuff == NULL)
		return result;
	stuff->iocb = iocb;
	stuff->result = result;
	INIT_WORK(&stuff->work, aio_do_deferred_op, stuff);
	schedule_delayed_work(&stuff->work, HZ/100);
	return -EIOCBQUEUED;
}

static ssize_t aio_dev_aio_read(struct kiocb *iocb, char __user *buf,
				size_t count, loff_t pos)
{
	return aio_defer_op(0, iocb, buf, count, pos);
}

static ssize_t aio_dev_aio_write(struct kiocb *iocb, const char __user *buf,
				 size_t count, loff_t pos)
{
	return aio_defer_op(1, iocb, (char __user *) buf, count, pos);
}

static struct file_operations aio_fops = {
	.owner =     THIS_MODULE,
	.read =	     aio_dev_read,
	.write =     aio_dev_write,
	.aio_read =  aio_dev_aio_read,
	.aio_write = aio_dev_aio_write,
};

static int __init aio_init(void)
{
	aio_major = register_chrdev(0, "modport-aio", &aio_fops);
	if (aio_major < 0)
		return aio_major;
	printk(KERN_INFO "modport aio: device registered\n");	/* expect: modport aio: device registered */
	return 0;
}

static void __exit aio_exit(void)
{
	unregister_chrdev(aio_major, "modport-aio");
}

module_init(aio_init);
module_exit(aio_exit);
MODULE_LICENSE("GPL");
