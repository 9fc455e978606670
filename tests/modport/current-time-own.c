/*
 * Negative controls of current-time: a struct of the file's own with an
 * i_mtime (the CURRENT_TIME given to it is named, not taken for an
 * inode's), and a file that defines CURRENT_TIME itself (left alone).
 */
#include <linux/module.h>

struct stamp { long i_mtime; };

static struct stamp s;

static int __init demo_init(void)
{
	struct stamp *p = &s;

	p->i_mtime = CURRENT_TIME;
	return 0;
}

static void __exit demo_exit(void)
{
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
