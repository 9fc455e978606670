#!/usr/bin/env bash
# The module code is kernel style: checkpatch.pl (from Debian's
# linux-source-6.1) finds nothing, and sparse (make C=2) warns of nothing.
. "$(dirname "$0")/lib.sh"
need perl sparse make gcc apt-get dpkg-deb
plan 5

checkpatch=$("$TOP/scripts/get-checkpatch")
for f in "$TOP/module/hello.c" "$TOP"/tests/modules/*.c; do
	files+=("$f")
done
out=$("$checkpatch" --no-tree --strict --quiet -f "${files[@]}" 2>&1); status=$?
diag "$out"
is "$status" 0 "checkpatch --strict: no errors, no warnings, no checks in the module code"
unlike "$out" 'WARNING|ERROR|CHECK' "and prints none"

dir=$(build_modules "$TOP/module" sparse)
out=$("$TOP/scripts/kbuild" "$KERNEL" "$dir" C=2 modules 2>&1); status=$?
is "$status" 0 "the module builds with sparse"
like "$out" 'CHECK +.*/hello\.c$' "sparse did check hello.c"
unlike "$(grep -v 'include/' <<<"$out")" "hello\.c:[0-9]+:[0-9]+: (warning|error)" "sparse warns of nothing in hello.c"
done_testing
