#!/bin/sh
# spatch-run.sh [TREE] [OUTDIR]
# Runs each semantic patch in cocci/ over the module files of a Linux 2.4 tree
# (as listed by census.sh --list), one spatch job at a time (--jobs 1, one
# core), each file its own group, with a per-file timeout.  Stores per rule
# OUTDIR/RULE.diff, RULE.err, RULE.time and prints per rule: textual sites
# (census), sites converted by spatch (diffcount.pl), files changed, seconds.
# TREE defaults to cache/linux-2.4.22, OUTDIR to cache/legacy-spatch.
# RULES="a b" limits the rules; TIMEOUT (default 30) is spatch's per-file timeout.
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:-cache/linux-2.4.22}
out=${2:-cache/legacy-spatch}
timeout=${TIMEOUT:-30}
if [ ! -d "$tree" ]; then
    echo "spatch-run: skipped: no Linux 2.4 tree at $tree (see bench/legacy/README.md)"; exit 0
fi
if ! command -v spatch >/dev/null 2>&1; then
    echo "spatch-run: skipped: spatch not installed (apt-get install coccinelle)"; exit 0
fi
mkdir -p "$out" || exit 2
tree=$(cd "$tree" && pwd); out=$(cd "$out" && pwd)
rules=${RULES:-"implicit-init module-wrapper module-parm use-count export-no-symbols export-symtab no-version config-h malloc-h gnu-initializer"}

perl "$here/census.pl" "$tree" --tsv > "$out/census.tsv" || exit 2
perl "$here/census.pl" "$tree" --list > "$out/files.list" || exit 2
# one group per file: spatch processes each group separately
(cd "$tree" && sed 's/$/\n/' "$out/files.list") > "$out/groups"
nfiles=$(wc -l < "$out/files.list")

# census rule whose site count is the target of each semantic patch
target() {
    case $1 in
    implicit-init) echo init-only ;;        # files defining init_module w/o module_init
    module-wrapper) echo init-only-wrapper ;;
    module-parm) echo module-parm-simple ;;
    *) echo "$1" ;;
    esac
}
printf '%s (spatch %s, --jobs 1, timeout %ss/file, %d module files)\n' "$tree" \
    "$(spatch --version 2>/dev/null | sed -n '1s/spatch version \([^ ]*\).*/\1/p')" "$timeout" "$nfiles"
printf '%-18s %-20s %8s %10s %8s %9s %9s\n' rule census-target sites converted files seconds s/file
total=0
for r in $rules; do
    t=$(target "$r")
    sites=$(awk -F'\t' -v t="$t" '$1==t {print $2}' "$out/census.tsv")
    start=$(date +%s.%N)
    (cd "$tree" && spatch --very-quiet --no-includes --include-headers --jobs 1 \
        --timeout "$timeout" --sp-file "$here/cocci/$r.cocci" --file-groups "$out/groups") \
        > "$out/$r.diff" 2> "$out/$r.err"
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    echo "$secs" > "$out/$r.time"
    perl "$here/diffcount.pl" "$out/$r.diff" > "$out/$r.count"
    case $r in
    implicit-init) conv=$(awk -F'\t' '$1=="implicit-init" {print $2}' "$out/$r.count") ;;
    module-wrapper) conv=$(awk -F'\t' '$1=="module-wrapper" {print $2}' "$out/$r.count") ;;
    *) conv=$(awk -F'\t' -v r="$r" '$1==r {print $2}' "$out/$r.count") ;;
    esac
    files=$(grep -c '^+++ ' "$out/$r.diff")
    printf '%-18s %-20s %8s %10s %8s %9.1f %9.3f\n' "$r" "$t" "${sites:-0}" "${conv:-0}" "$files" "$secs" \
        "$(echo "$secs / $nfiles" | bc -l)"
    total=$(echo "$total + $secs" | bc)
done
printf 'total spatch time: %.1f s\n' "$total"
