/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run restores a booted kernel instead of booting it.  The first run for
 * a machine (kernel, QEMU, /init, and QEMU's whole command line: memory,
 * devices, kernel command line, accel) boots a VM whose /init has no plan:
 * it waits on the channel (channel.h), and QEMU saves the VM's state there
 * into KERNEL_DIR/snapshots (statedir.h), under a lock, aside and renamed.
 * Every run then starts QEMU from that state, puts the initramfs a boot
 * would have had into the channel, and lets the guest go on: the same
 * report, read the same way.  A state that cannot be made or loaded is a
 * boot, said in one line.
 */
#ifndef MODRUN_SNAPSHOT_H
#define MODRUN_SNAPSHOT_H

#include <stdint.h>

#include "qemu.h"

struct snapshot {
	char dir[4096];		/* KERNEL_DIR/snapshots */
	const char *release;
	uint64_t image_hash, qemu_hash, init_hash;
	char note[1024];	/* what the run should say about it, or "" */
};

/*
 * Ready sn for qc's kernel image; 0, or -errno when states cannot be kept
 * there (the note says why: runs boot).
 */
int snapshot_init(struct snapshot *sn, const char *kernel_dir,
		  const char *release, const struct qemu_config *qc);

/*
 * qemu_run() for cfg: restored from its machine's state when
 * cfg->snapshot is set (the state is made first when there is none), else
 * booted.  res->wall counts making the state, and a state that would not
 * load.
 */
int snapshot_run(const struct qemu_config *cfg, qemu_line_fn fn, void *ctx,
		 struct qemu_result *res);

#endif
