/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The channel of a restored run, shared by the host and the guest's /init
 * (which has no other header of modrun's): a shared memory PCI device
 * (QEMU's ivshmem-plain, vendor 1af4, device 1110) whose BAR 2 is a memory
 * file the host fills before the guest runs.  At its start a header, then
 * at CHANNEL_DATA the initramfs a booted run would have had ("newc" cpio,
 * uncompressed), which /init unpacks into its root before following
 * /modrun/plan as a booted /init does.
 *
 * The guest waits for the magic; the host writes it once all is there.
 */
#ifndef MODRUN_CHANNEL_H
#define MODRUN_CHANNEL_H

#include <stdint.h>

#define CHANNEL_MAGIC "modrun-plan v1"	/* 15 bytes with its NUL */
#define CHANNEL_SIZE (128u << 20)	/* the device's memory: part of the
					   machine, fixed */
#define CHANNEL_DATA 4096u		/* where the initramfs begins */
#define CHANNEL_VENDOR 0x1af4
#define CHANNEL_DEVICE 0x1110
#define CHANNEL_ENTROPY 64

struct channel_header {
	char magic[16];
	uint64_t size;			/* of the initramfs */
	int64_t sec, nsec;		/* the host's CLOCK_REALTIME */
	unsigned char entropy[CHANNEL_ENTROPY];	/* for the guest's RNG */
};

#endif
