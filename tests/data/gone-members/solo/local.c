// SPDX-License-Identifier: GPL-2.0
/* An untagged union of the function's own: its members are its own. */
#include <linux/module.h>
#include <linux/mutex.h>

static size_t size(void)
{
	union {
		struct {
			int x;
		} rx;
		struct mutex struct_mutex;
	} buf;

	return sizeof(buf.struct_mutex);
}

MODULE_LICENSE("GPL");
