#!/usr/bin/env bash
# modport(1): clean mdoc, --help and --version, and its examples work.
. "$(dirname "$0")/lib.sh"
need mandoc man patch
MODPORT=${MODPORT:-$TOP/build/bin/modport}
plan 11
check_manual "$MODPORT" "$TOP/modport/modport.1"
like "$(MANWIDTH=80 man "$TOP/modport/modport.1" 2>/dev/null)" "BAD INPUT" "man ./modport.1 shows the bad-input table"
like "$("$MODPORT" --help)" '^usage: modport check ' "modport --help shows the check mode first"

# EXAMPLES
cd "$TOP" || exit 2
out=$("$MODPORT" check legacy/hello-2.4.c | head -n 1)
like "$out" "^legacy/hello-2\.4\.c:1:1: warning: '#define MODULE' is obsolete: " "example: check"
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
mkdir -p "$tmp/src"
cp legacy/hello-2.4.c "$tmp/src/hello.c"
(cd "$tmp" && "$MODPORT" fix --license=GPL src | patch -s -p1)
like "$(cat "$tmp/src/hello.c")" '^module_exit\(hello_exit\);$' "example: fix | patch -p1"
(cd "$tmp" && "$MODPORT" fix --in-place --license=GPL src); status=$?
is "$status" 0 "example: fix --in-place of a ported folder has nothing left to do"
done_testing
