/* A call under #ifdef of its own name, which x86 declares as a function only (6.1): dead there. */
#include <linux/module.h>
#include <linux/elf.h>

static void start(struct pt_regs *regs, u32 ip, u32 sp)
{
#ifdef compat_start_thread
	compat_start_thread(regs, ip, sp);
#endif
}
