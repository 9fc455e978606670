# complete in the guest (busybox sh): a reader blocks until a writer wakes it.
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "complete" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no complete in /proc/devices"
mknod /dev/complete c "$major" 0 || fail mknod
cat /dev/complete >/dev/null &
reader=$!
sleep 1
kill -0 $reader 2>/dev/null || fail "the reader did not block"
echo wake >/dev/complete || fail "write"
sleep 1
kill -0 $reader 2>/dev/null && fail "the write did not wake the reader"
echo "complete: the reader blocked, the write woke it"
