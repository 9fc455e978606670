// SPDX-License-Identifier: GPL-2.0
/*
 * 7.2 renamed the DRM atomic state: struct drm_atomic_state is struct
 * drm_atomic_commit, drm_atomic_state_alloc() drm_atomic_commit_alloc()...
 * The default target straddles 7.2: the new names are written and a
 * compat #define after the includes keeps the old ones for the older
 * kernels (evdi).  A member named drm_atomic_state is not the type.
 */
#include <drm/drm_atomic.h>
#include <drm/drm_crtc.h>

struct holder {
	int drm_atomic_state;
};

static void flush(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct drm_crtc_state *s = drm_atomic_get_new_crtc_state(state, crtc);

	(void)s;
}

static int commit_once(struct drm_device *dev, struct holder *h)
{
	struct drm_atomic_state *state = drm_atomic_state_alloc(dev);

	if (!state)
		return -ENOMEM;
	drm_atomic_state_clear(state);
	drm_atomic_state_put(state);
	return h->drm_atomic_state;
}
