/* A 2.6.22-era cache in a file that copies nothing to user space: only
 * the destructor goes (tests/modport/usercopy.c). */
#include <linux/module.h>
#include <linux/slab.h>

static struct kmem_cache *demo_cache;

static int demo_init(void)
{
	demo_cache = kmem_cache_create("demo", 128, 0, 0, NULL, NULL);
	return demo_cache ? 0 : -ENOMEM;
}

MODULE_LICENSE("GPL");
