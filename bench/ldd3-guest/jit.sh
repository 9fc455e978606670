# jit in the guest (busybox sh): its /proc files print as the book's do
# (LDD3 chapter 7): /proc/currentime two lines a read, jiffies in hex and
# the time of day; /proc/jitbusy a line a read, "j0 j1", one delay apart
# (dd bs=20 in the book, 22 here: see below); /proc/jitimer and /proc/jitasklet a header
# and the lines their timer and tasklet printed.
fail() { echo "FAIL: $*"; exit 1; }
for f in currentime jitbusy jitsched jitqueue jitschedto jitimer jitasklet jitasklethi; do
	[ -e /proc/$f ] || fail "no /proc/$f"
done
head -n 4 /proc/currentime >/tmp/ct || fail "read /proc/currentime"
cat /tmp/ct
[ "$(grep -cE '^0x[0-9a-f]{8,16} 0x[0-9a-f]{16} +[0-9]+\.[0-9]{6}$' /tmp/ct)" = 2 ] ||
	fail "/proc/currentime: no jiffies and time-of-day lines"
[ "$(grep -cE '^ +[0-9]+\.[0-9]{9}$' /tmp/ct)" = 2 ] ||
	fail "/proc/currentime: no current_kernel_time lines"
# The book reads 20 bytes, one "%9li %9li\n" line of 9-digit jiffies; jiffies
# start 5 minutes before they wrap, so a young 64-bit kernel's have 10
# digits and its lines 22 bytes: read 22, which still takes one line a read.
dd bs=22 count=3 </proc/jitbusy >/tmp/jb 2>/dev/null || fail "read /proc/jitbusy"
cat /tmp/jb
[ "$(grep -cE '^ *[0-9]+ +[0-9]+$' /tmp/jb)" = 3 ] || fail "/proc/jitbusy: not three lines"
awk '$2 - $1 < 1 { bad = 1 } END { exit bad }' /tmp/jb || fail "/proc/jitbusy: no delay"
for f in jitimer jitasklet; do
	cat /proc/$f >/tmp/$f || fail "read /proc/$f"
	cat /tmp/$f
	head -n 1 /tmp/$f | grep -qE '^ +time +delta +inirq +pid +cpu +command$' ||
		fail "/proc/$f: no header"
	[ "$(grep -cE '^ *[0-9]+ +[0-9]+ +[01] +[0-9]+ +[0-9]+ +' /tmp/$f)" -ge 6 ] ||
		fail "/proc/$f: fewer than six lines"
done
echo "jit: /proc/currentime, jitbusy, jitimer and jitasklet print as the book's"
