/* A directive's name spelt across a backslash-newline is that name. */
#include <linux/module.h>
#include <linux/random.h>

#un\
def USE_ENTROPY_DEV

static void gather(unsigned int v)
{
#if\
def USE_ENTROPY_DEV
	batch_entropy_store(v, v, 64);
#endif
}
