/*
 * api-removed, the negative control of restart.c: code of today's form
 * (built in: the reboot path, arch code) calls machine_restart() rightly,
 * so a file that shows no age is left alone.
 */
#include <linux/reboot.h>

void demo_reboot(char *cmd)
{
	machine_restart(cmd);
}
