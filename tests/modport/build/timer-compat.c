/*
 * A 6.1-era module that stops its timer with del_timer_sync(): gone since
 * 6.15.  Ported for the default target (6.1..7.3), it calls
 * timer_delete_sync() (6.2) with a compat #define for 6.1, and must build
 * and load on both ends.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/timer.h>

static struct timer_list compat_timer;

static void compat_fire(struct timer_list *t)
{
}

static int __init compat_init(void)
{
	timer_setup(&compat_timer, compat_fire, 0);
	mod_timer(&compat_timer, jiffies + 60 * HZ);
	printk(KERN_INFO "modport timer: armed\n");	/* expect: modport timer: armed */
	return 0;
}

static void __exit compat_exit(void)
{
	del_timer_sync(&compat_timer);
}

module_init(compat_init);
module_exit(compat_exit);
MODULE_LICENSE("GPL");
