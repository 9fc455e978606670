/* Today's driver of several architectures (no other finding). */
#include <linux/module.h>

#ifdef __sparc__
#include <asm/ebus.h>
#endif

struct board {
	struct display_switch *dispsw;
};
