/* The old form in both branches: the target's build takes one of them. */
#include <linux/module.h>
#include <linux/uaccess.h>

static int check(void __user *p, unsigned long n)
{
#ifdef _HAS_TYPE_ARG_IN_ACCESS_OK
	if (!access_ok(VERIFY_WRITE, p, n))
#else
	if (!access_ok(VERIFY_READ, p, n))
#endif
		return -EFAULT;
	return 0;
}
