/* The negative control: a debug macro whose other definition compiles its arguments. */
#include <linux/module.h>
#include <scsi/scsi_cmnd.h>

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

static int rx(struct net_device *dev, int left)
{
	return left + dev->quota;
}
