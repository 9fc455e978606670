/*
 * char24: the shapes of Linux 2.4's small character drivers
 * (bench/char24.sh) that modport ports, in one misc device: struct file,
 * copy_to_user() and request_irq() whose headers 2.4's brought in
 * (api-header), the big kernel lock around the file's own operations
 * (bkl), a handler on a line it does not share (void-irq-handler), a
 * timer defined with its function and a constant data (define-timer),
 * GCC's "llseek: no_llseek," (no-llseek, gone in 6.12).
 */
#define MODULE
#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/miscdevice.h>
#include <linux/timer.h>
#include <linux/init.h>
#include <linux/smp_lock.h>
#include <asm/uaccess.h>

static int demo_open_count;
static int demo_ticks;

static void demo_tick(unsigned long data);

static struct timer_list demo_timer = { function: demo_tick, data: 3 };

static void demo_tick(unsigned long data)
{
	demo_ticks += data;
}

static void demo_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (!demo_open_count)
		return;
	demo_ticks++;
}

static ssize_t demo_read(struct file *file, char *buf, size_t count,
			 loff_t *ppos)
{
	int n = demo_ticks;

	if (ppos != &file->f_pos)
		return -ESPIPE;
	if (count < sizeof(n))
		return -EINVAL;
	if (copy_to_user(buf, &n, sizeof(n)))
		return -EFAULT;
	return sizeof(n);
}

static int demo_open(struct inode *inode, struct file *file)
{
	lock_kernel();
	if (demo_open_count) {
		unlock_kernel();
		return -EBUSY;
	}
	demo_open_count++;
	unlock_kernel();
	if (request_irq(7, demo_interrupt, SA_INTERRUPT, "char24", NULL))
		printk(KERN_INFO "char24: no irq 7\n");
	return 0;
}

static int demo_release(struct inode *inode, struct file *file)
{
	lock_kernel();
	demo_open_count--;
	free_irq(7, NULL);
	unlock_kernel();
	return 0;
}

static struct file_operations demo_fops = {
	owner:		THIS_MODULE,
	llseek:		no_llseek,
	read:		demo_read,
	open:		demo_open,
	release:	demo_release,
};

static struct miscdevice demo_dev = {
	MISC_DYNAMIC_MINOR, "char24", &demo_fops
};

int init_module(void)
{
	int ret = misc_register(&demo_dev);

	if (ret)
		return ret;
	mod_timer(&demo_timer, jiffies + 1);
	printk(KERN_INFO "char24: registered\n");	/* expect: char24: registered */
	return 0;
}

void cleanup_module(void)
{
	del_timer_sync(&demo_timer);
	misc_deregister(&demo_dev);
	printk(KERN_INFO "char24: unregistered\n");	/* expect: char24: unregistered */
}
