// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control (tests/modport-gone.t): the driver names the new
 * struct by the old tag, as modport's fix of the rename does.
 */
#include <linux/module.h>
#include <linux/version.h>
#include <drm/drm_atomic.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 2, 0)
#define drm_atomic_state drm_atomic_commit
#endif

static void flush(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(state, crtc);

	(void)cs;
}

MODULE_LICENSE("GPL");
