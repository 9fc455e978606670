/* SPDX-License-Identifier: GPL-2.0 */
/* gone.h: what the atlas's rules (gone.c, methods.c) share. */
#ifndef MODPORT_RULES_GONE_H
#define MODPORT_RULES_GONE_H

#include "../engine.h"

/*
 * Is the file not kernel code for x86: a program (it includes the C
 * library's headers), or another architecture's (in its arch/ folder, or
 * including an asm header x86 never had)?  The atlas, mined from x86's
 * headers, would judge it by the wrong kernel.
 */
bool not_x86_kernel(struct porter *pt);

/*
 * Is the name at token i used only where it is defined: in the first
 * branch of an "#ifdef NAME" or "#if defined(NAME)" group around it?
 */
bool ifdef_guarded(const struct porter *pt, size_t i);

#endif
