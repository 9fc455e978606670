#ifndef LINUX_VERSION_H_
#define LINUX_VERSION_H_
/* jool's: RHEL kernels do not define LINUX_VERSION_CODE correctly. */
#include <linux/version.h>
#ifdef RHEL_RELEASE_CODE
#define LINUX_VERSION_AT_LEAST(a, b, c, ra, rb) \
		RHEL_RELEASE_CODE >= RHEL_RELEASE_VERSION(ra, rb)
#else
#define LINUX_VERSION_AT_LEAST(a, b, c, ra, rb) \
		LINUX_VERSION_CODE >= KERNEL_VERSION(a, b, c)
#endif
#endif
