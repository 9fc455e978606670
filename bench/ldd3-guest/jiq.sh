# jiq in the guest (busybox sh): /proc/jiqwq and /proc/jiqtasklet print a
# header and the lines their work queue and tasklet printed, as the book's
# (LDD3 chapter 7); /proc/jitimer prints a line, sleeps until its timer
# fires a second later and prints another (the bare interruptible_sleep_on()
# that modport's sleep-on rule expands).
fail() { echo "FAIL: $*"; exit 1; }
for f in jiqwq jiqwqdelay jitimer jiqtasklet; do
	[ -e /proc/$f ] || fail "no /proc/$f"
done
for f in jiqwq jiqtasklet jitimer; do
	cat /proc/$f >/tmp/$f || fail "read /proc/$f"
	head -n 4 /tmp/$f
	head -n 1 /tmp/$f | grep -qE '^ +time +delta +preempt +pid +cpu +command$' ||
		fail "/proc/$f: no header"
	[ "$(grep -cE '^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ ' /tmp/$f)" -ge 2 ] ||
		fail "/proc/$f: fewer than two lines"
done
echo "jiq: /proc/jiqwq, jiqtasklet and jitimer print as the book's"
