// SPDX-License-Identifier: GPL-2.0
/* A header the build makes (not here): its structs are unknown. */
#include <linux/module.h>
#include "generated.skel.h"

static void lock(struct gen_skel *skel)
{
	mutex_lock(&skel->maps->struct_mutex);
}

MODULE_LICENSE("GPL");
