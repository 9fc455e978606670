/* An #undef under a condition is no choice of the file's: judged. */
#include <linux/module.h>
#include <linux/random.h>

#ifdef CONFIG_SOMETHING
#undef USE_ENTROPY_DEV
#endif

static void gather(unsigned int v)
{
#ifdef USE_ENTROPY_DEV
	batch_entropy_store(v, v, 64);
#endif
}
