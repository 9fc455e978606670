#!/usr/bin/env bash
# modrun-each.sh: many modules in one boot against one boot each, and the
# cost of a command in the guest; under TCG, timed side by side in one run.
#   one     modrun hello01.ko: one boot, load, unload (median of RUNS)
#   each    modrun --each over N hello clones: one boot (median of RUNS)
#   boots   modrun once per clone: N boots, one after the other (once)
#   exec    modrun -x 'cat /proc/modules' hello01.ko: one boot, load, one
#           command (busybox), unload (median of RUNS)
# Prints the times, each/one (target < 2), boots/each, exec/one, and for
# one and exec the wall time against the kernel's clock when /init starts
# (target for exec <= 1.3).  N=20 clones, RUNS=3 by default.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
kernel=${KERNEL:-6.1}
export MODRUN_KERNEL=${CACHE:-$top/cache}/kernels/$kernel
n=${N:-20}
runs=${RUNS:-3}
modrun=$top/build/bin/modrun
dir=$top/build/bench/each-$kernel

# N copies of the article's hello, each a module of its own name.
rm -rf "$dir"
mkdir -p "$dir"
: >"$dir/Kbuild"
for i in $(seq -w 1 "$n"); do
	sed "s/hello_/hello${i}_/g" "$top/module/hello.c" >"$dir/hello$i.c"
	echo "obj-m += hello$i.o" >>"$dir/Kbuild"
done
"$top/scripts/kbuild" "$kernel" "$dir" modules >"$dir/build.log" 2>&1 ||
	{ echo "modrun-each.sh: the clones do not build:" >&2; tail "$dir/build.log" >&2; exit 1; }
kos=("$dir"/hello*.ko)

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

timed() {	# timed ARGS...: prints "WALL KERNEL-CLOCK" of one modrun run
	local t0 t1 out
	t0=$(date +%s.%N)
	out=$("$modrun" "$@") || { echo "modrun-each.sh: modrun $* failed:" >&2; echo "$out" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$(echo "$t1 - $t0" | bc) $(sed -n 's/^# time: .*kernel clock \([0-9.]*\) s.*/\1/p' <<<"$out")"
}

"$modrun" "${kos[0]}" >/dev/null	# warm-up (page cache)
: >"$dir/one"; : >"$dir/each"; : >"$dir/exec"
for r in $(seq "$runs"); do
	timed "${kos[0]}" >>"$dir/one"
	timed --each "${kos[@]}" >>"$dir/each"
	timed -x 'cat /proc/modules' "${kos[0]}" >>"$dir/exec"
done
t0=$(date +%s.%N)
for ko in "${kos[@]}"; do
	"$modrun" "$ko" >/dev/null || { echo "modrun-each.sh: modrun $ko failed" >&2; exit 1; }
done
boots=$(echo "$(date +%s.%N) - $t0" | bc)

one=$(cut -d' ' -f1 "$dir/one" | median); one_k=$(cut -d' ' -f2 "$dir/one" | median)
each=$(cut -d' ' -f1 "$dir/each" | median)
exe=$(cut -d' ' -f1 "$dir/exec" | median); exe_k=$(cut -d' ' -f2 "$dir/exec" | median)
echo "modrun --each benchmark: kernel $(cat "$MODRUN_KERNEL/release"), TCG, $n modules, medians of $runs runs"
printf '  %-36s wall %6.2f s   kernel clock at /init %5.2f s   wall/kernel %4.2f\n' \
	"one module (boot, load, unload)" "$one" "$one_k" "$(echo "$one / $one_k" | bc -l)"
printf '  %-36s wall %6.2f s   kernel clock at /init %5.2f s   wall/kernel %4.2f  (target <= 1.3)\n' \
	"one module and one --exec" "$exe" "$exe_k" "$(echo "$exe / $exe_k" | bc -l)"
printf '  %-36s wall %6.2f s\n' "--each over $n modules (one boot)" "$each"
printf '  %-36s wall %6.2f s  (once)\n' "$n runs (one boot each)" "$boots"
printf '  --each/one ratio: %.2f  (target < 2)   %d boots/--each ratio: %.1f   --exec/one ratio: %.2f\n' \
	"$(echo "$each / $one" | bc -l)" "$n" "$(echo "$boots / $each" | bc -l)" "$(echo "$exe / $one" | bc -l)"
