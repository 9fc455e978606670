// SPDX-License-Identifier: GPL-2.0
#include "initblob.h"

#ifndef INIT_PATH
#error "INIT_PATH must name the static /init binary"
#endif

__asm__(".section .rodata\n"
	".balign 16\n"
	".globl init_blob\n"
	"init_blob:\n"
	".incbin \"" INIT_PATH "\"\n"
	".globl init_blob_end\n"
	"init_blob_end:\n"
	".previous\n");
