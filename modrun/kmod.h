/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own modules, for its request_module() calls in the guest:
 * the module folder (DIR/modules, with modules.dep, modules.alias, ...)
 * shared read-only with the guest over 9p, and the modules the guest
 * needs to mount that share (9p, 9pnet_virtio and, where they are modules,
 * virtio_pci and what they need), packed into the initramfs as the kernel
 * ships them: a compressed module is decompressed by the guest's kernel.
 * The guest's /init serves the requests (modrun/init/modprobe.h); nothing
 * of it runs unless the kernel asks for a module.
 */
#ifndef MODRUN_KMOD_H
#define MODRUN_KMOD_H

#include <stddef.h>

struct kmod_file {
	char *name;		/* "9pnet_virtio" */
	char *guest;		/* "modrun/kmod/3.ko.xz" */
	void *data;
	size_t size;
};

struct kmod_share {
	char *dir;		/* the module folder, resolved; NULL: none */
	struct kmod_file *files;	/* in load order */
	int n;
	char *list;		/* "NAME /GUEST\n"..., /modrun/kmod/list */
};

/*
 * Prepare the share of modules_dir; a kernel without its modules, or
 * whose modules.dep lacks 9p, gets none (ks->dir NULL: every request is
 * then answered "not in the guest").  Returns 0, or -errno when a module
 * of the chain cannot be read.
 */
int kmod_share_open(struct kmod_share *ks, const char *modules_dir);
void kmod_share_free(struct kmod_share *ks);

#endif
