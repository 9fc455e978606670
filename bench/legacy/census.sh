#!/bin/sh
# census.sh [TREE] [--list|--tsv]
# Plain textual (grep-level, comment/string-aware regex) counts of issue 5's
# porting sites over a Linux 2.4 tree.  TREE defaults to cache/linux-2.4.22.
# Skips (exit 0) with a message when the tree is absent.
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:-cache/linux-2.4.22}
if [ ! -d "$tree" ]; then
    echo "census: skipped: no Linux 2.4 tree at $tree (see bench/legacy/README.md)"
    exit 0
fi
shift 2>/dev/null
exec perl "$here/census.pl" "$tree" "$@"
