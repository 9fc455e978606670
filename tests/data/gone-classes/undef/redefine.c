/* A #define after the #undef defines it again: judged. */
#include <linux/module.h>
#include <linux/random.h>

#undef USE_ENTROPY_DEV
#define USE_ENTROPY_DEV

static void gather(unsigned int v)
{
#ifdef USE_ENTROPY_DEV
	batch_entropy_store(v, v, 64);
#endif
}
