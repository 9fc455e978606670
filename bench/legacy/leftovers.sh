#!/bin/sh
# leftovers.sh [TREE] [MODPORT]: port a copy of a Linux 2.4 tree with
# `modport fix --in-place`, then count the 2.4 module-interface sites that
# are left with no finding at all (leftovers.pl).  The goal is 0: each site
# is either rewritten or named by a finding.  Skips (exit 0) without a tree.
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:-$here/../../cache/linux-2.4.22}
modport=${2:-$here/../../build/bin/modport}
if [ ! -d "$tree" ]; then
	echo "leftovers: skipped: no Linux 2.4 tree at $tree (see bench/legacy/README.md)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$tree" "$tmp/t"
"$modport" fix --in-place --license=GPL "$tmp/t" 2>/dev/null
"$modport" check "$tmp/t" >"$tmp/findings" 2>&1
perl "$here/leftovers.pl" "$tmp/t" "$tmp/findings" | sed "s|$tmp/t/||"
