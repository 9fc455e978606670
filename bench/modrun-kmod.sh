#!/usr/bin/env bash
# modrun-kmod.sh: what serving the kernel's request_module() costs.
#   hello on KERNEL (default 6.1), booted (--no-snapshot) and restored,
#   with BEFORE (a modrun without it; default build/before/modrun) and
#   with build/bin/modrun, and with it given --no-kmod, interleaved,
#   medians of RUNS (default 5), wall;
#   then tests/modules/kmodreq.ko (asks for crypto-md4): the wall of a run
#   that serves a request, and the guest's time to mount the module tree.
# The kernel folder is the bench's own (links to the cache's), so its
# saved states are its own too.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
kernel=${KERNEL:-6.1}
kdir=${CACHE:-$top/cache}/kernels/$kernel
runs=${RUNS:-5}
after=$top/build/bin/modrun
before=${BEFORE:-$top/build/before/modrun}
[ -x "$before" ] || { echo "no BEFORE modrun at $before" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
m=$top/build/bench/modrun-kmod/$kernel
rm -rf "$m"; mkdir -p "$m"
cp "$top/module/hello.c" "$top/tests/modules/kmodreq.c" "$m/"
echo 'obj-m := hello.o kmodreq.o' >"$m/Kbuild"
"$top/scripts/kbuild" "$kernel" "$m" modules >"$m/build.log" 2>&1 ||
	{ echo "the modules do not build (see $m/build.log)" >&2; exit 1; }
mkdir "$tmp/k"
ln -s "$kdir/vmlinux" "$kdir/release" "$kdir/modules" "$tmp/k/"

wall() {	# wall MODRUN ARGS...: seconds
	local bin=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	"$bin" "$@" >"$tmp/out" 2>&1 || { echo "$bin $* failed:" >&2; cat "$tmp/out" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# the saved states of both, made before timing
"$before" --kernel "$tmp/k" "$m/hello.ko" >/dev/null
"$after" --kernel "$tmp/k" "$m/hello.ko" >/dev/null
"$after" --no-kmod --kernel "$tmp/k" "$m/hello.ko" >/dev/null
for f in bb ab nb br ar nr kb kr km; do : >"$tmp/$f"; done
for i in $(seq "$runs"); do
	wall "$before" --no-snapshot --kernel "$tmp/k" "$m/hello.ko" >>"$tmp/bb"
	wall "$after" --no-snapshot --kernel "$tmp/k" "$m/hello.ko" >>"$tmp/ab"
	wall "$after" --no-kmod --no-snapshot --kernel "$tmp/k" "$m/hello.ko" >>"$tmp/nb"
	wall "$before" --kernel "$tmp/k" "$m/hello.ko" >>"$tmp/br"
	wall "$after" --kernel "$tmp/k" "$m/hello.ko" >>"$tmp/ar"
	wall "$after" --no-kmod --kernel "$tmp/k" "$m/hello.ko" >>"$tmp/nr"
	wall "$after" --no-snapshot --kernel "$tmp/k" "$m/kmodreq.ko" >>"$tmp/kb"
	wall "$after" --kernel "$tmp/k" "$m/kmodreq.ko" >>"$tmp/kr"
	grep -q '^# kmod: crypto-md4: md4 loaded' "$tmp/out" || { echo "kmodreq: crypto-md4 not served:" >&2; cat "$tmp/out" >&2; exit 1; }
	sed -n 's/^# kmod: the kernel.s modules, shared.*; \([0-9.]*\) s)$/\1/p' "$tmp/out" >>"$tmp/km"
done
echo "request_module() served in the guest: kernel $(cat "$kdir/release"), TCG, medians of $runs, wall"
printf '  hello booted    before %5.2f s   after %5.2f s   after --no-kmod %5.2f s   after/before %4.2f\n' \
	"$(median <"$tmp/bb")" "$(median <"$tmp/ab")" "$(median <"$tmp/nb")" "$(echo "$(median <"$tmp/ab") / $(median <"$tmp/bb")" | bc -l)"
printf '  hello restored  before %5.2f s   after %5.2f s   after --no-kmod %5.2f s   after/before %4.2f\n' \
	"$(median <"$tmp/br")" "$(median <"$tmp/ar")" "$(median <"$tmp/nr")" "$(echo "$(median <"$tmp/ar") / $(median <"$tmp/br")" | bc -l)"
printf '  kmodreq (crypto-md4 served): booted %5.2f s   restored %5.2f s   mounting the module tree in the guest %4.2f s\n' \
	"$(median <"$tmp/kb")" "$(median <"$tmp/kr")" "$(median <"$tmp/km")"
