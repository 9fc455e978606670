/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest's modprobe: /init, run by the kernel as its usermode helper
 * (/proc/sys/kernel/modprobe is /modrun/modprobe, a link to /init) for
 * request_module().  It serves the request from the kernel's own module
 * tree, shared read-only by the host over 9p and mounted at
 * /lib/modules/RELEASE on first use, and says what it did in the kernel
 * log ("modrun-kmod: ..."), which /init reports.
 */
#ifndef MODRUN_INIT_MODPROBE_H
#define MODRUN_INIT_MODPROBE_H

#define MODPROBE_PATH "/modrun/modprobe"
/* A command's modprobe (--exec), where busybox puts its own. */
#define MODPROBE_USER_PATH "/sbin/modprobe"
/* What the host packs: "NAME FILE" lines, in load order (9p and its needs). */
#define MODPROBE_SHARE_LIST "/modrun/kmod/list"
#define MODPROBE_MOUNT_TAG "modrun-kmod"
#define MODPROBE_LOG_PREFIX "modrun-kmod: "

/* Point the kernel's usermode modprobe at /init (PID 1, at start). */
void modprobe_install(void);

/*
 * /init run as modprobe: the kernel's "modprobe -q -- NAME", and a
 * command's (--exec: /sbin/modprobe is /init too) "modprobe NAME
 * [KEY=VALUE...]", "modprobe -a NAME...", "modprobe -r NAME...".  0 when
 * every NAME loaded (or went).
 */
int modprobe_main(int argc, char **argv);

#endif
