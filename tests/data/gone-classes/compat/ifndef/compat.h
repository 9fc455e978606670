/* dahdi's include/dahdi/kernel.h: a definition for the kernels that lack the macro. */
#ifndef DEFINE_SEMAPHORE
#define DEFINE_SEMAPHORE(name) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)
#endif
