#!/usr/bin/env bash
# modrun-boot.sh: one boot + load + unload + power-off of the hello module,
# under TCG, timed side by side in one run:
#   A  modrun as shipped: the decompressed vmlinux (PVH entry)
#   B  the same kernel as Debian ships it: the bzImage (self-decompressing)
# Prints, per variant, the median wall time, the median kernel clock when
# /init starts, and their ratio; then the B/A ratio.  RUNS=N to change the
# number of pairs (default 5).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
kernel=${KERNEL:-6.1}
kdir=${CACHE:-$top/cache}/kernels/$kernel
runs=${RUNS:-5}
modrun=$top/build/bin/modrun
ko=$top/module/hello.ko

bz=$(mktemp -d)
trap 'rm -rf "$bz"' EXIT
ln -s "$(readlink -f "$kdir/vmlinuz")" "$bz/vmlinuz"
cp "$kdir/release" "$bz/release"

one() {	# one KERNEL-DIR: prints "WALL CLOCK"
	local t0 t1 out
	t0=$(date +%s.%N)
	out=$("$modrun" --kernel "$1" "$ko") || { echo "modrun failed:" >&2; echo "$out" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$(echo "$t1 - $t0" | bc) $(sed -n 's/^# time: .*kernel clock \([0-9.]*\) s.*/\1/p' <<<"$out")"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

"$modrun" --kernel "$kdir" "$ko" >/dev/null	# warm-up (page cache)
: >"$bz/a"; : >"$bz/b"
for i in $(seq "$runs"); do
	one "$kdir" >>"$bz/a"
	one "$bz" >>"$bz/b"
done
aw=$(cut -d' ' -f1 "$bz/a" | median); ac=$(cut -d' ' -f2 "$bz/a" | median)
bw=$(cut -d' ' -f1 "$bz/b" | median); bc_=$(cut -d' ' -f2 "$bz/b" | median)
echo "modrun boot benchmark: kernel $(cat "$kdir/release"), TCG, $runs runs each, medians"
printf '  %-28s wall %6.2f s   kernel clock at /init %5.2f s   wall/kernel %4.2f\n' \
	"A vmlinux (modrun default)" "$aw" "$ac" "$(echo "$aw / $ac" | bc -l)"
printf '  %-28s wall %6.2f s   kernel clock at /init %5.2f s   wall/kernel %4.2f\n' \
	"B bzImage (as Debian ships)" "$bw" "$bc_" "$(echo "$bw / $bc_" | bc -l)"
printf '  B/A wall ratio: %.2f  (target: A <= 3 s wall)\n' "$(echo "$bw / $aw" | bc -l)"
