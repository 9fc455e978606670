/*
 * A driver that prints a page's index (LDD3's simple, in its nopage
 * method): struct page has no index since 6.16, and the page-index rule
 * reads the folio's.  A page fresh from alloc_page() has index 0.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/gfp.h>

static int __init page_index_init(void)
{
	struct page *pageptr = alloc_page(GFP_KERNEL);

	if (!pageptr)
		return -ENOMEM;
	printk(KERN_INFO "modport page-index: %lu\n", pageptr->index);	/* expect: modport page-index: 0 */
	__free_page(pageptr);
	return 0;
}

static void __exit page_index_exit(void)
{
}

module_init(page_index_init);
module_exit(page_index_exit);
MODULE_LICENSE("GPL");
