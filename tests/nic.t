#!/usr/bin/env bash
# modrun --nic MODEL: QEMU's network card on a user network with
# restrict=on (its DHCP offers no router then).  The kernel's own e1000 driver, loaded with finit_module like
# any module given, probes the card; udhcpc gets QEMU's lease (10.0.2.15)
# through the script modrun puts in the guest, and the gateway answers a
# ping.  Negative controls: without --nic there is no eth0; a model QEMU
# does not know, a device that is no network card and a model with QEMU
# options in it are refused (exit 2) before the guest runs.
. "$(dirname "$0")/lib.sh"
need qemu-system-x86_64 xz
plan 19

tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
mods=$MODRUN_KERNEL/modules
e1000=$(find "$mods/" -name 'e1000.ko*' | head -1)
case $e1000 in
*.xz) xz -dc "$e1000" >"$tmp/e1000.ko" ;;
*) cp "$e1000" "$tmp/e1000.ko" ;;
esac
# QEMU's command line, recorded by a wrapper around it.
cat >"$tmp/qemu" <<SH
#!/bin/sh
printf '%s\n' "\$@" >"$tmp/qemu.args"
exec qemu-system-x86_64 "\$@"
SH
chmod +x "$tmp/qemu"

out=$(MODRUN_QEMU=$tmp/qemu "$MODRUN" -t 120 --nic e1000 \
	-x 'udhcpc -i eth0 -n -q -t 5' -x 'ip -4 addr show eth0' \
	-x 'ip route' -x 'ping -c 2 10.0.2.2' "$tmp/e1000.ko" 2>&1); status=$?
diag "$out"
is "$status" 0 "--nic e1000 with the kernel's e1000.ko: modrun passes"
like "$out" '^ok 1 load e1000$' "e1000 loads"
like "$out" '^# KERN_INFO +e1000 0000:00:0[0-9a-f].0 eth0: \(PCI:33MHz:32-bit\) 52:54:00:12:34:56$' "and probes QEMU's card (its MAC 52:54:00:12:34:56)"
like "$out" '^# udhcpc: lease of 10.0.2.15 obtained' "udhcpc gets QEMU's lease, 10.0.2.15"
like "$out" '^# udhcpc: eth0: 10.0.2.15/24 via none$' "modrun's udhcpc script configures eth0 with it (no router: restrict=on)"
like "$out" '^ok [0-9]+ exec "udhcpc -i eth0 -n -q -t 5"$' "udhcpc exits 0"
like "$out" '^# +inet 10.0.2.15/24 ' "ip: eth0 holds 10.0.2.15/24"
like "$out" '^# 10.0.2.0/24 dev eth0 scope link +src 10.0.2.15' "ip route: QEMU's network is on eth0"
like "$out" '^# 2 packets transmitted, 2 packets received, 0% packet loss$' "ping: the gateway answers both"
like "$out" '^ok [0-9]+ unload e1000$' "e1000 unloads"
args=$(paste -sd' ' "$tmp/qemu.args")
like "$args" '-netdev user,id=n0,restrict=on -device e1000,netdev=n0' "QEMU gets a user network with restrict=on, the card on it"

# Negative control: without --nic the guest has no card.
out=$("$MODRUN" -t 60 -x 'ip link show eth0' "$tmp/e1000.ko" 2>&1); status=$?
diag "$out"
is "$status" 1 "without --nic: no eth0, the command fails"
like "$out" '^not ok [0-9]+ exec "ip link show eth0"$' "and its test fails"

# Refused before the guest runs.
out=$("$MODRUN" --nic nosuch "$tmp/e1000.ko" 2>&1); status=$?
is "$status" 2 "--nic nosuch: exit status 2"
like "$out" "^modrun: QEMU refused to start: .*'nosuch' is not a valid device model name" "QEMU's refusal named"
unlike "$out" '^ok ' "the guest never ran"
out=$("$MODRUN" --nic edu "$tmp/e1000.ko" 2>&1); status=$?
is "$status" 2 "--nic edu (no network card): exit status 2"
out=$("$MODRUN" --nic 'e1000,mac=52:54:00:00:00:01' "$tmp/e1000.ko" 2>&1); status=$?
is "$status" 2 "--nic with QEMU options in it: exit status 2"
like "$out" '^modrun: --nic wants a QEMU network card model' "with the reason"
done_testing
