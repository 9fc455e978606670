/* Both forms, one per branch: the file is written for both kernels. */
#include <linux/module.h>
#include <linux/uaccess.h>

static int check(void __user *p, unsigned long n)
{
#ifdef _HAS_TYPE_ARG_IN_ACCESS_OK
	if (!access_ok(VERIFY_WRITE, p, n))
#else
	if (!access_ok(p, n))
#endif
		return -EFAULT;
	return 0;
}
