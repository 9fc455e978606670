#!/usr/bin/env bash
# Module parameters (issue 19, item 1): the words after a module that contain
# '=' are its parameters, as insmod's and modprobe's; "mod.key=val" in
# --append is handed to module mod, as the kernel does for built-ins; the load
# line of the report shows them, /sys/module/NAME/parameters has them, and a
# parameter the module does not declare is refused before anything boots.
. "$(dirname "$0")/lib.sh"
plan 14

dir=$(build_modules "$TOP/tests/modules" params)
is "$(cat "$dir/build.status")" 0 "the test modules build"
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'

out=$("$MODRUN" --log "$tmp/params.log" "$dir/params.ko" bufsize=16 'greeting="a b"' \
	-x 'cat /sys/module/params/parameters/bufsize /sys/module/params/parameters/greeting' 2>&1); status=$?
diag "$out"
is "$status" 0 "modrun params.ko bufsize=16 greeting=\"a b\": passes"
like "$out" '^# loading params bufsize=16 greeting="a b"$' "the load line shows the parameters"
like "$out" '^# KERN_INFO +params: bufsize=16 greeting=a b$' "the module was given them"
like "$out" '^# 16$' "/sys/module/params/parameters/bufsize reads 16 in --exec"
like "$out" '^# a b$' "and greeting reads 'a b'"
saved=$("$MODRUN" parse "$tmp/params.log")
like "$saved" '^# loading params bufsize=16 greeting="a b"$' "modrun parse shows them too"

out=$("$MODRUN" --append 'params.bufsize=32' "$dir/params.ko" 2>&1); status=$?
diag "$out"
is "$status" 0 "--append params.bufsize=32: passes"
like "$out" '^# KERN_INFO +params: bufsize=32 greeting=hello$' "the module was given bufsize=32"
like "$out" '^# loading params bufsize=32$' "and the load line shows it"

# Never boots: a parameter the module does not declare, one before any module.
out=$("$MODRUN" "$dir/params.ko" bufsiz=3 2>&1); status=$?
is "$status" 2 "an undeclared parameter: exit status 2"
like "$out" "^modrun: .*params.ko: bufsiz=3: module params has no parameter 'bufsiz' \(its parameters: .*bufsize.*\)$" "in one line, with the parameters it has"
out=$("$MODRUN" bufsize=3 "$dir/params.ko" 2>&1); status=$?
is "$status" 2 "a parameter before any module: exit status 2"
like "$out" "^modrun: bufsize=3: a module parameter before any module" "says so"
done_testing
