#!/usr/bin/env bash
# kmod-gost.sh: Debian's gost-crypto-dkms (bookworm, 0.3.4), ported with
# `modport fix --in-place --target=6.1..7.3` on a copy, built for each
# kernel of KERNELS (default "6.1 7.3") and proven with modrun: its
# self-tests (gost-test.ko, loaded last) need the kernel's crypto templates
# (ecb, cmac), which the kernel asks for with request_module().  Prints,
# per kernel, the self-tests passed and failed, with BEFORE (a modrun that
# does not serve request_module(); optional) and with build/bin/modrun,
# and the requests that loaded a module.  Needs the DKMS corpus
# (cache/dkms, scripts/fetch-dkms); without it, says so and exits 0.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
src=$(ls -d "${CACHE:-$top/cache}"/dkms/bookworm/gost-crypto/usr/src/gost-crypto-* 2>/dev/null | head -1)
[ -n "$src" ] || { echo "kmod-gost: no gost-crypto in the DKMS corpus (scripts/fetch-dkms): skipped"; exit 0; }
work=$top/build/bench/kmod-gost
mods="gost28147_generic gosthash94_generic kuznyechik_generic magma_generic streebog_generic gost-test"
tally() {	# tally LOG: "P passed, F failed (names)"
	printf '%d passed, %d failed' "$(grep -c 'self-tests for .* passed' "$1")" "$(grep -c 'self test failed' "$1")"
	grep -o '[a-z0-9()-]* gost-alg self test failed' "$1" | sed 's/ gost-alg.*//' | paste -sd' ' | sed 's/^./ (&/; s/.$/&)/'
}
for k in ${KERNELS:-6.1 7.3}; do
	d=$work/$k
	rm -rf "$d"; mkdir -p "$d"
	cp -r "$src"/. "$d"/
	"$top/build/bin/modport" fix --in-place --target=6.1..7.3 "$d" >"$d/modport.log" 2>&1
	"$top/scripts/kbuild" "$k" "$d" modules >"$d/build.log" 2>&1 ||
		{ echo "  $k: does not build (see $d/build.log)"; continue; }
	kos=$(for m in $mods; do printf '%s/%s.ko ' "$d" "$m"; done)
	if [ -n "${BEFORE:-}" ]; then
		"$BEFORE" --kernel "$k" -t 180 $kos >"$d/before.txt" 2>&1
		echo "  $k before: exit $?, self-tests $(tally "$d/before.txt")"
	fi
	"$top/build/bin/modrun" --kernel "$k" -t 180 $kos >"$d/after.txt" 2>&1
	echo "  $k after:  exit $?, self-tests $(tally "$d/after.txt")"
	grep -o '^# kmod: [^:]*: [a-z0-9_]* loaded ([^)]*)' "$d/after.txt" | sed 's/^# kmod: /    served: /'
done
