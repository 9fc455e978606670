#!/usr/bin/env bash
# modport-tree.sh: `modport check` over a modern kernel tree, Debian's
# linux-source-6.1 (unpacked into cache/linux-source-6.1/ on first use).
# Prints files/s, MB/s (wall clock and CPU time, one process, one core) and
# the findings.  A MB is 10^6 bytes, as a rate in MB/s goes; MiB (2^20,
# which this script printed as MB before) beside it.  Each figure is the
# best of RUNS runs (3 by default), with their median beside it: this
# machine moves more than a change does.  BASE=/path/to/modport also
# times a baseline binary (say, one
# built from main) in the same run, alternating with this one, and prints
# the ratio and whether both print the same findings (MODPORT= names the
# binary measured, build/bin/modport by default). JOBS=N (default: the
# CPUs, as modport's own default; JOBS= or 1 skips it) also times
# --jobs=N on every core. One process is pinned to one core (taskset), which
# is also one process by default. TARGET picks the
# --target (6.1 by default; TARGET= checks with the default target).
# The tree is modern, so every finding must be a true leftover: 3c515.c's
# cleanup_module without module_exit, pcxhr_mixer.c's __NO_VERSION__,
# atl2.c's MODULE_PARM in a dead macro (and its include), parisc's
# asm/floppy.h's void interrupt handler (tests/modport-trees.t lists them).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CACHE:-$top/cache}
src=$cache/linux-source-6.1
tree=$src/linux-source-6.1
modport=${MODPORT:-$top/build/bin/modport}
base=${BASE:-}
target=${TARGET-6.1}
runs=${RUNS:-3}
jobs=${JOBS-$(nproc)}
[ "$jobs" != 1 ] || jobs=

unpack() {
	local deb tmp
	tmp=$(mktemp -d "$cache/linux-source-6.1.XXXXXX")
	# The atlas keeps its own copy of the package (make atlas).
	deb=$(find "$cache" "$cache/atlas/debs/6.1" -maxdepth 1 \
		-name 'linux-source-6.1_*_all.deb' 2>/dev/null | sort | tail -n 1)
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
[ -z "$base" ] || [ -x "$base" ] || { echo "BASE=$base: not an executable" >&2; exit 2; }
mkdir -p "$cache"
[ -d "$tree/drivers" ] || unpack

# What modport reads: every .c and .h file (it recurses the same way).
read -r files bytes < <(find "$tree" -type f \( -name '*.c' -o -name '*.h' \) \
	-printf '%s\n' | awk '{ n++; s += $1 } END { print n, s }')
# Warm the page cache, so that the figure is modport's, not the disk's.
find "$tree" -type f \( -name '*.c' -o -name '*.h' \) -print0 | xargs -0 cat >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=(check)
[ -z "$target" ] || args+=("--target=$target")
args+=(linux-source-6.1)

# run NAME BINARY: one timed run; keeps NAME's best wall time and its CPU,
# and every wall time (all: the median is printed too, as the machine moves).
declare -A best cpu all
run() {
	local name=$1 bin=$2 t0 t1 t status=0 pin=(taskset -c 0) extra=()
	if [ "$name" = jobs ]; then	# every core, N processes
		pin=()
		extra=("--jobs=$jobs")
	fi
	t0=$(date +%s.%N)
	(cd "$src" && /usr/bin/time -o "$tmp/$name.cpu" -f '%U %S' \
		"${pin[@]}" "$bin" "${extra[@]}" "${args[@]}") >"$tmp/$name.out" 2>&1 || status=$?
	t1=$(date +%s.%N)
	[ "$status" -le 1 ] ||
		{ echo "$bin check failed ($status):" >&2; cat "$tmp/$name.out" >&2; exit 1; }
	t=$(echo "$t1 - $t0" | bc)
	all[$name]="${all[$name]:-} $t"
	if [ -z "${best[$name]:-}" ] || [ "$(echo "$t < ${best[$name]}" | bc)" = 1 ]; then
		best[$name]=$t
		cpu[$name]=$(tail -n 1 "$tmp/$name.cpu" | awk '{ print $1 + $2 }')
	fi
}
# Alternate the two binaries, so that both see the same load.
for _ in $(seq "$runs"); do
	[ -z "$base" ] || run base "$base"
	run now "$modport"
	[ -z "$jobs" ] || run jobs "$modport"
done

# median NAME: the median of NAME's wall times
median() {
	tr ' ' '\n' <<<"${all[$1]}" | grep . | sort -n |
		awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

report() {
	awk -v n="$1" -v f="$files" -v b="$bytes" -v t="$2" -v c="$3" -v m="$(median "$4")" 'BEGIN {
		printf "  %-5s %7.3f s wall, %6.0f files/s, %4.0f MB/s (%4.0f MiB/s) wall; %7.3f s CPU, %4.0f MB/s CPU; median %.3f s, %4.0f MB/s\n",
			n, t, f / t, b / 1e6 / t, b / 1048576 / t, c, b / 1e6 / c, m, b / 1e6 / m }'
}
echo "modport ${args[*]} over linux-source-6.1 (a modern tree checked for its own kernel): $files files, $((bytes / 1000000)) MB ($((bytes / 1048576)) MiB)"
echo "  best of $runs runs each, one core (CPU time: user + system of that run):"
[ -z "$base" ] || report base "${best[base]}" "${cpu[base]}" base
report now "${best[now]}" "${cpu[now]}" now
if [ -n "$jobs" ]; then
	echo "  with --jobs=$jobs on $(nproc) cores (CPU time: all its processes):"
	report "-j$jobs" "${best[jobs]}" "${cpu[jobs]}" jobs
	awk -v a="${best[now]}" -v b="${best[jobs]}" 'BEGIN {
		printf "  -j'"$jobs"'/one process: %.2f wall\n", a / b }'
	if cmp -s "$tmp/now.out" "$tmp/jobs.out"; then
		echo "  output of -j$jobs: identical to one process's"
	else
		echo "  output of -j$jobs: DIFFERS from one process's:"
		diff "$tmp/now.out" "$tmp/jobs.out" | head -n 20 | sed 's/^/    /'
		exit 1
	fi
fi
if [ -n "$base" ]; then
	awk -v a="${best[base]}" -v b="${best[now]}" -v c="${cpu[base]}" -v d="${cpu[now]}" 'BEGIN {
		printf "  now/base speed: %.2f wall, %.2f CPU\n", a / b, c / d }'
	if cmp -s "$tmp/base.out" "$tmp/now.out"; then
		echo "  output: identical to the base binary's"
	else
		echo "  output: DIFFERS from the base binary's:"
		diff "$tmp/base.out" "$tmp/now.out" | head -n 20 | sed 's/^/    /'
	fi
fi
awk -v b="$bytes" -v t="${best[now]}" -v c="${cpu[now]}" 'BEGIN {
	printf "  ratio to the goal of 300 MB/s, one process: %.2f wall, %.2f CPU\n", b / 1e6 / t / 300, b / 1e6 / c / 300 }'
[ -z "$jobs" ] || awk -v b="$bytes" -v t="${best[jobs]}" 'BEGIN {
	printf "  ratio to the goal of 300 MB/s, -j'"$jobs"': %.2f wall (of 300 MiB/s: %.2f)\n", b / 1e6 / t / 300, b / 1048576 / t / 300 }'
echo "findings ($(grep -c ': warning: ' "$tmp/now.out" || true)):"
sed 's/^/  /' "$tmp/now.out"
grep -q '3com/3c515\.c:.*\[implicit-exit\]' "$tmp/now.out" ||
	{ echo "3c515.c's cleanup_module was not found" >&2; exit 1; }
