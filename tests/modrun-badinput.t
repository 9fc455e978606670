#!/usr/bin/env bash
# Bad input: a clear message, exit status 2, no VM left running, no
# temporary file left behind.  Run with both builds (plain, ASan+UBSan).
. "$(dirname "$0")/lib.sh"
need pgrep setsid perl
plan 64

hello=$(W= build_modules "$TOP/module" badinput)/hello.ko
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
mkdir "$tmp/tmpdir"
printf 'not a module\n' >"$tmp/text.ko"
: >"$tmp/empty.ko"
# The same module, as if built for another kernel: only vermagic differs.
perl -pe 's/vermagic=\d+\.\d+\.\d+-\d+/vermagic=5.9.0-99/' "$hello" >"$tmp/old.ko"
cp /bin/true "$tmp/program.ko"

try() {	# try BIN REGEX NAME ARGS...
	local bin=$1 want=$2 name=$3 out status
	shift 3
	out=$(TMPDIR=$tmp/tmpdir session_run "$bin" "$@" 2>&1 >/dev/null); status=$?
	is "$status" 2 "$(basename "$(dirname "$(dirname "$bin")")")/$name: exit status 2"
	like "$out" "$want" "$name: says why"
	# nothing of the run still runs, nothing is left in its TMPDIR
	[ "$(left_in_session)" = 0 ] && [ -z "$(ls -A "$tmp/tmpdir")" ]
	ok $? "$name: no VM and no temporary file left"
}

for bin in "$TOP/build/bin/modrun" "$TOP/build/san/bin/modrun"; do
	try "$bin" "^modrun: $tmp/missing.ko: cannot read: No such file or directory$" "missing file" "$tmp/missing.ko"
	try "$bin" "^modrun: $tmp/text.ko: not an ELF file$" "non-ELF file" "$tmp/text.ko"
	try "$bin" "^modrun: $tmp/empty.ko: not an ELF file$" "empty file" "$tmp/empty.ko"
	try "$bin" "not a kernel module" "a program, not a module" "$tmp/program.ko"
	try "$bin" "built for kernel 5\.9\.0-99.*vermagic mismatch" "vermagic mismatch" "$tmp/old.ko"
	try "$bin" "unrecognized option '--frobnicate'" "unknown option" --frobnicate "$hello"
	try "$bin" "^modrun: $tmp/nokernel: no kernel there" "missing kernel" --kernel "$tmp/nokernel" "$hello"
	try "$bin" "^modrun: --exec wants a command$" "empty --exec" --exec '' "$hello"
	try "$bin" "^modrun: --file $tmp/missing: cannot read $tmp/missing: No such file or directory$" "missing --file" --file "$tmp/missing" "$hello"
	try "$bin" "^modrun: --file $tmp/text.ko:/init: the guest's path" "--file over /init" --file "$tmp/text.ko:/init" "$hello"
done
out=$("$TOP/build/bin/modrun" --timeout -3 "$hello" 2>&1); status=$?
is "$status" 2 "a negative timeout is refused"
like "$out" "timeout wants a number" "and says so"
out=$("$TOP/build/bin/modrun" "$hello" "$hello" 2>&1); status=$?
is "$status" 2 "the same module twice is refused"
like "$out" "module hello is given twice" "and says so"
done_testing
