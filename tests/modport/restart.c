/*
 * api-removed, machine_restart() (not exported to modules since 2.6.18):
 * a 2.4 watchdog that reboots when it fires (softdog, eurotechwdt) calls
 * emergency_restart(), as 2.6.13 converted them.  restart-builtin.c is
 * the negative control.
 */
#include <linux/module.h>
#include <linux/reboot.h>

static void watchdog_fire(unsigned long data)
{
	MOD_DEC_USE_COUNT;
	machine_restart(NULL);
}
