#!/usr/bin/env bash
# modrun-dynfile.sh: the cost of a dynamically linked test program.  The
# same program (tests/progs/echo-test.c, which writes and reads back the
# character device of tests/modules/chardev.c) linked statically and
# dynamically, each given with --file and run with one --exec; interleaved,
# timed side by side, medians of RUNS (5).  The dynamic one brings its
# interpreter and libc into the initramfs (modrun/elfdeps.c).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
kernel=${KERNEL:-6.1}
export MODRUN_KERNEL=${CACHE:-$top/cache}/kernels/$kernel
runs=${RUNS:-5}
modrun=$top/build/bin/modrun
dir=$top/build/bench/dynfile-$kernel

rm -rf "$dir"
mkdir -p "$dir/kmod"
cp "$top/tests/modules/chardev.c" "$top/tests/modules/modrun_echo.h" "$dir/kmod/"
echo "obj-m := chardev.o" >"$dir/kmod/Kbuild"
"$top/scripts/kbuild" "$kernel" "$dir/kmod" modules >"$dir/build.log" 2>&1 ||
	{ echo "modrun-dynfile.sh: chardev does not build:" >&2; tail "$dir/build.log" >&2; exit 1; }
gcc -O2 -static -o "$dir/echo-static" "$top/tests/progs/echo-test.c"
gcc -O2 -o "$dir/echo-dynamic" "$top/tests/progs/echo-test.c"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

timed() {	# timed PROGRAM: prints "WALL KERNEL-CLOCK" of one run
	local t0 t1 out
	t0=$(date +%s.%N)
	out=$("$modrun" --file "$1:/echo-test" -x /echo-test "$dir/kmod/chardev.ko") ||
		{ echo "modrun-dynfile.sh: modrun with $1 failed:" >&2; echo "$out" >&2; exit 1; }
	t1=$(date +%s.%N)
	grep -q '^# read back: modrun was here$' <<<"$out" ||
		{ echo "modrun-dynfile.sh: $1 did not read back" >&2; exit 1; }
	echo "$(echo "$t1 - $t0" | bc) $(sed -n 's/^# time: .*kernel clock \([0-9.]*\) s.*/\1/p' <<<"$out")"
}

timed "$dir/echo-static" >/dev/null	# warm-up (page cache)
: >"$dir/static"; : >"$dir/dynamic"
for r in $(seq "$runs"); do
	timed "$dir/echo-static" >>"$dir/static"
	timed "$dir/echo-dynamic" >>"$dir/dynamic"
done
st=$(cut -d' ' -f1 "$dir/static" | median); st_k=$(cut -d' ' -f2 "$dir/static" | median)
dy=$(cut -d' ' -f1 "$dir/dynamic" | median); dy_k=$(cut -d' ' -f2 "$dir/dynamic" | median)
echo "modrun --file + one --exec: static against dynamic program, kernel $(cat "$MODRUN_KERNEL/release"), TCG, medians of $runs interleaved runs"
printf '  %-40s %8s  wall %6.2f s   kernel clock at /init %5.2f s\n' \
	"static  ($(stat -c %s "$dir/echo-static") bytes)" "" "$st" "$st_k" \
	"dynamic ($(stat -c %s "$dir/echo-dynamic") bytes + ld.so, libc)" "" "$dy" "$dy_k"
printf '  dynamic/static wall ratio: %.2f\n' "$(echo "$dy / $st" | bc -l)"
