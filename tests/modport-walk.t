#!/usr/bin/env bash
# modport check over a folder says of each file what a check of that file
# alone says: a header that the folder's .c files included before the
# walk comes to it is taken from the header cache, read and tokenized
# already (hdrcache_hold()), and must give the same findings as a header
# read on its own.  a.c includes a.h (verify_area(), gone) and b.h (a
# static after an extern: static-redecl), and its own static a_count,
# which a.h declares extern, makes static-redecl read both headers into
# the cache; both come after a.c.
. "$(dirname "$0")/lib.sh"
need diff
cd "$TOP" || exit 2
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
plan $(( ${#bins[@]} * 5 ))

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/d"
printf '#include "a.h"\n#include "b.h"\nstatic int a_count;\nint use(void) { return a_f() + B_X + a_count; }\n' >"$tmp/d/a.c"
printf '#include <asm/uaccess.h>\nstatic inline int a_f(void) { return verify_area(VERIFY_READ, 0, 0); }\nextern int a_count;\n' >"$tmp/d/a.h"
printf '#define B_X 1\nextern int b_count;\nstatic int b_count;\n' >"$tmp/d/b.h"

for mp in "${bins[@]}"; do
	name=${mp#"$TOP"/}
	alone=$(cd "$tmp" && for f in d/a.c d/a.h d/b.h; do
		"$mp" check --target=6.1 "$f" 2>&1
	done)
	whole=$(cd "$tmp" && "$mp" check -j1 --target=6.1 d 2>&1; echo "exit $?")
	is "$whole" "$alone
exit 1" "$name: the folder's findings are each file's alone"
	grep -q '^d/a\.c:3:[0-9]*: warning: .*\[static-redecl\]$' <<<"$whole"
	ok $? "$name: a.c's static after a.h's extern: the headers were read"
	grep -q '^d/a\.h:2:[0-9]*: warning: .*\[verify-area\]$' <<<"$whole"
	ok $? "$name: a.h, taken from the cache, has its finding"
	grep -q '^d/b\.h:3:[0-9]*: warning: .*\[static-redecl\]$' <<<"$whole"
	ok $? "$name: b.h, taken from the cache, has its finding"
	jobs=$(cd "$tmp" && "$mp" check -j2 --target=6.1 d 2>&1; echo "exit $?")
	is "$jobs" "$whole" "$name: -j2 says the same"
done
