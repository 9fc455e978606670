// SPDX-License-Identifier: GPL-2.0
/*
 * A member whose struct the file does not declare (tests/modport-gone.t):
 * plane->dev is a struct drm_device, which lost struct_mutex in 7.3, and no
 * struct of 7.3 has one.  Checked with its project, include/locks.h
 * declares one: it may be that.
 */
#include <linux/module.h>
#include <drm/drm_plane.h>
#include <drm/drm_device.h>

static void lock(struct drm_plane *plane)
{
	mutex_lock(&plane->dev->struct_mutex);
}

/* a member that structs of every kernel still have: never reported */
static struct device *dev_of(struct drm_plane *plane)
{
	lock(plane);
	return plane->dev->dev;
}

MODULE_LICENSE("GPL");
