# The one --exec of bench/ldd3.sh (busybox sh in the guest): the behaviour
# test of the module loaded, if it has one (ldd3-NAME.sh).
for m in scull scullc scullp scullv jit jiq sleepy complete seq silly faulty pci_skel short shortprint snull simple; do
	[ -d /sys/module/$m ] && exec sh /ldd3-$m.sh
done
echo "no behaviour test for this module"
