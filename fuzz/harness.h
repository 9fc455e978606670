/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each fuzzing harness offers fuzz/harness.c's main(): one input,
 * whole, in memory.  Its output goes to fuzz_devnull.
 */
#ifndef FUZZ_HARNESS_H
#define FUZZ_HARNESS_H

#include <stddef.h>
#include <stdio.h>

extern FILE *fuzz_devnull;

void fuzz_one(const unsigned char *data, size_t len);

#endif
