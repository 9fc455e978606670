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

now() { date +%s.%N; }
best=''
for _ in 1 2 3; do
	rm -rf "$tmp/m"; cp -r "$tree/$dir" "$tmp/m"
	t0=$(now)
	taskset -c 0 "$modport" fix --in-place --license=GPL "$tmp/m" 2>/dev/null || true
	t=$(echo "$(now) - $t0" | bc)
	if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
done
cp -r "$tree/$dir" "$tmp/s"
t0=$(now)
taskset -c 0 spatch --sp-file "$tmp/all.cocci" --dir "$tmp/s" --in-place --jobs 1 \
	--very-quiet --no-includes --include-headers --timeout 60 >"$tmp/spatch.out" 2>&1 || true
st=$(echo "$(now) - $t0" | bc)

echo "modport fix --in-place against spatch ($rules-rule semantic patch), $dir of $(basename "$tree"): $files files, $((bytes / 1024)) KB, one core"
awk -v m="$best" -v s="$st" 'BEGIN {
	printf "  modport: %.3f s (best of 3)\n  spatch:  %.1f s\n", m, s
	printf "  ratio spatch/modport: %.0fx (goal: 100x)\n", s / m }'
echo "  files changed: modport $(diff -rq "$tree/$dir" "$tmp/m" | wc -l), spatch $(diff -rq "$tree/$dir" "$tmp/s" | wc -l)"
