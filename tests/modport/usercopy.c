/*
 * A 2.6.22-era cache (kmem_cache_create() with its destructor) whose
 * objects a driver copies to and from user space (LDD3's scullc): since
 * 4.16 hardened usercopy kills the copy unless the cache has a usercopy
 * region, so it becomes kmem_cache_create_usercopy() with the whole object
 * as its region.  Left alone: a size that is an expression, and today's
 * five-argument call (tests/modport/usercopy-none.c: a file that copies
 * nothing keeps its cache).
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static int demo_quantum = 4000;
static struct kmem_cache *demo_cache, *demo_pair, *demo_new;

static ssize_t demo_read(char __user *buf, void *q, size_t count)
{
	return copy_to_user(buf, q, count) ? -EFAULT : count;
}

static int demo_init(void)
{
	demo_cache = kmem_cache_create("demo", demo_quantum,
			0, SLAB_HWCACHE_ALIGN, NULL, NULL); /* no ctor/dtor */
	demo_pair = kmem_cache_create("demo2", 2 * demo_quantum, 0, 0, NULL, NULL);
	demo_new = kmem_cache_create("demo3", 64, 0, 0, NULL);
	return demo_cache && demo_pair && demo_new ? 0 : -ENOMEM;
}

MODULE_LICENSE("GPL");
