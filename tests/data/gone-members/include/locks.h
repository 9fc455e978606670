/* SPDX-License-Identifier: GPL-2.0 */
/* The project's own struct, on its include path, that no file includes by name here. */
#ifndef LOCKS_H
#define LOCKS_H
#include <linux/mutex.h>

struct drv_locks {
	struct mutex struct_mutex;
};
#endif
