/* ERROR() is defined four local headers down: the compiler follows the chain. */
#include "one.h"

static int f(void)
{
	return ERROR(dstSize_tooSmall);
}
