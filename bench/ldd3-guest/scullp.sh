# scullp in the guest (busybox sh): write and read back scullp0, then map it:
# the page the fault handler (LDD3's .nopage, ported to .fault) hands over
# holds what was written.  Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "scullp" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no scullp in /proc/devices"
mknod /dev/scullp0 c "$major" 0 || fail mknod
echo "hello scullp" >/dev/scullp0 || fail "write scullp0"
got=$(cat /dev/scullp0) || fail "read scullp0"
[ "$got" = "hello scullp" ] || fail "scullp0 read back '$got'"
echo "scullp0: wrote and read back '$got'"
[ -x /ldd3-mmap-read ] || fail "no /ldd3-mmap-read in the guest"
got=$(/ldd3-mmap-read /dev/scullp0 12) || fail "mmap scullp0: $got"
[ "$got" = "hello scullp" ] || fail "scullp0 mapped '$got'"
echo "scullp0: mapped, the page holds '$got'"
