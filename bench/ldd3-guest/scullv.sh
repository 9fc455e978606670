# scullv in the guest (busybox sh): write and read back scullv0, then map it:
# the page the fault handler (LDD3's .nopage, ported to .fault) hands over
# holds what was written.  Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "scullv" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no scullv in /proc/devices"
mknod /dev/scullv0 c "$major" 0 || fail mknod
echo "hello scullv" >/dev/scullv0 || fail "write scullv0"
got=$(cat /dev/scullv0) || fail "read scullv0"
[ "$got" = "hello scullv" ] || fail "scullv0 read back '$got'"
echo "scullv0: wrote and read back '$got'"
[ -x /ldd3-mmap-read ] || fail "no /ldd3-mmap-read in the guest"
got=$(/ldd3-mmap-read /dev/scullv0 12) || fail "mmap scullv0: $got"
[ "$got" = "hello scullv" ] || fail "scullv0 mapped '$got'"
echo "scullv0: mapped, the page holds '$got'"
