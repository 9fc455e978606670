/* <drv_types.h> has no folder: the build's -I$(src)/include finds the project's. */
#include <linux/module.h>
#include <drv_types.h>

static int snap(unsigned char *p)
{
	struct ieee80211_snap_hdr *psnap = (struct ieee80211_snap_hdr *)p;

	return psnap->dsap;
}
