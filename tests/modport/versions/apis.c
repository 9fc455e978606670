// SPDX-License-Identifier: GPL-2.0
/* The 2.6-era interfaces of LDD3's examples (written for this test). */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/interrupt.h>
#include <linux/utsname.h>
#include <linux/usb.h>
#include <asm/system.h>		/* cli(), *_flags */
#include <asm/semaphore.h>
#include <linux/genhd.h>
#include <linux/smp_lock.h>
#include <asm/uaccess.h>

static spinlock_t demo_lock = SPIN_LOCK_UNLOCKED;
static DECLARE_MUTEX(demo_sem);
static kmem_cache_t *demo_cache;
static struct class *demo_class;
static struct timer_list demo_timer;
static uid_t demo_owner;

struct demo_dev {
	struct semaphore sem;
	void *regs;
};

static int demo_open(struct inode *inode, struct file *filp)
{
	struct demo_dev *dev = filp->f_dentry->d_inode->i_private;

	if (demo_owner != current->uid && demo_owner != current->euid)
		return -EBUSY;
	demo_owner = current->uid;
	init_MUTEX(&dev->sem);
	init_MUTEX_LOCKED(&demo_sem);
	return 0;
}

static long demo_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	if (!access_ok(VERIFY_WRITE, (void __user *)arg, _IOC_SIZE(cmd)))
		return -EFAULT;
	pr_info("demo on %s\n", system_utsname.machine);
	return 0;
}

static int demo_mmap(struct file *filp, struct vm_area_struct *vma)
{
	vma->vm_flags |= VM_RESERVED;
	vma->vm_flags &= ~VM_PFNMAP;
	return 0;
}

static irqreturn_t demo_irq(int irq, void *dev_id)
{
	return IRQ_HANDLED;
}

static struct file_operations demo_fops = {
	.owner =	THIS_MODULE,
	.llseek =	no_llseek,
	.open =		demo_open,
	.unlocked_ioctl = demo_ioctl,
	.mmap =		demo_mmap,
};

static int __init demo_init(void)
{
	struct demo_dev *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	char *buf;

	dev->regs = ioremap_nocache(0xfed00000, 0x400);
	demo_cache = kmem_cache_create("demo", 64, 0, SLAB_HWCACHE_ALIGN, NULL, NULL);
	demo_class = class_create(THIS_MODULE, "demo");
	if (request_irq(5, demo_irq, SA_SHIRQ | SA_INTERRUPT, "demo", dev))
		err("demo: no irq %d", 5);
	if (request_irq(6, demo_irq, SA_INTERRUPT, "demo", dev))
		info("demo: no irq %d either", 6);
	buf = usb_buffer_alloc(NULL, 64, GFP_KERNEL, NULL);
	usb_buffer_free(NULL, 64, buf, 0);
	create_proc_entry("demo", 0, NULL);
	return register_chrdev(0, "demo", &demo_fops) < 0;
}

static void __exit demo_exit(void)
{
	del_timer_sync(&demo_timer);
	del_timer(&demo_timer);
	kmem_cache_destroy(demo_cache);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
