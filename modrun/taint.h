/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Taint flags: /proc/sys/kernel/tainted (a bit mask) and the letters of
 * /sys/module/NAME/taint, as Documentation/admin-guide/tainted-kernels.rst
 * lists them.
 */
#ifndef MODRUN_TAINT_H
#define MODRUN_TAINT_H

#include <stdbool.h>
#include <stddef.h>

#define TAINT_NR_FLAGS 20

/* Letter of bit @bit ('P' for 0, ...); 0 when unknown. */
char taint_letter(int bit);
/* Bit of a letter, -1 when unknown. */
int taint_bit(char letter);
/* Short meaning: "proprietary module", "out-of-tree module", ... */
const char *taint_meaning(char letter);
/* Letters of a mask, in bit order, into buf: "OE".  Returns buf. */
char *taint_letters(unsigned long long mask, char *buf, size_t size);
/* Mask of a string of letters; -1 if a letter is unknown. */
long long taint_mask(const char *letters);
/*
 * A sentence for a user: "O E - out-of-tree module, unsigned module; no P:
 * the license is GPL-compatible".
 */
void taint_explain(const char *letters, char *buf, size_t size);

#endif
