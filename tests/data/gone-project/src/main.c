// SPDX-License-Identifier: GPL-2.0
/* A unit of two files: part.c is #included, its names come from here. */
#include <linux/module.h>
#include <linux/pci.h>
#include "cond.h"

#define pci_find_device(v, d, from) pci_get_device(v, d, from)

#include "part.c"

MODULE_LICENSE("GPL");
