# simple in the guest (busybox sh): LDD3 chapter 15's two ways to map
# memory, on the device's two minors: simpler remaps the pages
# (remap_pfn_range), simplen hands them over one fault at a time (its
# .nopage, ported to .fault).  Both map the same physical page at offset
# 0, so the bytes read through each must be the same.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "simple" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no simple in /proc/devices"
mknod /dev/simpler c "$major" 0 || fail "mknod simpler"
mknod /dev/simplen c "$major" 1 || fail "mknod simplen"
[ -x /ldd3-mmap-read ] || fail "no /ldd3-mmap-read in the guest"
/ldd3-mmap-read /dev/simpler 64 >/tmp/r || fail "mmap simpler: $(cat /tmp/r)"
/ldd3-mmap-read /dev/simplen 64 >/tmp/n || fail "mmap simplen: $(cat /tmp/n)"
r=$(od -An -tx1 /tmp/r) n=$(od -An -tx1 /tmp/n)
[ "$(wc -c </tmp/r)" = 64 ] || fail "simpler: read $(wc -c </tmp/r) bytes"
echo "simpler: $r" | head -n 2
[ "$r" = "$n" ] || fail "simplen's page differs from simpler's: $n"
echo "simple: simpler and simplen map the same page"
