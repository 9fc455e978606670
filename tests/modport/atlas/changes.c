// SPDX-License-Identifier: GPL-2.0
/* The table of API changes, fixed from its rows (target 6.1..7.3). */
#include <linux/module.h>
#include <linux/modversions.h>
#include <linux/device.h>
#include <linux/pci.h>
#include <linux/crypto.h>
#include <linux/semaphore.h>
#include <linux/string.h>
#include <media/v4l2-fh.h>
#include <asm/unaligned.h>
#include <net/ip.h>

static DEFINE_SEMAPHORE(demo_sem);
static DEFINE_PCI_DEVICE_TABLE(demo_ids) = {
	{ PCI_DEVICE(0x1234, 0x11e8) },
	{ }
};

static int __devinit demo_probe(struct pci_dev *pdev,
				const struct pci_device_id *id)
{
	char name[16];
	void *p = __vmalloc(64, GFP_KERNEL, PAGE_KERNEL);

	strlcpy(name, "demo", sizeof(name));
	if (strlcpy(name, pci_name(pdev), sizeof(name)) >= sizeof(name))
		return -E2BIG;
	vfree(p);
	return get_unaligned_le16(name);
}

static void __devexit demo_remove(struct pci_dev *pdev)
{
}

/* After a case or default label the call is a statement; in ?: it is not. */
static int demo_kind(char *to, int kind, const char *other)
{
	switch (kind) {
	case 1:
		strlcpy(to, "NT",
			8);
		break;
	default:
		strlcpy(to, other, 8);
	}
	return kind ? 0 : strlcpy(to, other, 8);
}

static void *demo_ctx(struct crypto_tfm *tfm, char *label, const char *from)
{
	strncpy(label, from, 8);
	return crypto_tfm_ctx(tfm);
}

/*
 * v4l2_fh_add() and _del() take the file since 6.18: the one the method
 * was given; a helper that has no struct file * keeps its call, named.
 */
static int demo_open(struct file *filp)
{
	struct v4l2_fh *fh = filp->private_data;

	v4l2_fh_add(fh);
	return 0;
}

static int demo_release(struct inode *inode, struct file *f)
{
	v4l2_fh_del(f->private_data);
	return 0;
}

static void demo_drop(struct v4l2_fh *fh)
{
	v4l2_fh_del(fh);
}

/* no longer exported: its body, each argument once; the 64-bit one stays */
static unsigned long demo_sum(void __percpu *mib, int *field)
{
	return snmp_fold_field(mib, (*field)++) +
	       snmp_fold_field64(mib, 0, 0);
}

static struct pci_driver demo_driver = {
	.name = "demo",
	.id_table = demo_ids,
	.probe = demo_probe,
	.remove = __devexit_p(demo_remove),
};

MODULE_IMPORT_NS(DMA_BUF);
MODULE_SUPPORTED_DEVICE("demo");
MODULE_LICENSE("GPL");
