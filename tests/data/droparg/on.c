/*
 * The negative control: the same uses outside the macros are compiled.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/netdevice.h>
#include <scsi/scsi_cmnd.h>

static const char *xlate(struct pci_dev *pcidev)
{
	return pcidev->slot_name;
}

static int build_srb(struct scsi_cmnd *cmd)
{
	return cmd->bufflen;
}

static int rx(struct net_device *dev, int left)
{
	return left + (u32) dev->quota;
}
