/* MODULE_PARMs that cannot be mapped: reported, left as they are. */
#include <linux/module.h>
#include <linux/moduleparam.h>

static long wrong;
static int arr[4];
static int scalar;
struct cfg { int x; } cfg;

MODULE_PARM(wrong, "i");	/* letter and type disagree */
MODULE_PARM(arr, "i");		/* array without a range */
MODULE_PARM(scalar, "1-2i");	/* range on a scalar */
MODULE_PARM(nowhere, "i");	/* declared elsewhere */
MODULE_PARM(cfg, "i");		/* a struct */
#define PARM(x) MODULE_PARM(x, "i")
static int ok;
MODULE_PARM(ok, "i");
MODULE_PARM(wrong, "1-2l");
