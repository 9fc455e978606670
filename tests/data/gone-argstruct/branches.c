// SPDX-License-Identifier: GPL-2.0
/*
 * Negative controls (tests/modport-gone.t): the declaration the call sees
 * is in an #else whose #if declares the variable otherwise; a
 * declaration in the first branch of a version test that 7.3 compiles is
 * judged (the call after it is reported).
 */
#include <linux/module.h>
#include <linux/version.h>
#include <drm/drm_atomic.h>

static void flush(struct drm_crtc *crtc,
#ifdef HAVE_DRM_ATOMIC_COMMIT
		  struct drm_atomic_commit *state
#else
		  struct drm_atomic_state *state
#endif
		  )
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(state, crtc);

	(void)cs;
}

static void flush_v(struct drm_crtc *crtc
#if KERNEL_VERSION(5, 11, 0) <= LINUX_VERSION_CODE
	, struct drm_atomic_state *st
#else
	, struct drm_crtc_state *old
#endif
	)
{
#if KERNEL_VERSION(5, 11, 0) <= LINUX_VERSION_CODE
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(st, crtc);
#else
	struct drm_crtc_state *cs = crtc->state;
#endif

	(void)cs;
}

/* a version branch 7.3 does not compile */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 2, 0)
static void flush_old(struct drm_crtc *crtc, struct drm_atomic_state *old)
{
	(void)drm_atomic_get_new_crtc_state(old, crtc);
}
#endif

MODULE_LICENSE("GPL");
