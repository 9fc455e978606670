/* #undef X outside any #if: a later #ifdef X is dead, as #if 0 is. */
#include <linux/module.h>
#include <linux/random.h>

#undef USE_ENTROPY_DEV		/* don't test for entropy device */

static void gather(unsigned int v)
{
#ifdef USE_ENTROPY_DEV
	batch_entropy_store(v, v, 64);
#endif
}
