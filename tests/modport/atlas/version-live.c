// SPDX-License-Identifier: GPL-2.0
/*
 * Code under #if LINUX_VERSION_CODE is the version-conditional rule's,
 * unless the branch is the one a kernel of the target compiles: there a
 * call of the wrong arity breaks the build as anywhere (dm-writeboost's
 * DM_IO(): 6.9's dm_io() took an ioprio, 7.3's takes sync_unsup_bits
 * too).  A release is read as its latest stable kernel (x.y.255): the
 * #else is what 6.1 compiles, and Debian's 6.1 (6.1.192, whose headers
 * the atlas read) has 6.9's ioprio already.
 * Negative controls: the branch for kernels the target does not reach,
 * a branch modport cannot evaluate.
 */
#include <linux/version.h>
#include <linux/dm-io.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 2)
#define DM_IO(a, b, c, d) dm_io(a, b, c, d, 0)
#else
#define DM_IO(a, b, c, d) dm_io(a, b, c, d)
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 0, 0)
#define OLD_IO(a, b, c, d) dm_io(a, b, c, d)
#elif defined(SOMETHING) && LINUX_VERSION_CODE < SOME_VERSION
#define ODD_IO(a, b, c, d) dm_io(a, b, c, d)
#endif

int io(struct dm_io_request *r, struct dm_io_region *g, unsigned long *e)
{
	return DM_IO(r, 1, g, e);
}
