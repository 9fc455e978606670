# shortprint in the guest (busybox sh), with QEMU's parallel port at 0x378,
# IRQ 7 (bench/ldd3-qemu adds it): text written to /dev/shortprint is fed
# to the port by the work item, byte by byte with a strobe pulse, and each
# byte the port takes is ACKed with an interrupt; the write returns and the
# interrupts count up.
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "shortprint" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no shortprint in /proc/devices"
mknod /dev/shortprint c "$major" 0 || fail mknod
irqs() { awk '$1 == "7:" { print $2 }' /proc/interrupts; }
before=$(irqs)
echo "hello, printer" >/dev/shortprint || fail "write"
sleep 2
after=$(irqs)
[ -n "$after" ] && [ "$after" -gt "${before:-0}" ] ||
	fail "no interrupt from the port (IRQ 7: ${before:-none} before, ${after:-none} after)"
echo "shortprint: 15 bytes written, IRQ 7 counted $before then $after"
