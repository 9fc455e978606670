/*
 * The negative control: the file defines DEBUG_MASK, so the first
 * branch's dprintkdbg, which compiles its arguments, is the live one.
 */
#include <linux/module.h>
#include <scsi/scsi_cmnd.h>

#define DEBUG_MASK 1
#ifdef DEBUG_MASK
#define dprintkdbg(type, format, arg...) \
	do { \
		if ((type) & (DEBUG_MASK)) \
			printk(KERN_DEBUG format, ## arg); \
	} while (0)
#else
#define dprintkdbg(type, format, arg...) \
	do {} while (0)
#endif

static void build_srb(struct scsi_cmnd *cmd)
{
	dprintkdbg(0, "len=%d\n", cmd->bufflen);
}
