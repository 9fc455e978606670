#!/usr/bin/env bash
# modrun --each: each module proven on its own, all in one boot, as KTAP
# subtests; a module that crashes the kernel (oops, panic) or hangs is that
# module's verdict, and the run reboots and goes on: every good module after
# a crash passes.  The saved log parses to the same verdicts.  A module that
# needs another given module gets it loaded first in its own run.
. "$(dirname "$0")/lib.sh"
MODRUN=$TOP/build/san/bin/modrun	# the host side under ASan and UBSan
plan 35

dir=$(build_modules "$TOP/tests/modules" each)
is "$(cat "$dir/build.status")" 0 "the modules build"
mods=(enodev oops chardev panic crcdep hang edu proprietary)
paths=()
for m in "${mods[@]}"; do paths+=("$dir/$m.ko"); done

out=$(session_run "$MODRUN" --each --timeout 15 --log "$dir/each.log" \
	-x 'cut -d" " -f1 /proc/modules | sort | paste -sd" "' "${paths[@]}" 2>"$dir/each.err"); status=$?
diag "$out" "stderr:" "$(cat "$dir/each.err")"
is "$status" 1 "the run fails: some modules do"
is "$(left_in_session)" 0 "no QEMU is left running"
like "$out" '^1\.\.8$' "one top-level test per module"
is "$(count "$out" '^    # Subtest: ')" 8 "a KTAP subtest each"
like "$out" '^not ok 1 enodev$' "enodev fails (its init returns -ENODEV) ..."
like "$out" '^    # error: finit_module: ENODEV' "... with ENODEV"
like "$out" '^not ok 2 oops # ERROR the kernel crashed$' "oops: the crash is its verdict"
like "$out" '^    # crash: .*BUG: kernel NULL pointer dereference' "oops: the oops is shown"
like "$out" '^    #   .*RIP: .*oops_init' "oops: in oops_init"
like "$out" '^ok 3 chardev$' "chardev, after the oops, passes"
like "$out" '^not ok 4 panic # ERROR the kernel crashed$' "panic: the crash is its verdict"
like "$out" '^    # crash: .*Kernel panic - not syncing: modrun negative control: deliberate panic' "panic: the panic is shown"
like "$out" '^ok 5 crcdep$' "crcdep, after the panic, passes"
like "$out" '^    ok 1 load crc_itu_t$' "with its in-tree dependency loaded first"
like "$out" '^not ok 6 hang # TIMEOUT 15 seconds$' "hang: the timeout is its verdict"
like "$out" '^    not ok 1 load hang # TIMEOUT 15 seconds$' "hang: its load is the step that timed out"
like "$out" '^ok 7 edu$' "edu (no device: nothing to probe), after the hang, passes"
like "$out" '^not ok 8 proprietary$' "proprietary fails ..."
like "$out" '^    # forbidden taint: P$' "... on its P taint"
like "$out" '^    # [a-z_ ]*chardev[a-z_ ]*$' "the command runs in each module's run (it lists chardev while chardev is loaded)"
unlike "$out" '^    # .*chardev.*crcdep|^    # .*crcdep.*chardev' "each module runs on its own: never two of ours loaded at once"
like "$out" '^# time: [0-9.]+ s wall for 8 modules in 4 boots$' "four boots: the first, and one after each crash or hang"
like "$out" '^# FAIL: 5 of 8 modules failed$' "five of eight fail"
like "$(cat "$dir/each.err")" 'the VM ended in module oops: booting again for the 6 left' "the reboot is said on stderr"

saved=$("$MODRUN" parse "$dir/each.log"); status=$?
diag "$saved"
is "$status" 1 "modrun parse: the saved --each log fails too"
is "$(grep -E '^(not )?ok ' <<<"$saved")" "$(grep -E '^(not )?ok ' <<<"$out")" "with the same verdicts per module"
like "$saved" '^# modrun: kernel .*, --each: 8 modules in 4 boots$' "in the same four boots"

# Good modules only: one boot, all pass; echouser needs chardev, given too.
out=$("$MODRUN" --each "$dir/echouser.ko" "$dir/chardev.ko" "$dir/crcdep.ko" "$dir/edu.ko"); status=$?
diag "$out"
is "$status" 0 "--each over four good modules passes"
like "$out" '^# time: [0-9.]+ s wall for 4 modules in 1 boot$' "in one boot"
like "$out" '^# PASS: all 4 modules passed$' "all four pass"
is "$(count "$out" '^ok [1-4] ')" 4 "four top-level oks"
is "$(count "$out" '^    ok [0-9]+ kernel$')" 4 "each with its own kernel verdict"
sub=$(sed -n '/^    # Subtest: echouser$/,/^ok 1 echouser$/p' <<<"$out" | grep -E '^    ok [0-9]+ (load|unload) ' | sed 's/^    ok [0-9]* //' | paste -sd'|')
is "$sub" "load chardev|load echouser|unload echouser|unload chardev" "echouser's run loads the given chardev.ko first (its depends=), unloads it last"
like "$out" '^    # KERN_INFO +echouser: /dev/modrun_echo holds 0 bytes$' "and calls into it"
done_testing
