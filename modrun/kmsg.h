/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel log levels: the names printk uses, and the guest's "# log" lines. */
#ifndef MODRUN_KMSG_H
#define MODRUN_KMSG_H

#include <stdbool.h>

#include "ktap.h"

/* "KERN_ALERT" for 1, ..., "KERN_DEBUG" for 7; NULL when out of range. */
const char *kmsg_level_macro(int level);
/* "alert" for 1, as dmesg(1) names it. */
const char *kmsg_level_name(int level);
/* Level of a name: "alert", "KERN_ALERT" or a digit; -1 if unknown. */
int kmsg_level_from_name(const char *name);
/*
 * Parse "<L> [   T] text" (what follows "# log "); the strings point into
 * malloc'd copies owned by rec.  Returns false on a malformed line.
 */
bool kmsg_parse_record(const char *s, struct log_record *rec);

#endif
