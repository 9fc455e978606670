/*
 * Arguments that the file's own macros drop are never compiled: no rule's
 * finding there (iosapic.c's DBG_IRT after #undef, dc395x.c's dprintkdbg
 * whose DEBUG_MASK nothing defines, sis190.c's rx_quota).
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/netdevice.h>
#include <scsi/scsi_cmnd.h>

#undef DEBUG_IRT

#ifdef DEBUG_IRT
#define DBG_IRT(x...) printk(x)
#else
#define DBG_IRT(x...)
#endif

/*#define DEBUG_MASK 1*/
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

#if !defined(dprintk)
#define dprintk(x)
#endif

#define rx_quota(count, quota)	count

static void xlate(struct pci_dev *pcidev)
{
	DBG_IRT("xlate(%s)\n", pcidev->slot_name);
}

static void build_srb(struct scsi_cmnd *cmd)
{
	dprintkdbg(0, "len=%d\n", cmd->bufflen);
	dprintk(("len=%d\n", cmd->bufflen));
}

static int rx(struct net_device *dev, int left)
{
	return rx_quota(left, (u32) dev->quota);
}
