#!/usr/bin/env bash
# modrun(1): clean mdoc (mandoc -Tlint); --help and --version answer with
# exit status 0.  (modport's manual: tests/modport-docs.t.)
. "$(dirname "$0")/lib.sh"
plan 6
out=$(mandoc -Tlint -Wwarning "$TOP/modrun/modrun.1" 2>&1); status=$?
[ -n "$out" ] && diag "$out"
is "$status" 0 "modrun.1: mandoc -Tlint finds no warning"
like "$(MANWIDTH=80 man "$TOP/modrun/modrun.1" 2>/dev/null)" "EXIT STATUS" "man ./modrun/modrun.1 renders"
out=$("$MODRUN" --help); status=$?
is "$status" 0 "modrun --help exits 0"
like "$out" '^usage: modrun ' "modrun --help prints the usage"
out=$("$MODRUN" --version); status=$?
is "$status" 0 "modrun --version exits 0"
like "$out" '^modrun [0-9]' "modrun --version prints the version"
done_testing
