// SPDX-License-Identifier: GPL-2.0
/* A program of the tree (its local header includes the C library's). */
#include "prog.h"

int main(void)
{
	time_t now = time(NULL);

	return now == 0;
}
