# short in the guest (busybox sh), with QEMU's parallel port at 0x378, IRQ 7
# (bench/ldd3-qemu adds it): a strobe pulse written to the control register
# (/dev/short2: INIT | SELECT | INTEN with STROBE set, then cleared) makes
# the port ACK and interrupt, as the book's wire from pin 9 to pin 10 does.
# Each interrupt leaves a timestamp "seconds.microseconds" that
# /dev/shortint reads: in the top half only (the default), then with
# tasklet=1 and wq=1, where the tasklet and the work item write it.
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }

# one MODE: three strobe pulses, three timestamps read back
one() {
	major=$(awk '$2 == "short" { print $1 }' /proc/devices)
	[ -n "$major" ] || fail "$1: no short in /proc/devices"
	rm -f /dev/short2 /dev/shortint
	mknod /dev/short2 c "$major" 2 && mknod /dev/shortint c "$major" 128 || fail mknod
	printf '\035\034\035\034\035\034' >/dev/short2 || fail "$1: write to the control port"
	sleep 1
	got=$(dd if=/dev/shortint bs=4096 count=1 2>/dev/null)
	n=$(printf '%s\n' "$got" | grep -cE '^[0-9]{8}\.[0-9]{6}$')
	[ "$n" -ge 3 ] || fail "$1: $n timestamps of the form seconds.microseconds, not 3: '$got'"
	echo "short, $1: $n timestamps, one per interrupt: $(printf '%s\n' "$got" | tr '\n' ' ')"
}

one "top half"
for mode in tasklet wq; do
	[ -e /ldd3-short.ko ] || fail "no /ldd3-short.ko to load again with $mode=1"
	rmmod short || fail "rmmod short"
	insmod /ldd3-short.ko $mode=1 || fail "insmod short $mode=1"
	one "$mode=1"
done
