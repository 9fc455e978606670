#!/usr/bin/env bash
# Any test program (issue 19, item 2): a dynamically linked --file brings its
# ELF interpreter and the shared libraries it needs from the host (read from
# its PT_INTERP and DT_NEEDED, theirs too, DT_RUNPATH honoured); a program
# that cannot run in the guest (another architecture, a library the host
# lacks) is one line and exit status 2 before anything boots.
. "$(dirname "$0")/lib.sh"
need gcc perl setsid pgrep readelf
plan 14

dir=$(build_modules "$TOP/tests/modules" dynfile)
is "$(cat "$dir/build.status")" 0 "the test modules build"
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
gcc -O2 -o "$tmp/echo-dyn" "$TOP/tests/progs/echo-test.c"
readelf -l "$tmp/echo-dyn" 2>/dev/null | grep -q 'program interpreter'; ok $? "the test program is dynamically linked"

out=$("$MODRUN" --file "$tmp/echo-dyn:/test/echo-test-dyn" -x /test/echo-test-dyn \
	-x 'ls /lib64/ld-linux-x86-64.so.2 /lib/x86_64-linux-gnu/libc.so.6' "$dir/chardev.ko" 2>&1); status=$?
diag "$out"
is "$status" 0 "modrun --file DYNAMIC -x it: passes"
like "$out" '^# read back: modrun was here$' "the dynamically linked program ran in the guest"
like "$out" '^ok [0-9]+ exec "/test/echo-test-dyn"$' "its test passes"
like "$out" '^# /lib64/ld-linux-x86-64.so.2$' "its interpreter is in the guest"
like "$out" '^# /lib/x86_64-linux-gnu/libc.so.6$' "and libc"

# A library of our own, found through DT_RUNPATH ($ORIGIN-free, absolute).
mkdir -p "$tmp/lib"
printf 'const char *greet(void) { return "greetings from libgreet"; }\n' >"$tmp/greet.c"
gcc -O2 -shared -fPIC -o "$tmp/lib/libgreet.so" "$tmp/greet.c"
printf '#include <stdio.h>\nconst char *greet(void);\nint main(void) { puts(greet()); return 0; }\n' >"$tmp/hi.c"
gcc -O2 -o "$tmp/hi" "$tmp/hi.c" -L"$tmp/lib" -lgreet -Wl,--enable-new-dtags,-rpath,"$tmp/lib"
out=$("$MODRUN" --file "$tmp/hi:/hi" -x /hi "$dir/params.ko" 2>&1); status=$?
diag "$out"
like "$out" '^# greetings from libgreet$' "a library of the program's DT_RUNPATH comes too"

# Never boots: another architecture, a library the host does not have.
cp "$tmp/echo-dyn" "$tmp/arm"
printf '\267\000' | dd of="$tmp/arm" bs=1 seek=18 conv=notrunc 2>/dev/null	# e_machine = EM_AARCH64
out=$(session_run "$MODRUN" --file "$tmp/arm" -x /arm "$dir/chardev.ko" 2>&1); status=$?
is "$status" 2 "a program for arm64: exit status 2"
is "$out" "modrun: --file $tmp/arm: an ELF for arm64, but the guest is x86-64" "in one line"
perl -pe 's/libgreet\.so/libgreeX.so/g' "$tmp/hi" >"$tmp/nolib"
chmod +x "$tmp/nolib"
out=$(session_run "$MODRUN" --file "$tmp/nolib" -x /nolib "$dir/chardev.ko" 2>&1); status=$?
is "$status" 2 "a program that needs a library the host lacks: exit status 2"
like "$out" "^modrun: --file $tmp/nolib: needs the library libgreeX.so, which the host does not have" "naming the library"
is "$(wc -l <<<"$out")" 1 "in one line"
is "$(left_in_session)" 0 "and nothing booted"
done_testing
