// SPDX-License-Identifier: GPL-2.0
/* #included by main.c, which defines pci_find_device for it. */
static void part(void)
{
	pci_dev_put(pci_find_device(0x8086, 0x1234, NULL));
}
