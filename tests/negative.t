#!/usr/bin/env bash
# Negative controls: the checks of modrun can fail.  A proprietary module is
# seen to taint P, a failing init is a failed load with its errno, a hanging
# init ends at the timeout, a panic ends the run with the panic shown.
. "$(dirname "$0")/lib.sh"
need make gcc pgrep setsid qemu-system-x86_64
# The host side runs under ASan and UBSan here: supervision, timeout, crash.
MODRUN=$TOP/build/san/bin/modrun
plan 22

dir=$(build_modules "$TOP/tests/modules" negative)
is "$(cat "$dir/build.status")" 0 "the negative-control modules build"

out=$("$MODRUN" "$dir/proprietary.ko"); status=$?
diag "$out"
is "$status" 1 "proprietary: modrun fails"
like "$out" "^# KERN_WARNING +proprietary: module license 'Proprietary' taints kernel\.$" "proprietary: the kernel says the license taints it"
like "$out" '^# taint: P O E - proprietary module' "proprietary: the module's taint has P"
like "$out" '^not ok 3 taint proprietary$' "proprietary: the taint test fails"
like "$out" '^# kernel taint: [0-9]+ \(P' "proprietary: the kernel is tainted P"
like "$out" '^ok 1 load proprietary$' "proprietary: it did load"

out=$("$MODRUN" "$dir/enodev.ko"); status=$?
diag "$out"
is "$status" 1 "enodev: modrun fails"
like "$out" '^not ok 1 load enodev$' "enodev: the load fails"
like "$out" '^# error: finit_module: ENODEV \(No such device\)$' "enodev: with ENODEV"
like "$out" '^# /sys/module/enodev: gone$' "enodev: nothing is left in /sys/module"
like "$out" '^ok [0-9]+ kernel$' "enodev: the kernel itself is fine"

start=$(date +%s)
out=$(session_run "$MODRUN" --timeout 8 "$dir/hang.ko"); status=$?
took=$(( $(date +%s) - start ))
diag "$out" "took $took s"
is "$status" 1 "hang: modrun fails"
like "$out" '^not ok 1 load hang # TIMEOUT 8 seconds$' "hang: the load is reported as timed out"
[ "$took" -lt 20 ]; ok $? "hang: the run ends near its timeout (took $took s for 8 s)"
like "$out" 'hang: hanging in init' "hang: what the kernel said before is shown"
is "$(left_in_session)" 0 "hang: no QEMU is left running"

out=$("$MODRUN" "$dir/panic.ko"); status=$?
diag "$out"
is "$status" 1 "panic: modrun fails"
like "$out" '^# crash: .*Kernel panic - not syncing: modrun negative control: deliberate panic' "panic: the panic is reported"
like "$out" 'panic_init\+0x' "panic: with the call trace"
like "$out" '^not ok 1 load panic # ERROR the kernel crashed$' "panic: the load is reported as crashed"
like "$out" '^not ok [0-9]+ kernel # ERROR the kernel crashed$' "panic: the kernel test fails"
done_testing
