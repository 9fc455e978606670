/* SPDX-License-Identifier: GPL-2.0 */
/* Found on the build's include path (ccflags-y += -I$(src)/include). */
#ifndef DRV_H
#define DRV_H
struct x86_instruction_info {
	unsigned char modrm_reg;
};
#endif
