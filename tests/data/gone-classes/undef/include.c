/* An #include after the #undef may define it again: judged. */
#include <linux/module.h>

#undef USE_ENTROPY_DEV
#include <linux/random.h>

static void gather(unsigned int v)
{
#ifdef USE_ENTROPY_DEV
	batch_entropy_store(v, v, 64);
#endif
}
