// SPDX-License-Identifier: GPL-2.0
/* Version conditionals in the out-of-tree drivers' manner (written for this test). */
#include <linux/version.h>
#include <linux/module.h>
#include <linux/init.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 0)
#include <linux/wrapper.h>
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,19)
#include <linux/irqreturn.h>
#else
typedef void irqreturn_t;
#endif

#if 0
static int unused;	/* #if 0 is the author's: it stays */
#endif

static int __init compat_init(void)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
	pr_info("compat: timer_delete\n");
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(4, 15, 0)
	pr_info("compat: del_timer\n");
#else
	pr_info("compat: very old\n");
#endif
#ifdef CONFIG_COMPAT_DEMO
#if LINUX_VERSION_CODE < KERNEL_VERSION(3, 0, 0) /* 2.6 */
	pr_info("compat: 2.6\n");
#endif
	pr_info("compat: demo\n");
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && defined(CONFIG_X86)
	pr_info("compat: new x86\n");
#endif
	return 0;
}

static void __exit compat_exit(void)
{
}

module_init(compat_init);
module_exit(compat_exit);
MODULE_LICENSE("GPL");
