/* The .nopage handler of nopage-decl.c, declared for other files. */
struct page *decl_nopage(struct vm_area_struct *vma, unsigned long address,
			 int *type);
