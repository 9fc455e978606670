/* The negative control: the same include outside the branch; a header kbuild never generates. */
#include <linux/module.h>
#include <asm/rtc.h>
#include <asm/tce.h>
