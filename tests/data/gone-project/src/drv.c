// SPDX-License-Identifier: GPL-2.0
/* gone's judgment of a driver's own code (tests/modport-gone.t). */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/acpi.h>
#include <sound/soc.h>
#include "drv.h"

/* The project's own header defines it: not the kernel's, never gone. */
static int reg(struct x86_instruction_info *info)
{
	return info->modrm_reg;
}

/* dev->dev.kobj: the kobj of a struct device, not of the acpi_device. */
static void *kobj_of(struct acpi_device *dev)
{
	return &dev->dev.kobj;
}

static const char *stream(struct snd_soc_dai *dai)
{
	return dai->name;
}

/* "struct snd_soc_dai_driver *cpus, *dai": not the dai above. */
static void fill(struct snd_soc_dai_driver *cpus)
{
	struct snd_soc_dai_driver *first, *dai;

	first = dai = cpus;
	dai->playback.stream_name = "Tx";
	(void)first;
}

/* Two uses of a gone function: one finding, at the first. */
static void find(void)
{
	struct pci_dev *a = pci_find_device(0x8086, 0x1234, NULL);
	struct pci_dev *b = pci_find_device(0x8086, 0x5678, NULL);

	pci_dev_put(a);
	pci_dev_put(b);
}

MODULE_LICENSE("GPL");
