# scullc in the guest (busybox sh): write and read back scullc0 (its
# quanta come from a slab cache).  Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "scullc" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no scullc in /proc/devices"
mknod /dev/scullc0 c "$major" 0 || fail mknod
echo "hello scullc" >/dev/scullc0 || fail "write scullc0"
got=$(cat /dev/scullc0) || fail "read scullc0"
[ "$got" = "hello scullc" ] || fail "scullc0 read back '$got'"
echo "scullc0: wrote and read back '$got'"
