/* A test program: <test_progs.h>, on its build's -I, includes the C library's. */
#include <test_progs.h>

void test_align(void)
{
	time_t now = time(NULL);

	(void)now;
}
