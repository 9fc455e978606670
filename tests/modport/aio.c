/*
 * file_operations' .aio_read and .aio_write (gone in 4.1): LDD3's scullp
 * forwards both to a helper that calls .read or .write and completes the
 * request later; another file's method calls .read itself.  Both go, with
 * the functions that served only them.  A method that does its own I/O,
 * and aio_complete() in a function used elsewhere, are reported.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/aio.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

ssize_t dev_read(struct file *filp, char __user *buf, size_t count,
		 loff_t *f_pos);
ssize_t dev_write(struct file *filp, const char __user *buf, size_t count,
		  loff_t *f_pos);

/*
 * A simple asynchronous I/O implementation.
 */
struct async_work {
	struct kiocb *iocb;
	int result;
	struct work_struct work;
};

/*
 * "Complete" an asynchronous operation.
 */
static void dev_do_deferred_op(void *p)
{
	struct async_work *stuff = (struct async_work *) p;
	aio_complete(stuff->iocb, stuff->result, 0);
	kfree(stuff);
}

static int dev_defer_op(int write, struct kiocb *iocb, char __user *buf,
		size_t count, loff_t pos)
{
	struct async_work *stuff;
	int result;

	if (write)
		result = dev_write(iocb->ki_filp, buf, count, &pos);
	else
		result = dev_read(iocb->ki_filp, buf, count, &pos);
	if (is_sync_kiocb(iocb))
		return result;
	stuff = kmalloc(sizeof(*stuff), GFP_KERNEL);
	if (stuff == NULL)
		return result;
	stuff->iocb = iocb;
	stuff->result = result;
	INIT_WORK(&stuff->work, dev_do_deferred_op, stuff);
	schedule_delayed_work(&stuff->work, HZ/100);
	return -EIOCBQUEUED;
}

static ssize_t dev_aio_read(struct kiocb *iocb, char __user *buf, size_t count,
		loff_t pos)
{
	return dev_defer_op(0, iocb, buf, count, pos);
}

static ssize_t dev_aio_write(struct kiocb *iocb, const char __user *buf,
		size_t count, loff_t pos)
{
	return dev_defer_op(1, iocb, (char __user *) buf, count, pos);
}

struct file_operations dev_fops = {
	.owner =     THIS_MODULE,
	.read =	     dev_read,
	.write =     dev_write,
	.aio_read =  dev_aio_read,
	.aio_write = dev_aio_write,
};

static ssize_t plain_aio_read(struct kiocb *iocb, char __user *buf,
			      size_t count, loff_t pos)
{
	return dev_read(iocb->ki_filp, buf, count, &pos);
}

static struct file_operations plain_fops = {
	.read = dev_read,
	.aio_read = plain_aio_read,
};

/* Its own I/O: a person writes the .read_iter. */
static ssize_t own_aio_read(struct kiocb *iocb, char __user *buf,
			    size_t count, loff_t pos)
{
	return clear_user(buf, count) ? -EFAULT : count;
}

static struct file_operations own_fops = {
	.read = dev_read,
	.aio_read = own_aio_read,
};

void dev_complete(struct kiocb *iocb, long res)
{
	aio_complete(iocb, res, 0);
}

MODULE_LICENSE("GPL");
