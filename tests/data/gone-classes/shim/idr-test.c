/* A test program built with -I. against a shim of <linux/kernel.h> that includes <stdio.h>. */
#include <linux/kernel.h>

static void *throbber(void *arg)
{
	time_t start = time(NULL);

	return arg;
}
