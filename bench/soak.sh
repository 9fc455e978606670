#!/usr/bin/env bash
# bench/soak.sh [RUNS]: modrun run again and again (default 200) on the
# article's module; afterwards no QEMU may be left running, no temporary
# file left in TMPDIR, and one run under valgrind --track-fds shows no
# descriptor left open at exit but the standard three.  Prints the figures.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-${SOAK_RUNS:-200}}
modrun=$top/build/bin/modrun
hello=$top/module/hello.ko
export MODRUN_KERNEL=${MODRUN_KERNEL:-$top/cache/kernels/${KERNEL:-6.1}}
tmpdir=$(mktemp -d)
mkdir "$tmpdir/tmp"
trap 'rm -rf "$tmpdir"' EXIT
for t in qemu-system-x86_64 pgrep valgrind; do
	command -v "$t" >/dev/null || { echo "bench/soak.sh: $t: command not found" >&2; exit 1; }
done
# The runs in a session of their own: what they leave running is counted
# there, whatever else runs on the machine.
t0=$(date +%s.%N)
fails=$(setsid -w bash -c 'echo $$ >"$1/sid"; f=0
	for i in $(seq 1 "$2"); do
		TMPDIR=$1/tmp "$3" -e "Hello, world" "$4" >/dev/null 2>&1 || f=$((f + 1))
	done; echo $f' soak "$tmpdir" "$runs" "$modrun" "$hello")
t1=$(date +%s.%N)
sleep 1
left_running=$(pgrep -s "$(cat "$tmpdir/sid")" | wc -l)
left=$(ls -A "$tmpdir/tmp" | wc -l)
fds=$(TMPDIR=$tmpdir/tmp valgrind -q --track-fds=yes "$modrun" "$hello" 2>&1 >/dev/null |
	grep -c 'Open file descriptor' || true)
printf 'soak: %d runs in %.0f s (%.2f s each), %d failed\n' "$runs" \
	"$(echo "$t1 - $t0" | bc)" "$(echo "($t1 - $t0) / $runs" | bc -l)" "$fails"
printf 'soak: processes left running %d; temporary files left %d; descriptors open at exit (valgrind, the standard ones included) %d\n' \
	"$left_running" "$left" "$fds"
[ "$fails" = 0 ] && [ "$left_running" = 0 ] && [ "$left" = 0 ] && [ "$fds" -le 3 ]
