#!/usr/bin/env bash
# modport-tree.sh: `modport check` over a modern kernel tree, Debian's
# linux-source-6.1 (unpacked into cache/linux-source-6.1/ on first use).
# Prints files/s, MB/s (wall clock, one process, one core) and the findings.
# The tree is modern, so every finding must be a true leftover: 3c515.c's
# cleanup_module without module_exit, pcxhr_mixer.c's __NO_VERSION__,
# atl2.c's MODULE_PARM in a dead macro (and its include), parisc's
# asm/floppy.h's void interrupt handler (tests/modport-trees.t lists them).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CACHE:-$top/cache}
src=$cache/linux-source-6.1
tree=$src/linux-source-6.1
modport=$top/build/bin/modport

unpack() {
	local deb tmp
	tmp=$(mktemp -d "$cache/linux-source-6.1.XXXXXX")
	deb=$(find "$cache" -maxdepth 1 -name 'linux-source-6.1_*_all.deb' | sort | tail -n 1)
	if [ -z "$deb" ]; then
		(cd "$cache" && apt-get download linux-source-6.1)
		deb=$(find "$cache" -maxdepth 1 -name 'linux-source-6.1_*_all.deb' | sort | tail -n 1)
	fi
	dpkg-deb -x "$deb" "$tmp/deb"
	tar -C "$tmp" -xf "$tmp"/deb/usr/src/linux-source-6.1.tar.xz
	rm -rf "$tmp/deb"
	mv "$tmp" "$src"
}

[ -x "$modport" ] || make -C "$top" build/bin/modport >/dev/null
mkdir -p "$cache"
[ -d "$tree/drivers" ] || unpack

# What modport reads: every .c and .h file (it recurses the same way).
read -r files bytes < <(find "$tree" -type f \( -name '*.c' -o -name '*.h' \) \
	-printf '%s\n' | awk '{ n++; s += $1 } END { print n, s }')
# Warm the page cache, so that the figure is modport's, not the disk's.
find "$tree" -type f \( -name '*.c' -o -name '*.h' \) -print0 | xargs -0 cat >/dev/null

out=$(mktemp)
trap 'rm -f "$out" "$out.cpu"' EXIT
best='' cpu=''
for _ in 1 2 3; do
	t0=$(date +%s.%N)
	status=0
	(cd "$src" && /usr/bin/time -o "$out.cpu" -f '%U %S' \
		taskset -c 0 "$modport" check --target=6.1 linux-source-6.1) >"$out" 2>&1 ||
		status=$?
	t1=$(date +%s.%N)
	t=$(echo "$t1 - $t0" | bc)
	if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then
		best=$t
		cpu=$(tail -n 1 "$out.cpu" | awk '{ print $1 + $2 }')
	fi
done
[ "$status" -le 1 ] || { echo "modport check failed ($status):" >&2; cat "$out" >&2; exit 1; }

echo "modport check --target=6.1 over linux-source-6.1 (a modern tree checked for its own kernel): $files files, $((bytes / 1048576)) MB"
awk -v f="$files" -v b="$bytes" -v t="$best" -v c="$cpu" 'BEGIN {
	printf "  best of 3 runs, one core: %.3f s wall, %.0f files/s, %.0f MB/s\n", t, f / t, b / 1048576 / t
	printf "  (its CPU time, user + system: %.3f s, %.0f MB/s)\n", c, b / 1048576 / c
	printf "  ratio to the goal of 300 MB/s: %.2f wall, %.2f CPU\n", b / 1048576 / t / 300, b / 1048576 / c / 300 }'
echo "findings ($(grep -c ': warning: ' "$out" || true)):"
sed 's/^/  /' "$out"
grep -q '3com/3c515\.c:.*\[implicit-exit\]' "$out" ||
	{ echo "3c515.c's cleanup_module was not found" >&2; exit 1; }
