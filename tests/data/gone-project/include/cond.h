/* SPDX-License-Identifier: GPL-2.0 */
#ifndef COND_H
#define COND_H
/* The including kernel's configuration chooses: not the header's break. */
#ifdef CONFIG_OLD_TASK_QUEUES
#include <linux/tqueue.h>
#endif
/* A macro is code where it is used, not where it is defined. */
#define FIND_ONE(v, d) pci_find_device(v, d, NULL)
#endif
