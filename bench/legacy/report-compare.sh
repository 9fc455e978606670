#!/bin/sh
# report-compare.sh [TREE] [OUTDIR]
# The report-only rules, modport against Coccinelle, on the module files of a
# Linux 2.4 tree (census.sh --list): modport check runs once over all files
# with every rule; spatch runs each context-mode semantic patch of
# cocci/report/ (one core, one group per file).  Prints per rule: the textual
# census count, the sites modport reports, the sites spatch marks, spatch's
# seconds; then both total times and their ratio.  Sites in spatch's output
# are the rule's names counted on its '-' lines (context mode marks whole
# lines, so a line with two uses counts both).
# TREE defaults to cache/linux-2.4.22, OUTDIR to cache/legacy-report.
# MODPORT (default build/bin/modport), TIMEOUT (spatch per file, default 30);
# REUSE=1 keeps the spatch output (and time) of an earlier run in OUTDIR.
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:-cache/linux-2.4.22}
out=${2:-cache/legacy-report}
modport=${MODPORT:-build/bin/modport}
timeout=${TIMEOUT:-30}
if [ ! -d "$tree" ]; then
    echo "report-compare: skipped: no Linux 2.4 tree at $tree (see bench/legacy/README.md)"; exit 0
fi
if ! command -v spatch >/dev/null 2>&1; then
    echo "report-compare: skipped: spatch not installed (apt-get install coccinelle)"; exit 0
fi
if [ ! -x "$modport" ]; then
    echo "report-compare: skipped: no $modport (make build/bin/modport)"; exit 0
fi
mkdir -p "$out" || exit 2
modport=$(cd "$(dirname "$modport")" && pwd)/$(basename "$modport")
tree=$(cd "$tree" && pwd); out=$(cd "$out" && pwd)
rules="cli-sti sleep-on task-queue check-region verify-area set-module-owner kdev-t void-irq-handler"

perl "$here/census.pl" "$tree" --tsv > "$out/census.tsv" || exit 2
perl "$here/census.pl" "$tree" --list > "$out/files.list" || exit 2
sed 's/$/\n/' "$out/files.list" > "$out/groups"

start=$(date +%s.%N)
(cd "$tree" && xargs "$modport" check < "$out/files.list") > "$out/modport.txt" 2>/dev/null
end=$(date +%s.%N)
mtime=$(echo "$end - $start" | bc)

# count RULE FILE: modport's reports of RULE; kdev-t split as rdev/other
mcount() {
    case $1 in
    kdev-t-rdev) grep '\[kdev-t\]$' "$2" | grep -c ': warning: M[AI][JN]OR() of i_rdev' ;;
    kdev-t) grep '\[kdev-t\]$' "$2" | grep -vc ': warning: M[AI][JN]OR() of i_rdev' ;;
    *) grep -c "\\[$1\\]\$" "$2" ;;
    esac
}
# scount OUT/RULE.diff: names of RULE on the '-' lines of spatch's context output
scount() {
    perl -ne '
        BEGIN { %re = (
            "cli-sti" => qr/\b(?:cli|sti|save_flags|restore_flags)\s*\(/,
            "sleep-on" => qr/\b(?:interruptible_)?sleep_on(?:_timeout)?\s*\(/,
            "task-queue" => qr/\bqueue_task\s*\(|\btq_struct\b/,
            "check-region" => qr/\bcheck_region\s*\(/,
            "verify-area" => qr/\bverify_area\s*\(/,
            "set-module-owner" => qr/\bSET_MODULE_OWNER\s*\(/,
            "kdev-t-rdev" => qr/\b(?:MINOR|MAJOR)\s*\([^;()]*i_rdev\s*\)/,
            "kdev-t" => qr/\bkdev_t\b|\b(?:kdevname|kdev_t_to_nr|to_kdev_t|mk_kdev)\s*\(/,
            "void-irq-handler" => qr/\bvoid\s+\w+\s*\(/) }
        next unless /^-(?!--)/;
        ($r = $ARGV) =~ s{.*/}{};
        $r =~ s{[.]diff\z}{};
        $n += () = /$re{$r}/g;
        END { print $n // 0, "\n" }' "$1"
}
census() { awk -F'\t' -v t="$1" '$1==t {print $2}' "$out/census.tsv"; }

printf '%s: %d module files; modport check (all rules, one run) %.2f s\n' "$tree" \
    "$(wc -l < "$out/files.list")" "$mtime"
printf '%-28s %7s %8s %8s %9s\n' rule census modport spatch spatch-s
total=0
for r in $rules; do
    if [ -z "$REUSE" ] || [ ! -f "$out/$r.time" ]; then
        s=$(date +%s.%N)
        (cd "$tree" && spatch --very-quiet --no-includes --include-headers --jobs 1 \
            --timeout "$timeout" --sp-file "$here/cocci/report/$r.cocci" --file-groups "$out/groups") \
            > "$out/$r.diff" 2> "$out/$r.err"
        e=$(date +%s.%N)
        echo "$e - $s" | bc > "$out/$r.time"
    fi
    secs=$(cat "$out/$r.time"); total=$(echo "$total + $secs" | bc)
    if [ "$r" = kdev-t ]; then
        cp "$out/$r.diff" "$out/kdev-t-rdev.diff"
        printf '%-28s %7s %8s %8s %9.1f\n' "kdev-t (MINOR/MAJOR i_rdev)" "$(census minor-major-rdev)" \
            "$(mcount kdev-t-rdev "$out/modport.txt")" "$(scount "$out/kdev-t-rdev.diff")" "$secs"
        printf '%-28s %7s %8s %8s %9s\n' "kdev-t (kdev_t, helpers)" - \
            "$(mcount kdev-t "$out/modport.txt")" "$(scount "$out/$r.diff")" "(same)"
    else
        printf '%-28s %7s %8s %8s %9.1f\n' "$r" "$(census "$r")" \
            "$(mcount "$r" "$out/modport.txt")" "$(scount "$out/$r.diff")" "$secs"
    fi
done
printf 'time: spatch %.1f s (sum over rules, one core), modport %.2f s (all rules, one run), ratio %.0fx\n' \
    "$total" "$mtime" "$(echo "$total / $mtime" | bc -l)"
