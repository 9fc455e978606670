#include <linux/module.h>

/* MODULE_PARM whose type string runs over lines (GCC 2): found by make fuzz */
static int scalar;
MODULE_PARM(scalar, "1
-2i");
MODULE_LICENSE("GPL");
