#!/usr/bin/env bash
# modrun-boot.sh: one boot + load + unload + power-off of the hello module,
# under TCG, timed side by side in one run:
#   A  modrun as shipped: the decompressed vmlinux (PVH entry)
#   B  the same kernel as Debian ships it: the bzImage (self-decompressing)
# Prints, per variant, the median wall time, the median kernel clock when
# /init starts, and their ratio; then the B/A ratio.  RUNS=N to change the
# number of pairs (default 5).
# Then, per kernel of KERNELS (default "6.1 7.3", those provisioned), booted
# against restored from a saved state (snapshots), side by side: hello's
# median wall and the ratio; the state's size and the time to make it; and
# --each after an oops, the time from the crash (modrun saying the VM ended)
# to the next module's verdict (the end of the run).
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
	out=$("$modrun" --no-snapshot --kernel "$1" "$ko") || { echo "modrun failed:" >&2; echo "$out" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$(echo "$t1 - $t0" | bc) $(sed -n 's/^# time: .*kernel clock \([0-9.]*\) s.*/\1/p' <<<"$out")"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

"$modrun" --no-snapshot --kernel "$kdir" "$ko" >/dev/null	# warm-up (page cache)
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

# Booted against restored.
wall() {	# wall ARGS...: seconds, modrun's whole run
	local t0 t1
	t0=$(date +%s.%N)
	"$modrun" "$@" >"$bz/out" 2>&1 || grep -q '^not ok 1 oops' "$bz/out" ||
		{ echo "modrun $* failed:" >&2; cat "$bz/out" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc
}

after_crash() {	# after_crash ARGS...: seconds from the crash to the end
	local t1
	{ "$modrun" "$@" 2>&1 >"$bz/out" || true; } | while IFS= read -r l; do
		case $l in *"the VM ended in module"*) date +%s.%N ;; esac
	done >"$bz/t"
	t1=$(date +%s.%N)
	grep -q '^ok 2 ' "$bz/out" && [ -s "$bz/t" ] ||
		{ echo "modrun $* did not go on after the crash:" >&2; cat "$bz/out" >&2; exit 1; }
	echo "$t1 - $(head -1 "$bz/t")" | bc
}

snapshot_bench() {	# snapshot_bench KERNEL
	local name=$1 k m b r st e1 e2 i
	k=${CACHE:-$top/cache}/kernels/$name
	if [ ! -e "$k/ready" ]; then echo "  $name: not provisioned: skipped"; return; fi
	m=$top/build/bench/modrun-boot/$name
	rm -rf "$m"; mkdir -p "$m"
	cp "$top/module/hello.c" "$top/tests/modules/oops.c" "$m/"
	echo 'obj-m := hello.o oops.o' >"$m/Kbuild"
	"$top/scripts/kbuild" "$name" "$m" modules >"$m/build.log" 2>&1 ||
		{ echo "  $name: the modules do not build (see $m/build.log)"; return; }
	# a kernel folder of the bench's own: its first run makes the state
	mkdir "$bz/k-$name"
	ln -s "$k/vmlinux" "$k/release" "$k/modules" "$bz/k-$name/"
	k=$bz/k-$name
	"$modrun" --kernel "$k" "$m/hello.ko" >"$bz/out"
	st=$(sed -n 's/^# snapshot: made .*(\([0-9]*\) MB with its \.ram, in \([0-9.]*\) s).*/\1 \2/p' "$bz/out")
	: >"$bz/b"; : >"$bz/r"; : >"$bz/e1"; : >"$bz/e2"; : >"$bz/o1"; : >"$bz/o2"
	for i in $(seq "$runs"); do
		wall --no-snapshot --kernel "$k" "$m/hello.ko" >>"$bz/b"
		wall --kernel "$k" "$m/hello.ko" >>"$bz/r"
		grep -q '^# snapshot: restored' "$bz/out" || { echo "  $name: not restored:" >&2; cat "$bz/out" >&2; exit 1; }
	done
	for i in 1 2 3; do
		after_crash --no-snapshot --kernel "$k" --each "$m/oops.ko" "$m/hello.ko" >>"$bz/e1"
		after_crash --kernel "$k" --each "$m/oops.ko" "$m/hello.ko" >>"$bz/e2"
	done
	b=$(median <"$bz/b"); r=$(median <"$bz/r")
	e1=$(median <"$bz/e1"); e2=$(median <"$bz/e2")
	printf '  %-5s hello: booted %5.2f s  restored %5.2f s  booted/restored %4.1fx   state %s MB, made in %s s\n' \
		"$name" "$b" "$r" "$(echo "$b / $r" | bc -l)" "${st%% *}" "${st##* }"
	printf '  %-5s --each after an oops, to the next verdict: booted %5.2f s  restored %5.2f s  (%4.1fx)\n' \
		"$name" "$e1" "$e2" "$(echo "$e1 / $e2" | bc -l)"
	rm -rf "$k"
}

echo "booted against restored (snapshots): TCG, medians of $runs (hello) and 3 (--each), wall"
for name in ${KERNELS:-6.1 7.3}; do
	snapshot_bench "$name"
done
echo "  (target: restored hello <= 0.5 s wall on 6.1, and >= 3x faster than booting)"
