// SPDX-License-Identifier: GPL-2.0
/* A gone type's name as a macro's argument and after enum: not the type. */
#include <linux/sysctl.h>

#define NAME_OF(x) #x

static const char *name = NAME_OF(ctl_table);
static enum ctl_table *which;

/* sizeof(T) is the type: the negative control */
static int size = sizeof(ctl_table);
