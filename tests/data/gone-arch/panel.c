/*
 * A PowerPC front panel: nothing in it tells its age, but it calls
 * find_path_device(), which only PowerPC's <asm/prom.h> declared.
 */
#include <linux/kernel.h>
#include <linux/init.h>

static int panel_model(void)
{
	struct device_node *root = find_path_device("/");

	return root != NULL;
}
