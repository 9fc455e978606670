// SPDX-License-Identifier: GPL-2.0
/* Another architecture's driver: x86 never had <asm/paca.h>. */
#include <linux/pci.h>
#include <asm/paca.h>

static void find(void)
{
	pci_dev_put(pci_find_device(0x8086, 0x1234, NULL));
}
