# sleepy in the guest (busybox sh): a reader blocks until a writer wakes it.
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "sleepy" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no sleepy in /proc/devices"
mknod /dev/sleepy c "$major" 0 || fail mknod
cat /dev/sleepy >/dev/null &
reader=$!
sleep 1
kill -0 $reader 2>/dev/null || fail "the reader did not block"
echo wake >/dev/sleepy || fail "write"
sleep 1
kill -0 $reader 2>/dev/null && fail "the write did not wake the reader"
echo "sleepy: the reader blocked, the write woke it"
