/* Negative control: the PowerPC call in a branch for PowerPC only. */
#include <linux/kernel.h>

static int panel_model(void)
{
#ifdef CONFIG_PPC
	if (!find_path_device("/"))
		return 0;
#endif
	return 1;
}
