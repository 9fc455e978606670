# pci_skel in the guest (busybox sh): the driver is registered with the PCI
# core (this machine has no device with its IDs, so no probe runs).
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
[ -d /sys/bus/pci/drivers/pci_skel ] || fail "no /sys/bus/pci/drivers/pci_skel"
echo "pci_skel: registered with the PCI core, no device bound"
