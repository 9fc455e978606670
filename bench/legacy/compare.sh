#!/bin/sh
# compare.sh [TREE] [OUTDIR]
# Runs modport ($MODPORT, default build/bin/modport: "modport fix PATH..."
# printing a unified diff) and spatch (the semantic patches in cocci/, via
# spatch-run.sh) on the same module files of a Linux 2.4 tree in one run, and
# prints per rule: textual sites (census), sites converted by each tool,
# files where the outputs differ (classified), and the time ratio.
# Hunks are attributed to rules by what their +/- lines contain (diffcount.pl).
# A rule modport does not implement shows 0 for modport; nothing fails on it.
# SPATCH_DIR=DIR reuses a finished spatch-run.sh output instead of rerunning.
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:-cache/linux-2.4.22}
out=${2:-cache/legacy-compare}
modport=${MODPORT:-build/bin/modport}
if [ ! -d "$tree" ]; then
    echo "compare: skipped: no Linux 2.4 tree at $tree (see bench/legacy/README.md)"; exit 0
fi
mkdir -p "$out" || exit 2
case $modport in /*) ;; */*) modport=$(pwd)/$modport ;; esac
tree=$(cd "$tree" && pwd); out=$(cd "$out" && pwd)

# 1. spatch, per rule (one core)
if [ -n "$SPATCH_DIR" ] && [ -f "$SPATCH_DIR/census.tsv" ]; then
    sp=$(cd "$SPATCH_DIR" && pwd); echo "compare: reusing spatch output in $sp"
else
    sp=$out/spatch
    "$here/spatch-run.sh" "$tree" "$sp" || echo "compare: spatch-run failed (status $?)"
fi
[ -f "$sp/files.list" ] || perl "$here/census.pl" "$tree" --list > "$sp/files.list"
[ -f "$sp/census.tsv" ] || perl "$here/census.pl" "$tree" --tsv > "$sp/census.tsv"

# 2. modport, all rules in one run over the same files
: > "$out/modport.diff"; mtime=0
if command -v "$modport" >/dev/null 2>&1 || [ -x "$modport" ]; then
    start=$(date +%s.%N)
    (cd "$tree" && tr '\n' '\0' < "$sp/files.list" | xargs -0 "$modport" fix) > "$out/modport.diff" 2> "$out/modport.err"
    st=$?
    end=$(date +%s.%N); mtime=$(echo "$end - $start" | bc)
    echo "compare: modport fix over $(wc -l < "$sp/files.list") files: ${mtime}s (xargs status $st; stderr in $out/modport.err)"
else
    echo "compare: no modport binary at $modport: modport columns are 0"
fi
perl "$here/diffcount.pl" --per-file "$out/modport.diff" > "$out/modport.perfile"
: > "$out/spatch.perfile"
for d in "$sp"/*.diff; do
    [ -f "$d" ] || continue
    r=$(basename "$d" .diff)
    # from each rule's own diff keep only that rule's sites (exit sites go with init)
    perl "$here/diffcount.pl" --per-file "$d" | awk -F'\t' -v r="$r" \
        '$2==r || (r=="implicit-init" && $2=="implicit-exit") || (r=="module-wrapper" && $2=="module-wrapper-exit")' >> "$out/spatch.perfile"
done

# 3. per-rule table
perl - "$out/modport.perfile" "$out/spatch.perfile" "$sp/census.tsv" "$sp" "$mtime" <<'PL'
use strict; use warnings;
my ($mp, $spf, $cen, $sp, $mtime) = @ARGV;
my (%m, %s, %cs);
for ([$mp, \%m], [$spf, \%s]) { my ($f, $h) = @$_; open my $fh, '<', $f or next;
    while (<$fh>) { chomp; my ($file, $r, $n) = split /\t/; $h->{$r}{$file} += $n } }
open my $c, '<', $cen or die; while (<$c>) { chomp; my @a = split /\t/; $cs{$a[0]} = $a[1] }
my %target = ('implicit-init' => 'init-only', 'implicit-exit' => 'cleanup-only', 'module-wrapper' => 'init-only-wrapper',
              'module-wrapper-exit' => 'init-only-wrapper', 'module-parm' => 'module-parm');
my @rules = qw(implicit-init implicit-exit module-wrapper module-wrapper-exit module-parm use-count export-no-symbols
               export-symtab no-version config-h malloc-h gnu-initializer);
my $stot = 0;
printf "%-20s %7s %8s %8s %6s %6s %6s %9s %9s\n", qw(rule sites modport spatch differ m-only s-only both-diff spatch-s);
for my $r (@rules) {
    my $t = $target{$r} // $r;
    my ($mn, $sn) = (0, 0); $mn += $_ for values %{$m{$r} // {}}; $sn += $_ for values %{$s{$r} // {}};
    my %f = (%{$m{$r} // {}}, %{$s{$r} // {}});
    my ($mo, $so, $bd) = (0, 0, 0);
    for my $f (keys %f) { my ($a, $b) = ($m{$r}{$f} // 0, $s{$r}{$f} // 0);
        if ($a && !$b) { $mo++ } elsif ($b && !$a) { $so++ } elsif ($a != $b) { $bd++ } }
    my $rf = $r =~ s/-exit$//r; $rf = 'implicit-init' if $r eq 'implicit-exit';
    my $stime = 0; if (open my $tf, '<', "$sp/$rf.time") { $stime = <$tf>; chomp $stime }
    $stot += $stime unless $r =~ /exit$/;
    printf "%-20s %7s %8d %8d %6d %6d %6d %9d %9s\n", $r, $cs{$t} // 0, $mn, $sn, $mo + $so + $bd, $mo, $so, $bd,
        $r =~ /exit$/ ? '(same)' : sprintf('%.1f', $stime);
}
printf "\nsites = textual census count (module-parm: all MODULE_PARM uses; spatch's patch covers the simple letters only);\n";
printf "differ = files where the tools converted a different number of sites for the rule\n";
printf "(m-only: only modport converted; s-only: only spatch; both-diff: both, different counts).\n";
printf "time: spatch %.1f s (sum over rules, one core), modport %.3f s (all rules, one run)", $stot, $mtime;
printf ", ratio spatch/modport = %.0fx\n", $mtime > 0 ? $stot / $mtime : 0 if $mtime > 0;
print "\n" unless $mtime > 0;
PL
