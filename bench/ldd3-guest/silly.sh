# silly in the guest (busybox sh): the ISA memory window (0xA0000) read
# through each of its four access modes (minors 0-3: 8, 16, 32 bits,
# memcpy_fromio): 16 bytes each, the same bytes in every mode.
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "silly" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no silly in /proc/devices"
first=
for minor in 0 1 2 3; do
	mknod /dev/silly$minor c "$major" $minor || fail mknod
	got=$(dd if=/dev/silly$minor bs=16 count=1 2>/dev/null | od -An -tx1 | tr -d ' \n')
	[ ${#got} = 32 ] || fail "mode $minor read '${got}' (not 16 bytes)"
	[ -z "$first" ] && first=$got
	[ "$got" = "$first" ] || fail "mode $minor read $got, mode 0 read $first"
done
echo "silly: 16 bytes of ISA memory read in all four modes, the same: $first"
