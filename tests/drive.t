#!/usr/bin/env bash
# modrun drives the driver: commands in the guest (--exec, --file) on a
# character device of our own, QEMU's edu PCI device (--device edu) with our
# driver, an in-tree dependency (crc-itu-t) loaded first, a given one
# (chardev, which echouser needs) loaded first too; and the negative
# controls: a command that exits 1, one that hangs, a device QEMU does not
# know, a dependency the kernel does not have.
. "$(dirname "$0")/lib.sh"
plan 42

dir=$(build_modules "$TOP/tests/modules" drive)
is "$(cat "$dir/build.status")" 0 "the driver modules build"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$T_SIDFILE"' EXIT
# A test program given with --file: writes the device, reads it back.
cat >"$tmp/echo-test" <<'SH'
#!/bin/sh
printf 'modrun was here\n' >/dev/modrun_echo || exit 1
got=$(cat /dev/modrun_echo)
echo "read back: $got"
[ "$got" = "modrun was here" ]
SH
chmod 0750 "$tmp/echo-test"

# One boot: the char device, the edu driver on its device, the dependency.
out=$("$MODRUN" --log "$dir/drive.log" --device edu --file "$tmp/echo-test:/test/echo-test" \
	-x 'ls -l /test/echo-test' -x '/test/echo-test' \
	-x 'cat /sys/bus/pci/drivers/edu/*/vendor /sys/bus/pci/drivers/edu/*/device' \
	"$dir/echouser.ko" "$dir/chardev.ko" "$dir/edu.ko" "$dir/crcdep.ko"); status=$?
diag "$out"
is "$status" 0 "modrun passes: char device, edu, dependency, three commands"
like "$out" '^ok 1 load chardev$' "chardev loads"
like "$out" '^# KERN_INFO +chardev: /dev/modrun_echo ready$' "and says its device is ready"
like "$out" '^# -rwxr-x--- .* /test/echo-test$' "--file: the test program is in the guest, mode 0750 kept"
like "$out" '^# read back: modrun was here$' "--exec: what was written to /dev/modrun_echo is read back"
like "$out" '^# KERN_INFO +chardev: 16 bytes written$' "the driver saw the 16 bytes"
like "$out" '^ok [0-9]+ exec "/test/echo-test"$' "the test program's test passes"
like "$out" '^# exit status 0$' "its exit status is shown"
like "$out" '^# KERN_INFO +edu: identification 0x010000ed$' "edu: the identification register reads 0x010000ed"
like "$out" '^# KERN_INFO +edu: 5! = 120$' "edu: the device computes 5! = 120"
like "$out" '^# 0x1234$' "edu: bound to the device 1234 ..."
like "$out" '^# 0x11e8$' "... 11e8 (sysfs, read by a command)"
like "$out" '^# KERN_INFO +edu: removed$' "edu: the device is released on unload"
like "$out" '^ok [0-9]+ load crc_itu_t$' "the in-tree dependency crc_itu_t is loaded, as a test of its own"
order=$(grep -E '^ok [0-9]+ (load|unload) (crc_itu_t|crcdep)$' <<<"$out" | sed 's/^ok [0-9]* //' | paste -sd'|')
is "$order" "load crc_itu_t|load crcdep|unload crcdep|unload crc_itu_t" "crc_itu_t loads before crcdep and unloads after it"
like "$out" '^# KERN_INFO +crcdep: crc_itu_t\("123456789"\) = 0x31c3$' "crcdep calls crc_itu_t() (the CRC-16 check value 0x31c3)"
order=$(grep -E '^ok [0-9]+ (load|unload) (chardev|echouser)$' <<<"$out" | sed 's/^ok [0-9]* //' | paste -sd'|')
is "$order" "load chardev|load echouser|unload echouser|unload chardev" "echouser, given first, loads after the chardev it needs"
like "$out" '^# KERN_INFO +echouser: /dev/modrun_echo holds 0 bytes$' "and calls into it"
unlike "$out" '^not ok' "no test fails"
saved=$("$MODRUN" parse "$dir/drive.log"); status=$?
is "$status" 0 "modrun parse: the saved log passes"
is "$(grep -E '^(not )?ok ' <<<"$saved")" "$(grep -E '^(not )?ok ' <<<"$out")" "with the same results, exec tests included"

# Negative control: a command that exits 1 fails its test and the run.
out=$("$MODRUN" -x 'echo about to fail; exit 1' "$dir/chardev.ko"); status=$?
diag "$out"
is "$status" 1 "a command that exits 1: modrun fails"
like "$out" '^not ok 2 exec "echo about to fail; exit 1"$' "its test fails"
like "$out" '^# about to fail$' "its output is shown"
like "$out" '^# exit status 1$' "and its exit status"
like "$out" '^ok 3 unload chardev$' "the module is still unloaded after it"

# Negative control: a command that hangs ends at the timeout, named.
out=$(session_run "$MODRUN" --timeout 15 -x 'echo waiting; sleep 600' "$dir/chardev.ko"); status=$?
diag "$out"
is "$status" 1 "a command that hangs: modrun fails"
like "$out" '^not ok 2 exec "echo waiting; sleep 600" # TIMEOUT 15 seconds$' "its test is the one that timed out"
like "$out" '^# waiting$' "what it printed before is shown"
is "$(left_in_session)" 0 "no QEMU is left running"

# Negative controls that never boot.
out=$("$MODRUN" --device nosuch "$dir/edu.ko" 2>&1); status=$?
is "$status" 2 "--device nosuch: exit status 2"
is "$(wc -l <<<"$out")" 1 "in one line"
like "$out" "^modrun: QEMU refused to start: .*'nosuch' is not a valid device model name" "naming QEMU's refusal"
unlike "$out" '^KTAP' "and no report: the guest never ran"
perl -pe 's/depends=crc-itu-t/depends=nosuchmod/' "$dir/crcdep.ko" >"$tmp/nodep.ko"
out=$("$MODRUN" "$tmp/nodep.ko" 2>&1); status=$?
is "$status" 2 "a dependency the kernel lacks: exit status 2"
like "$out" "^modrun: $tmp/nodep.ko: needs module nosuchmod, which the kernel does not have" "and it is named"
out=$(MODRUN_BUSYBOX=$tmp/none "$MODRUN" -x true "$dir/chardev.ko" 2>&1); status=$?
is "$status" 2 "--exec without busybox: exit status 2"
like "$out" "cannot read busybox.*scripts/provision-busybox" "and says where to get it"
out=$("$MODRUN" --file "$tmp/missing" "$dir/chardev.ko" 2>&1); status=$?
is "$status" 2 "--file with a missing file: exit status 2"
like "$out" "^modrun: --file $tmp/missing: cannot read $tmp/missing: No such file or directory$" "and says so"
out=$("$MODRUN" --file "$tmp/echo-test:/../x" "$dir/chardev.ko" 2>&1); status=$?
is "$status" 2 "--file into .. is refused"
done_testing
