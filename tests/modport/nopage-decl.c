/*
 * A .nopage handler that a local header declares for other files: its
 * signature cannot change here alone, so it is reported.
 */
#include <linux/module.h>
#include <linux/mm.h>
#include "nopage-decl.h"

struct page *decl_nopage(struct vm_area_struct *vma, unsigned long address,
			 int *type)
{
	return NOPAGE_SIGBUS;
}

static struct vm_operations_struct decl_vm_ops = {
	.nopage = decl_nopage,
};

MODULE_LICENSE("GPL");
