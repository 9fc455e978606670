/*
 * vm_operations' .nopage (gone in 2.6.26): the handlers of LDD3's scullp
 * (a page that may be missing) and simple (a page from pfn_to_page()), and
 * 2.4's (int write_access), become .fault handlers; a handler whose fault
 * type is read, or whose return is the bare body of an if, is reported.
 */
#include <linux/module.h>
#include <linux/mm.h>

struct dev {
	void **data;
	unsigned long size;
};

struct page *scull_nopage(struct vm_area_struct *vma,
			  unsigned long address, int *type)
{
	struct dev *dev = vma->vm_private_data;
	struct page *page = NOPAGE_SIGBUS;
	unsigned long offset = address - vma->vm_start;

	if (offset >= dev->size)
		goto out;
	page = virt_to_page(dev->data[offset >> PAGE_SHIFT]);
	get_page(page);
	if (type)
		*type = VM_FAULT_MINOR;
out:
	return page;
}

static struct vm_operations_struct scull_vm_ops = {
	.nopage = scull_nopage,
};

static struct page *simple_nopage(struct vm_area_struct *vma,
				  unsigned long address, int *type)
{
	unsigned long pfn = (address - vma->vm_start) >> PAGE_SHIFT;
	struct page *pageptr;

	if (!pfn_valid(pfn))
		return NOPAGE_SIGBUS;
	pageptr = pfn_to_page(pfn);
	get_page(pageptr);
	if (type)
		*type = VM_FAULT_MINOR;
	return pageptr;
}

static struct vm_operations_struct simple_vm_ops = {
	.nopage = simple_nopage,
};

/* 2.4: the third argument said whether the access wrote. */
static struct page *old_nopage(struct vm_area_struct *vma,
			       unsigned long address, int write_access)
{
	if (!vma->vm_private_data)
		return NOPAGE_OOM;
	return virt_to_page(vma->vm_private_data);
}

static struct vm_operations_struct old_vm_ops = {
	nopage: old_nopage,
};

/* The fault type is read: a person decides. */
static struct page *typed_nopage(struct vm_area_struct *vma,
				 unsigned long address, int *type)
{
	if (type && *type)
		return virt_to_page(vma->vm_private_data);
	return NOPAGE_SIGBUS;
}

static struct vm_operations_struct typed_vm_ops = {
	.nopage = typed_nopage,
};

MODULE_LICENSE("GPL");
