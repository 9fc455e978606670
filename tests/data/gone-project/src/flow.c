// SPDX-License-Identifier: GPL-2.0
/* A member that a macro of the kernel spells (jool's 7.3 break). */
#include <net/flow.h>

static void tos(struct flowi4 *flow4, unsigned char tos)
{
	flow4->flowi4_tos = tos;
}
