/*
 * The table of API changes on a 6.1-era module that builds on 6.1 and
 * fails on 7.3: strncpy() is gone, and vmalloc()'s header is no longer
 * brought in by the others.  modport's rows (strncpy -> strscpy_pad, an
 * #include <linux/vmalloc.h>) must leave a module that builds and loads
 * on both.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

static char *area;

static int __init apirows_init(void)
{
	char label[8];

	area = vmalloc(64);
	if (!area)
		return -ENOMEM;
	strncpy(label, "abc", sizeof(label));
	/* expect: apirows: copied 'abc' into 8 bytes */
	pr_info("apirows: copied '%s' into %zu bytes\n", label, sizeof(label));
	return 0;
}

static void __exit apirows_exit(void)
{
	vfree(area);
	pr_info("apirows: done\n");	/* expect: apirows: done */
}

module_init(apirows_init);
module_exit(apirows_exit);
MODULE_LICENSE("GPL");
