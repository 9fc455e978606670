// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's headers come through a local header (jool's layout): a
 * compat block must follow every include, or its #define renames what the
 * kernel's header declares (Debian's 6.1 has timer_delete_sync() too).
 */
#include "shim-local.h"

static void stop(struct timer_list *t)
{
	del_timer_sync(t);
}
