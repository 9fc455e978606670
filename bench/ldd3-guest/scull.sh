# scull in the guest (busybox sh): write and read back scull0; scullpipe0
# (minor 4): a reader of the empty pipe blocks and a write wakes it with
# the data; the ioctls.  Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
major=$(awk '$2 == "scull" { print $1 }' /proc/devices)
[ -n "$major" ] || fail "no scull in /proc/devices"
mknod /dev/scull0 c "$major" 0 && mknod /dev/scullpipe0 c "$major" 4 || fail mknod
echo "hello scull" >/dev/scull0 || fail "write scull0"
got=$(cat /dev/scull0) || fail "read scull0"
[ "$got" = "hello scull" ] || fail "scull0 read back '$got'"
echo "scull0: wrote and read back '$got'"
# scullpipe resets its buffer at every open (LDD3's scull_p_open), so the
# reader must be there before the writer.
cat /dev/scullpipe0 >/tmp/pipe.out &
reader=$!
sleep 1
kill -0 $reader 2>/dev/null || fail "a reader of the empty scullpipe0 did not block"
[ ! -s /tmp/pipe.out ] || fail "a reader of the empty scullpipe0 got '$(cat /tmp/pipe.out)'"
echo wake >/dev/scullpipe0 || fail "write scullpipe0"
sleep 1
grep -q wake /tmp/pipe.out || fail "the blocked reader did not get the write"
kill $reader 2>/dev/null
echo "scullpipe0: data passes; an empty pipe blocks its reader, a write wakes it"
# The ioctls (the .unlocked_ioctl of the port), with the static helper that
# bench/ldd3.sh ships as /ldd3-scull-ioctl.
[ -x /ldd3-scull-ioctl ] || fail "no /ldd3-scull-ioctl in the guest"
/ldd3-scull-ioctl /dev/scull0 || exit 1
