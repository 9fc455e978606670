// SPDX-License-Identifier: GPL-2.0
/*
 * A variable of a struct the kernel renamed, passed where the kernel's
 * function now takes the new struct (tests/modport-gone.t): struct
 * drm_atomic_state is struct drm_atomic_commit since 7.2, and
 * drm_atomic_get_new_crtc_state() takes the new one (the atlas's F line).
 * Trixie's evdi 1.14.8 stops there on 7.3.
 */
#include <linux/module.h>
#include <drm/drm_atomic.h>

static void flush(struct drm_crtc *crtc, struct drm_atomic_state *state)
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(state, crtc);

	(void)cs;
}

/*
 * negative controls: the new struct, the driver's own function, a member
 * (its type is not read), a cast
 */
static void own(struct drm_atomic_state *state)
{
	(void)state;
}

struct holder {
	struct drm_atomic_state *state;
};

static void flush_new(struct drm_crtc *crtc, struct drm_atomic_commit *commit,
		      struct drm_atomic_state *state, struct holder *h)
{
	struct drm_crtc_state *cs = drm_atomic_get_new_crtc_state(commit, crtc);

	own(state);
	cs = drm_atomic_get_new_crtc_state(h->state, crtc);
	cs = drm_atomic_get_new_crtc_state((void *)state, crtc);
	(void)cs;
}

MODULE_LICENSE("GPL");
