#!/usr/bin/env bash
# The manuals: every tool's man page is clean mdoc (mandoc -Tlint), and
# --help and --version answer with exit status 0.
. "$(dirname "$0")/lib.sh"
pages=("$TOP"/{modrun,modport}/*.1)
plan $(( ${#pages[@]} + 4 ))
for page in "${pages[@]}"; do
	out=$(mandoc -Tlint -Wwarning "$page" 2>&1); status=$?
	[ -n "$out" ] && diag "$out"
	is "$status" 0 "$(basename "$page"): mandoc -Tlint finds no warning"
done
out=$("$MODRUN" --help); status=$?
is "$status" 0 "modrun --help exits 0"
like "$out" '^usage: modrun ' "modrun --help prints the usage"
out=$("$MODRUN" --version); status=$?
is "$status" 0 "modrun --version exits 0"
like "$out" '^modrun [0-9]' "modrun --version prints the version"
done_testing
