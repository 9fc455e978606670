#!/usr/bin/env bash
# modport-spatch.sh [TREE] [DIR]: `modport fix --in-place` against spatch
# running one semantic patch that holds the same fixing rules (every
# bench/legacy/cocci/*.cocci, concatenated), on the same files (TREE/DIR,
# default Linux 2.4.22's drivers/char, .c and .h), in one run, one core.
# Prints both times and the ratio spatch/modport (the goal: >= 100x).
# Skips (exit 0) without the tree; fails, naming it, without spatch.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:-$top/cache/linux-2.4.22}
dir=${2:-drivers/char}
modport=$top/build/bin/modport
if [ ! -d "$tree/$dir" ]; then
	echo "modport-spatch: skipped: no $tree/$dir (see bench/legacy/README.md)"
	exit 0
fi
command -v spatch >/dev/null || { echo "modport-spatch: spatch is missing (apt-get install coccinelle)" >&2; exit 1; }
[ -x "$modport" ] || make -C "$top" build/bin/modport >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One semantic patch: the rules' files one after the other; the rule names
# that two files share get the file's prefix.
for f in "$top"/bench/legacy/cocci/*.cocci; do
	r=$(basename "$f" .cocci)
	case $r in
	module-wrapper) sed -E 's/\b(has_init|has_exit)\b/wrap_\1/g' "$f" ;;
	*) cat "$f" ;;
	esac
	echo
done >"$tmp/all.cocci"
rules=$(ls "$top"/bench/legacy/cocci/*.cocci | wc -l)
read -r files bytes < <(find "$tree/$dir" -type f \( -name '*.c' -o -name '*.h' \) \
	-printf '%s\n' | awk '{ n++; s += $1 } END { print n, s }')

# timed CMD...: wall and CPU (user + system) seconds of CMD, as "WALL CPU".
timed() {
	/usr/bin/time -o "$tmp/time" -f '%e %U %S' "$@" >/dev/null 2>&1 || true
	awk 'END { print $1, $2 + $3 }' "$tmp/time"
}
best='' bcpu=''
for _ in 1 2 3; do
	rm -rf "$tmp/m"; cp -r "$tree/$dir" "$tmp/m"
	read -r t c < <(timed taskset -c 0 "$modport" fix --in-place --license=GPL "$tmp/m")
	if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t bcpu=$c; fi
done
cp -r "$tree/$dir" "$tmp/s"
read -r st sc < <(timed taskset -c 0 spatch --sp-file "$tmp/all.cocci" --dir "$tmp/s" \
	--in-place --jobs 1 --very-quiet --no-includes --include-headers --timeout 60)

echo "modport fix --in-place against spatch ($rules-rule semantic patch), $dir of $(basename "$tree"): $files files, $((bytes / 1024)) KB, one core"
awk -v m="$best" -v mc="$bcpu" -v s="$st" -v sc="$sc" 'BEGIN {
	printf "  modport: %.3f s wall, %.3f s CPU (best of 3; --in-place syncs every file it writes)\n", m, mc
	printf "  spatch:  %.1f s wall, %.1f s CPU\n", s, sc
	printf "  ratio spatch/modport: %.0fx wall, %.0fx CPU (goal: 100x)\n", s / m, sc / (mc > 0.001 ? mc : 0.001) }'
echo "  files changed: modport $(diff -rq "$tree/$dir" "$tmp/m" | wc -l), spatch $(diff -rq "$tree/$dir" "$tmp/s" | wc -l)"
