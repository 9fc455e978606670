/*
 * page->index, gone from struct page in 6.16 (the folio's now): for a
 * struct page * the file declares (a local, a parameter, a file-scope
 * one) it becomes page_folio(page)->index.  Left alone: ->index of
 * another struct, of an expression that is not a name, and a member
 * called index of the file's own struct.
 */
#include <linux/module.h>
#include <linux/mm.h>

struct demo_page {
	unsigned long index;
};

static struct page *demo_last;

static unsigned long demo_index(struct page *page)
{
	return page->index;
}

static void demo_show(unsigned long pfn, struct demo_page *mine)
{
	struct page *pageptr = pfn_to_page(pfn);
	struct page *pages[2] = { pageptr, demo_last };

	pr_info("index %lu %lu %lu\n", pageptr->index, demo_last->index,
		mine->index);
	pr_info("first %lu\n", pages[0]->index);
}

MODULE_LICENSE("GPL");
