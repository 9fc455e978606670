#!/usr/bin/env bash
# A driver developer's day (issue 19), what needs no boot: every check that
# needs no kernel comes before any provisioning (item 4), options anywhere
# (5), modrun parse refuses what is not a --log and no NULL reaches a format
# (6), modrun build's folder (7), and messages that name the fix (9).
# MODRUN and MODPORT may name other binaries (the transcript of the before).
. "$(dirname "$0")/lib.sh"
need perl
MODPORT=${MODPORT:-$TOP/build/bin/modport}
plan 36

hello=$(W= build_modules "$TOP/module" driver-day)/hello.ko
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'

# A data folder whose provision-kernel only records how it was called: a
# provisioning is a line without --release.  6.1 is provisioned in its cache.
mkdir -p "$tmp/data/scripts" "$tmp/cache/kernels/6.1"
cp "$TOP/kernels.conf" "$tmp/data/"
cat >"$tmp/data/scripts/provision-kernel" <<'SH'
#!/bin/sh
echo "$*" >>"$MODRUN_CACHE/calls"
if [ "$1" = --release ]; then
	case $2 in *-rt) echo 6.1.0-57-rt-amd64 ;; 7.3) echo 7.3.4+deb13-amd64 ;; *) echo 6.1.0-57-amd64 ;; esac
	exit 0
fi
exit 1
SH
chmod +x "$tmp/data/scripts/provision-kernel"
release=$(cat "$CACHE/kernels/6.1/release")
echo "$release" >"$tmp/cache/kernels/6.1/release"
touch "$tmp/cache/kernels/6.1/ready"
fake() { MODRUN_DATA=$tmp/data MODRUN_CACHE=$tmp/cache "$MODRUN" "$@" 2>&1; }
provisioned() { grep -v -- '^--release' "$tmp/cache/calls" 2>/dev/null | paste -sd' '; }

# 4: checks before provisioning.
out=$(fake --kernel 7.3 "$tmp/nosuch.ko"); status=$?
is "$status" 2 "4: --kernel 7.3 nosuch.ko: exit status 2"
is "$out" "modrun: $tmp/nosuch.ko: cannot read: No such file or directory" "4: the missing file is named, in one line"
is "$(provisioned)" "" "4: and nothing was provisioned"
out=$(fake --kernel 7.3 --file "$tmp/nosuch" "$hello"); status=$?
is "$status:$(provisioned)" "2:" "4: a missing --file: exit 2 before provisioning"
like "$out" "^modrun: --file $tmp/nosuch: cannot read" "4: naming it"
out=$(fake --kernel 6.1-rt "$hello"); status=$?
is "$status" 2 "4: a 6.1 module with --kernel 6.1-rt: exit status 2"
like "$out" "^modrun: .*hello.ko: built for kernel $release, but --kernel 6.1-rt is 6.1.0-57-rt-amd64 \(vermagic mismatch\)" "4: the vermagic mismatch, from the package index"
is "$(provisioned)" "" "4: before anything is provisioned"
out=$(fake --kernel 6.13 "$hello"); status=$?
is "$status" 2 "4: an unknown kernel name: exit status 2"
like "$out" "6\.13: .*not a kernel of .*\(known: 6\.1 6\.1-rt 6\.12 7\.3 7\.3-rt\)" "4: with the known ones"

# 5: options anywhere; -- ends them.
out=$("$MODRUN" "$hello" --kernel "$tmp/nokernel" 2>&1); status=$?
is "$status" 2 "5: modrun hello.ko --kernel DIR: exit status 2"
like "$out" "^modrun: $tmp/nokernel: no kernel there" "5: --kernel after the module is an option"
out=$("$MODRUN" "$hello" -- --kernel 2>&1); status=$?
like "$out" "^modrun: --kernel: cannot read" "5: after --, --kernel is a file"
out=$(cd "$TOP/module" && "$MODRUN" build . --kernel 6.13 2>&1); status=$?
is "$status" 2 "5: modrun build . --kernel 6.13: exit status 2"
like "$out" "^modrun: build: 6\.13: not a kernel of .*\(known: " "5: --kernel after the folder is an option"
out=$("$MODPORT" check "$TOP/legacy/hello-2.4.c" --rules=define-module 2>&1)
is "$(grep -c 'warning:' <<<"$out")" 1 "5: modport check FILE --rules=ID: the option after the file is taken"

# 6: modrun parse reads --logs only; no "(null)" in anything it prints.
"$MODRUN" parse "$TOP/tests/data/modrun/complete.log" >"$tmp/stdout.txt"
out=$("$MODRUN" parse "$tmp/stdout.txt" 2>&1); status=$?
is "$status" 2 "6: parse of a saved stdout: exit status 2"
is "$(wc -l <<<"$out")" 1 "6: in one line"
like "$out" "^modrun: $tmp/stdout.txt: modrun's printed verdict, not a --log" "6: saying what it is"
out=$("$MODRUN" parse "$TOP/README.md" 2>&1); status=$?
is "$status" 2 "6: parse of a text that is no log: exit status 2"
all=""
for f in "$TOP"/tests/data/modrun/*.log "$tmp/stdout.txt"; do
	n=$(wc -l <"$f")
	for ((k = 1; k <= n; k++)); do	# every prefix: each state it can end in
		all+=$(head -n "$k" "$f" | "$MODRUN" parse - 2>&1)
	done
done
unlike "$all" '\(null\)' "6: parse of every fixture, cut after each line: no (null)"
h=$TOP/build/san/bin/fuzz-modrun-parse
inputs=("$TOP"/tests/data/modrun/*)
[ -d "$TOP/tests/data/fuzz/modrun-parse" ] && inputs+=("$TOP"/tests/data/fuzz/modrun-parse/*)
out=$(FUZZ_OUTPUT=- "$h" "${inputs[@]}" 2>&1)
[ -n "$out" ]; ok $? "6: the fuzz replay shows what it prints (FUZZ_OUTPUT=-)"
unlike "$out" '\(null\)' "6: and no (null) in it"

# 7: modrun build: default folder, bad input is 2, a folder without kbuild.
mkdir -p "$tmp/empty" "$tmp/hello"
cp "$TOP/module/hello.c" "$TOP/module/Kbuild" "$tmp/hello/" 2>/dev/null || cp "$TOP"/module/* "$tmp/hello/"
out=$("$MODRUN" build "$tmp/nosuch" 2>&1); status=$?
is "$status" 2 "7: build of a missing folder: exit status 2"
out=$(cd "$tmp/empty" && "$MODRUN" build 2>&1); status=$?
is "$status" 2 "7: build in a folder without Kbuild or Makefile: exit status 2"
is "$(wc -l <<<"$out")" 1 "7: in one line"
like "$out" "no Kbuild or Makefile there" "7: saying so"
out=$("$MODRUN" build --kernel 6.13 "$tmp/hello" 2>&1); status=$?
like "$out" "\(known: 6\.1 6\.1-rt 6\.12 7\.3 7\.3-rt\)" "7: a typo'd kernel name lists the known ones"
out=$(cd "$tmp/hello" && "$MODRUN" build --kernel 6.1 2>&1); status=$?
is "$status" 0 "7: modrun build with no folder builds ."
[ -f "$tmp/hello/hello.ko" ]; ok $? "7: hello.ko is there"

# 9: messages that name the fix.
out=$("$MODRUN" --kernel 6.12 "$hello" 2>&1); status=$?
like "$out" "vermagic mismatch\): give --kernel 6\.1," "9: a vermagic mismatch names the kernel that has the module's release"
out=$("$MODRUN" "$TOP/module/hello.c" 2>&1); status=$?
is "$status" 2 "9: a .c given to modrun: exit status 2"
like "$out" "a C source, not a module: build it first \(modrun build" "9: pointing at modrun build"
out=$("$MODPORT" check --rules=module-param "$TOP/legacy/hello-2.4.c" 2>&1)
like "$out" "unknown rule 'module-param': did you mean 'module-parm'\?" "9: --rules=module-param suggests module-parm"
cp "$TOP/legacy/hello-2.4.c" "$tmp/h.c"
out=$("$MODPORT" fix --in-place --license=GPL "$tmp/h.c" 2>&1)
like "$out" "^modport: $tmp/h.c: fixed 5 sites: define-module, implicit-init" "9: fix --in-place says what it changed"
like "$("$MODPORT" --list-rules | head -n 1)" "^# ID	KIND	GONE IN	NEW SINCE	SUMMARY$" "9: --list-rules has a header line"
done_testing
