/*
 * An LDD3-era driver that maps its pages with a .nopage handler (scullp's
 * shape): modport's nopage rule must leave a .fault handler that builds
 * and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/gfp.h>

static unsigned long nopage_buf;
static int nopage_major;

static struct page *nopage_nopage(struct vm_area_struct *vma,
				  unsigned long address, int *type)
{
	unsigned long offset = address - vma->vm_start;
	struct page *page = NOPAGE_SIGBUS;

	if (offset >= PAGE_SIZE)
		goto out;
	page = virt_to_page(nopage_buf);
	get_page(page);
	if (type)
		*type = VM_FAULT_MINOR;
out:
	return page;
}

static struct vm_operations_struct nopage_vm_ops = {
	.nopage = nopage_nopage,
};

static int nopage_mmap(struct file *filp, struct vm_area_struct *vma)
{
	vma->vm_ops = &nopage_vm_ops;
	vma->vm_flags |= VM_DONTEXPAND;	/* read-only since 6.3 */
	return 0;
}

static struct file_operations nopage_fops = {
	.owner = THIS_MODULE,
	.mmap = nopage_mmap,
};

static int __init nopage_init(void)
{
	nopage_buf = get_zeroed_page(GFP_KERNEL);
	if (!nopage_buf)
		return -ENOMEM;
	nopage_major = register_chrdev(0, "modport-nopage", &nopage_fops);
	if (nopage_major < 0) {
		free_page(nopage_buf);
		return nopage_major;
	}
	printk(KERN_INFO "modport nopage: mapping ready\n");	/* expect: modport nopage: mapping ready */
	return 0;
}

static void __exit nopage_exit(void)
{
	unregister_chrdev(nopage_major, "modport-nopage");
	free_page(nopage_buf);
}

module_init(nopage_init);
module_exit(nopage_exit);
MODULE_LICENSE("GPL");
